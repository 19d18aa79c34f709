// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastBasics
import TrailcastScenario
import TrailcastSettings

/// The settings' declarations (`ReplaySetting.all`) against what reads and records them: a
/// scenario key moves exactly its own `start.settings` keys, and the docs' table names every
/// key a scenario may set.
@Suite("Settings: one declaration each")
struct ReplaySettingTests {
    /// One non-default value for each scenario key, and the `start.settings` keys it changes.
    static let samples: [(yaml: String, changes: [String])] = [
        ("travelSpeed: 2.5", ["travelSpeed"]),
        ("interval: 5", ["interval"]),
        ("loop: 2", ["loop"]),
        ("authorization: denied", ["authorization"]),
        ("accuracy: reduced", ["accuracy"]),
        ("services: off", ["services"]),
        ("prompt: deny", ["prompt"]),
        ("promptAlways: deny", ["promptAlways"]),
        ("request: always", ["request"]),
        ("distanceFilter: 25", ["distanceFilter"]),
        ("events: [\"10m:app=background\"]", ["events"]),
        ("strict: true", ["strict"]),
        ("weather: {source: none}", ["weather"]),
        ("weather: {source: open-meteo}", ["weather", "weatherUrl"]),
        ("weather: {cell: 0.05}", ["weatherCell"]),
        ("weather: {ttl: 1h}", ["weatherTtl"]),
        ("weather: {events: all}", ["weatherEvents"]),
        (
            "weather: {source: local, cache: recorded, offline: true, cacheMax: 5}",
            ["weather", "weatherCache", "weatherOffline", "weatherCacheMax"]
        ),
        ("gps: urban-canyon", ["gps", "gpsSigma", "gpsCorrelation", "gpsMultipath"]),
        // A custom figure over the perfect GPS starts from open sky.
        ("gpsSigma: 3", ["gps", "gpsSigma", "gpsCorrelation", "gpsMultipath"]),
        ("gps: open-sky\ngpsCorrelation: 30", ["gps", "gpsSigma", "gpsCorrelation", "gpsMultipath"]),
        ("gps: open-sky\ngpsMultipath: 0.5", ["gps", "gpsSigma", "gpsCorrelation", "gpsMultipath"]),
        ("seed: 9", ["seed"]),
        ("jitter: 100", ["jitter"]),
        ("maxGap: 10m", ["maxGap"]),
        ("app: places\nplaces: ../places.geojson", ["app", "places", "placesLimit"]),
        ("regions: ../regions.csv", ["regions"]),
        ("significantChanges: true", ["significantChanges"]),
        ("visits: true", ["visits"]),
        ("backgroundUpdates: true", ["backgroundUpdates"]),
        // Recorded only when given: a complete app's `start` reads as before they existed.
        ("plistMissing: [NSLocationWhenInUseUsageDescription, UIBackgroundModes]", ["plistMissing"]),
        ("plistDefaultAccuracyReduced: true", ["plistDefaultAccuracyReduced"]),
        ("plistMissing: []\nplistDefaultAccuracyReduced: false", []),
        ("places: ../places.geojson\nplacesLimit: 3", ["app", "places", "placesLimit"]),
        ("app: weather", []),
        // The kind of points is the `start` event's own field, not a setting it records.
        ("source: route", []),
        // How the file is read: the `start` event names the file, not its format.
        ("inputFormat: kml", []),
    ]

    /// The settings `start` records only away from their default (``ReplaySetting/Record/unrecorded``).
    static let recordedOnlyWhenGiven: Set = ["plistMissing", "plistDefaultAccuracyReduced"]

    static func startSettings(_ configuration: ReplayConfiguration) throws -> [String: String] {
        var line = JSONLineWriter()
        ReplaySetting.writeStartSettings(configuration, to: &line)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.bytes)) as? [String: Any])
        // Each value as JSON text, so that `null`, numbers and lists compare alike.
        return try object.mapValues { value in
            let data = try JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// docs/replay.md, `--jitter MS`: "less than the interval between fixes, so never out of
    /// order": a jitter equal to the interval (1000 ms at the default 1 s, 5000 ms at
    /// `interval: 5`) is refused; just under it is accepted.
    @Test("a jitter as long as the interval between fixes is refused; just under it is accepted")
    func jitterMustBeLessThanTheInterval() throws {
        #expect(
            ReplayConfiguration(jitterMilliseconds: 1000).problem
                == "--jitter must be less than the interval between fixes (1000 ms), not 1000: a fix comes late, never after the next one"
        )
        #expect(ReplayConfiguration(jitterMilliseconds: 999).problem == nil)
        #expect(
            ReplayConfiguration(intervalSeconds: 5, jitterMilliseconds: 5000).problem
                == "--jitter must be less than the interval between fixes (5000 ms), not 5000: a fix comes late, never after the next one"
        )
        #expect(ReplayConfiguration(intervalSeconds: 5, jitterMilliseconds: 4999).problem == nil)
        #expect(throws: ScenarioError.self) {
            try ScenarioParser.parse(
                yaml: "gpx: ../sf-waterfront-walk.gpx\njitter: 1000\n", file: ScenarioParserTests.file)
        }
    }

    @Test("every key a scenario may set has a sample below")
    func everyScenarioKeySampled() {
        let sampled = Set(
            Self.samples.flatMap { sample in
                sample.yaml.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
            })
        #expect(sampled == Set(ReplaySetting.scenarioKeys))
    }

    @Test("a scenario key changes exactly its own keys of start.settings", arguments: samples)
    func scenarioKeyChangesItsOwnRecord(yaml: String, changes: [String]) throws {
        let defaults = try Self.startSettings(ReplayConfiguration())
        let scenario = try ScenarioParser.parse(
            yaml: "gpx: ../sf-waterfront-walk.gpx\n" + yaml, file: ScenarioParserTests.file)
        let recorded = try Self.startSettings(scenario.configuration)
        // Every default key stays; a key appears only for a setting recorded only when given.
        #expect(Set(defaults.keys).isSubset(of: Set(recorded.keys)))
        #expect(Set(recorded.keys).subtracting(defaults.keys).isSubset(of: Self.recordedOnlyWhenGiven))
        let changed = recorded.keys.filter { recorded[$0] != defaults[$0] }
        #expect(Set(changed) == Set(changes), "\(yaml)")
    }

    @Test("docs/scenarios.md's key table names every key a scenario may set")
    func docsTableNamesEveryKey() throws {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/scenarios.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let table = try #require(text.components(separatedBy: "| key | as the flag | default |").dropFirst().first)
        var documented: [String] = []
        for row in table.components(separatedBy: "\n").dropFirst(2) {
            guard row.hasPrefix("| `") else { break }
            let firstCell = row.split(separator: "|")[0]
            // `weather`'s own keys are a block's, listed after its colon; `weather.server` is inside it.
            let keysCell = firstCell.hasPrefix(" `weather") ? firstCell.prefix { $0 != ":" } : firstCell
            // Values and notes are in parentheses: `services` (`on`/`off`).
            var depth = 0
            let outside = keysCell.filter { character in
                if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                return depth == 0 && character != ")"
            }
            documented += outside.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        let documentedSettings = documented.filter { !["name", "gpx", "expect", "weather.server"].contains($0) }
        #expect(documentedSettings.sorted() == ReplaySetting.scenarioKeys.sorted())
    }
}
