// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
@testable import TrailcastWeather

/// Every name of Open-Meteo's own variable enums, read from its source at ba13de1
/// (Tests/Fixtures/weather/openmeteo-enum-variables.txt), not from Trailcast's list: each is
/// taken in every section that takes it, and the server's list holds no other. The spec's
/// 418 names are EveryVariableTests'; these are the rest Open-Meteo takes (its models' own
/// variables, the older spellings, `_spread`), the ones a dropped or misspelt entry would
/// turn into a 400.
@Suite("Every name of Open-Meteo's own enums: taken, and no other")
struct OpenMeteoNamesTests {
    /// The fixture's names by section (`surface`, `daily`).
    static let enums = EveryVariableTests.fixtureSections("openmeteo-enum-variables.txt")

    @Test("the server's lists are Open-Meteo's enums, name for name: 370 surface names, 126 daily")
    func listsAreTheEnums() throws {
        let surface = try #require(Self.enums["surface"]), daily = try #require(Self.enums["daily"])
        #expect(surface.count == 370 && daily.count == 126)
        #expect(OpenMeteoVariableNames.surface.subtracting(surface).sorted() == [], "names Open-Meteo does not have")
        #expect(Set(surface).subtracting(OpenMeteoVariableNames.surface).sorted() == [], "names left out")
        #expect(OpenMeteoVariableNames.daily.subtracting(daily).sorted() == [], "names Open-Meteo does not have")
        #expect(Set(daily).subtracting(OpenMeteoVariableNames.daily).sorted() == [], "names left out")
    }

    /// 60 names a request, so that no URL is longer than a browser's address bar takes.
    @Test(
        "each section takes every name of its enum, each answered under the name asked, with its unit",
        arguments: [("hourly", "surface"), ("current", "surface"), ("minutely_15", "surface"), ("daily", "daily")])
    func everyNameTaken(section: String, enumName: String) async throws {
        let names = try #require(Self.enums[enumName])
        let refused = try await ServerHarness.run { server in
            var refused: [String] = []
            for start in stride(from: 0, to: names.count, by: 60) {
                let chunk = Array(names[start..<min(start + 60, names.count)])
                let answer = try await server.forecast("\(section)=\(chunk.joined(separator: ","))&forecast_days=1")
                guard answer.status == 200 else {
                    refused.append("\(answer.status) for \(chunk.first!)...: \(answer.text.prefix(200))")
                    continue
                }
                let json = try answer.json()
                let values = try json.object(section), units = try json.object(section + "_units")
                refused += chunk.filter { values.values[$0] == nil || units.values[$0] as? String == nil }
            }
            return refused
        }
        #expect(refused == [], "not answered in \(section)")
    }

    /// `name number` lines of openmeteo-models.txt.
    static let models: [String: UInt8] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/weather/openmeteo-models.txt").standardized
        var models: [String: UInt8] = [:]
        for line in (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n") ?? []
        where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let number = UInt8(parts[1]) { models[String(parts[0])] = number }
        }
        return models
    }()

    /// A name dropped turns a copied `models=` call into a 400; a number misread answers a
    /// FlatBuffers client under another model's name.
    @Test("every name of `models` is Open-Meteo's, with the FlatBuffers Model number its SDK reads: 202")
    func everyModel() async throws {
        #expect(Self.models.count == 202)
        let wrong = Self.models.filter { ForecastModel(named: $0.key)?.flatBuffersNumber != $0.value }
        #expect(wrong.isEmpty, "\(wrong.sorted { $0.key < $1.key })")
        #expect(ForecastModel.numbers.count == Self.models.count, "names Open-Meteo does not have")
        let answer = try await ServerHarness.run { server in
            try await server.forecast("hourly=temperature_2m&forecast_days=1&models=gfs013,ecmwf_aifs025_single")
        }
        #expect(answer.status == 200, "\(answer.text)")
    }

    @Test("a name one letter off any of them is a 400 in Open-Meteo's words")
    func oneLetterOff() async throws {
        let answers = try await ServerHarness.run { server in
            [
                try await server.forecast("hourly=sea_water_salinityy&forecast_days=1"),
                try await server.forecast("daily=temperature_2m_maxx&forecast_days=1"),
            ]
        }
        #expect(answers.map(\.status) == [400, 400])
        #expect(answers[0].text.contains("sea_water_salinityy"), "\(answers[0].text)")
    }
}
