// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastWeather

/// Several places in one request, as Open-Meteo takes them: comma-separated or repeated
/// `latitude`/`longitude`, with `elevation`, `timezone` and `location_id` lists.
@Suite("Several places in one request")
struct SeveralPlacesTests {
    /// Each answer's text without its `generationtime_ms` (which differs between calls).
    static func withoutGenerationTime(_ text: Substring) -> String {
        String(text.replacing(#/"generationtime_ms":[0-9.e-]+,/#, with: ""))
    }

    @Test("a JSON list of each place's own answer, location_id from the second on; comma and repeated forms alike")
    func listOfAnswers() async throws {
        let (comma, repeated, alone) = try await ServerHarness.run { server in
            let variables = "hourly=temperature_2m&daily=weather_code&current=is_day&forecast_days=1"
            let comma = try await server.get(
                "/v1/forecast?latitude=47.37,52.52,-33.87&longitude=8.54,13.41,151.21&elevation=408,34,3&timezone=Europe/Zurich,Europe/Berlin,auto&\(variables)"
            )
            let repeated = try await server.get(
                "/v1/forecast?latitude=47.37&latitude=52.52&latitude=-33.87&longitude=8.54&longitude=13.41&longitude=151.21"
                    + "&elevation=408&elevation=34&elevation=3&timezone=Europe/Zurich&timezone=Europe/Berlin&timezone=auto&\(variables)"
            )
            var alone: [String] = []
            for (place, zone) in [
                ("latitude=47.37&longitude=8.54&elevation=408", "Europe/Zurich"),
                ("latitude=52.52&longitude=13.41&elevation=34", "Europe/Berlin"),
                ("latitude=-33.87&longitude=151.21&elevation=3", "auto"),
            ] {
                alone.append(try await server.get("/v1/forecast?\(place)&timezone=\(zone)&\(variables)").text)
            }
            return (comma, repeated, alone)
        }
        #expect(comma.status == 200)
        #expect(Self.withoutGenerationTime(comma.text[...]) == Self.withoutGenerationTime(repeated.text[...]))
        var expected = "["
        for (index, text) in alone.enumerated() {
            var answer = Self.withoutGenerationTime(text[...])
            if index > 0 {
                // After `elevation`, as Open-Meteo writes it.
                let elevation = try #require(answer.firstRange(of: #/"elevation":[0-9.]+/#))
                answer.insert(contentsOf: ",\"location_id\":\(index)", at: elevation.upperBound)
            }
            expected += (index > 0 ? "," : "") + answer
        }
        expected += "]"
        #expect(Self.withoutGenerationTime(comma.text[...]) == expected)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(comma.bytes)) as? [[String: Any]])
        #expect(list.map { $0["timezone"] as? String } == ["Europe/Zurich", "Europe/Berlin", "Australia/Sydney"])
    }

    @Test("spaces around a list's items (a hand-typed URL) and empty items are not part of the request")
    func listItemsTrimmed() async throws {
        let (spaced, clean) = try await ServerHarness.run { server in
            let spaced = try await server.get(
                "/v1/forecast?latitude=%2047.37%20,52.52&longitude=8.54,%2013.41%20&hourly=%20temperature_2m%20,,is_day%20&forecast_days=1"
            )
            let clean = try await server.get(
                "/v1/forecast?latitude=47.37,52.52&longitude=8.54,13.41&hourly=temperature_2m,is_day&forecast_days=1")
            return (spaced, clean)
        }
        #expect(spaced.status == 200)
        #expect(clean.status == 200)
        #expect(Self.withoutGenerationTime(spaced.text[...]) == Self.withoutGenerationTime(clean.text[...]))
    }

    @Test("one zone for all places; location_id as given")
    func oneZoneAndGivenIdentifiers() async throws {
        let answer = try await ServerHarness.run { server in
            try await server.get(
                "/v1/forecast?latitude=47.37,52.52&longitude=8.54,13.41&timezone=Europe/Berlin&location_id=7,9&current=is_day"
            )
        }
        let list = try #require(try JSONSerialization.jsonObject(with: Data(answer.bytes)) as? [[String: Any]])
        #expect(list.map { $0["timezone"] as? String } == ["Europe/Berlin", "Europe/Berlin"])
        #expect(list.map { $0["location_id"] as? Int } == [7, 9])
    }

    @Test("CSV of several places: location_id first on every line, each section every place's lines")
    func csv() async throws {
        let answer = try await ServerHarness.run { server in
            try await server.get(
                "/v1/forecast?latitude=47.37,52.52&longitude=8.54,13.41&start_date=2024-07-01&end_date=2024-07-01&hourly=relative_humidity_2m&timeformat=unixtime&format=csv"
            )
        }
        let lines = answer.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            Array(lines.prefix(5)) == [
                "location_id,latitude,longitude,elevation,utc_offset_seconds,timezone,timezone_abbreviation",
                "0,47.37,8.54,0.0,0,GMT,GMT", "1,52.52,13.41,0.0,0,GMT,GMT", "",
                "location_id,time,relative_humidity_2m (%)",
            ])
        #expect(lines.count == 5 + 48 + 1)
        #expect(lines[5].hasPrefix("0,\(fixedToday),"))
        #expect(lines[5 + 24].hasPrefix("1,\(fixedToday),"))
        #expect(lines.last == "")
    }

    @Test(
        "lists of different lengths: a 400 in Open-Meteo's words",
        arguments: [
            (
                "latitude=47,48&longitude=8",
                "Parameter 'latitude' and 'longitude' must have the same number of elements"
            ),
            (
                "latitude=47,48&longitude=8,9&elevation=1",
                "Parameter 'elevation' must have the same number of elements as coordinates"
            ),
            (
                "latitude=47,48,49&longitude=8,9,10&timezone=GMT,GMT",
                "Parameter 'timezone' and coordinates must have the same number of elements"
            ),
            // Open-Meteo's getCoordinates answers a location_id list of another length with the coordinates' words.
            (
                "latitude=47,48&longitude=8,9&location_id=1",
                "Parameter 'latitude' and 'longitude' must have the same number of elements"
            ),
            (
                "latitude=47,48&longitude=8,x",
                "Data corrupted at path ''. Cannot initialize Float from invalid String value x."
            ),
            ("latitude=47,91&longitude=8,9", "Latitude must be in range of -90 to 90°. Given: 91.0."),
            (
                "latitude=\((0...1000).map { _ in "1" }.joined(separator: ","))&longitude=\((0...1000).map { _ in "1" }.joined(separator: ","))",
                "Only up to 1000 locations can be requested at once"
            ),
        ])
    func mismatchedLists(query: String, reason: String) async throws {
        let answer = try await ServerHarness.run { server in
            try await server.get("/v1/forecast?\(query)&current=is_day")
        }
        #expect(answer.status == 400)
        #expect(answer.text == #"{"error":true,"reason":"\#(reason)"}"#)
    }
}
