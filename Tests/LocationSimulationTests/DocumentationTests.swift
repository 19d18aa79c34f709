// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import LocationSimulation
import Testing
import TrailcastTimeline

/// The DocC catalog's reference tables say what the code does: every event type and its
/// fields, in order, and every GPS profile's error and dropouts.
@Suite("The DocC catalog's tables")
struct DocumentationTests {
    static func article(_ name: String) throws -> String {
        let path = SimulationTests.root + "/Sources/LocationSimulation/LocationSimulation.docc/\(name).md"
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The table's rows: the first column's code, and the backticked names of the second.
    static func rows(_ text: String) -> [(name: String, codes: [String])] {
        text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { return nil }
            let codes = cells[2].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
                $0.offset % 2 == 1
            }.map { String($0.element) }
            return (String(cells[1].dropFirst().dropLast()), codes)
        }
    }

    @Test func theTimelineReferenceListsEveryTypeWithItsFieldsInOrder() throws {
        let rows = Self.rows(try Self.article("TimelineReference"))
        #expect(rows.map(\.name) == TimelineSchema.types)
        for row in rows {
            #expect(row.codes == TimelineSchema.keys[row.name], "\(row.name)")
        }
    }

    @Test func theGPSProfilesTableSaysEachProfilesErrorAndDropouts() throws {
        let text = try Self.article("GettingStarted")
        let table = text.components(separatedBy: "| profile |")[1]
        let profiles: [String: GPSProfile] = [
            "perfect": .perfect, "openSky": .openSky, "suburban": .suburban, "urbanCanyon": .urbanCanyon,
            "indoor": .indoor,
        ]
        var seen: [String] = []
        for line in table.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = String(cells[0].dropFirst().dropLast())
            let profile = try #require(profiles[name], "\(name)")
            seen.append(name)
            if profile.sigmaMeters == 0 { continue }
            #expect(cells[1] == "\(Self.number(profile.sigmaMeters)) m", "\(name)")
            if profile.dropoutsPerHour == 0 {
                #expect(cells[2] == "none", "\(name)")
            } else {
                #expect(cells[2] == "\(Self.number(profile.dropoutsPerHour)) an hour", "\(name)")
                #expect(
                    cells[3]
                        == "\(Self.number(profile.dropoutSeconds.lowerBound)) to \(Self.number(profile.dropoutSeconds.upperBound)) s",
                    "\(name)")
            }
        }
        #expect(seen.count == GPSProfile.presets.count)
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
