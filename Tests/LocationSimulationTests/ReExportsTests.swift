// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// This file imports LocationSimulation and nothing else of the package's: what it names is
// what a user's test file can name with that one import.
import LocationSimulation
import Testing
import Foundation

/// `LocationSimulation` re-exports, type by type, the vocabulary a user's test names
/// (Sources/LocationSimulation/Exports.swift). Each is named here with no other import of
/// this package's modules, so that an `@_exported import` line dropped or narrowed fails this
/// file's build; and the list here is the file's list, so that a type added there is named
/// here too.
@Suite("what `import LocationSimulation` alone names")
struct ReExportsTests {
    static let named: [(name: String, type: Any.Type)] = [
        ("Timestamp", Timestamp.self),
        ("RoutePoint", RoutePoint.self),
        ("RouteError", RouteError.self),
        ("RouteWarning", RouteWarning.self),
        ("FixType", FixType.self),
        ("Coordinate", Coordinate.self),
        ("LocationFix", LocationFix.self),
        ("GPSProfile", GPSProfile.self),
        ("SignalChange", SignalChange.self),
        ("SignalState", SignalState.self),
        ("SignalCause", SignalCause.self),
        ("AppState", AppState.self),
        ("ApproximateLocation", ApproximateLocation.self),
        ("AuthorizationChange", AuthorizationChange.self),
        ("AuthorizationChangeCause", AuthorizationChangeCause.self),
        ("AuthorizationRequest", AuthorizationRequest.self),
        ("AuthorizationStatus", AuthorizationStatus.self),
        ("LocationAccuracy", LocationAccuracy.self),
        ("LocationErrorCode", LocationErrorCode.self),
        ("ManagerCall", ManagerCall.self),
        ("MissedFixes", MissedFixes.self),
        ("PromptAnswer", PromptAnswer.self),
        ("RegionEvent", RegionEvent.self),
        ("RegionFailure", RegionFailure.self),
        ("RegionErrorCode", RegionErrorCode.self),
        ("Visit", Visit.self),
        ("LaunchReason", LaunchReason.self),
        ("InfoPlistError", InfoPlistError.self),
        ("InfoPlistKey", InfoPlistKey.self),
        ("ReplayConfiguration", ReplayConfiguration.self),
        ("ReplaySource", ReplaySource.self),
        ("ScheduledEvent", ScheduledEvent.self),
        ("ScheduledEventError", ScheduledEventError.self),
        ("SimulatedOffset", SimulatedOffset.self),
        ("TapAction", TapAction.self),
        ("TimelineEvent", TimelineEvent.self),
        ("ReplayStart", ReplayStart.self),
        ("ReplaySummary", ReplaySummary.self),
        ("ControlChange", ControlChange.self),
        ("PlacesList", PlacesList.self),
        ("UpdatesPaused", UpdatesPaused.self),
        ("UpdatesResumed", UpdatesResumed.self),
        ("TimelineRecord", TimelineRecord.self),
        ("TimelineValue", TimelineValue.self),
        ("WeatherConditions", WeatherConditions.self),
        ("WMOWeatherCode", WMOWeatherCode.self),
        ("WeatherObservation", WeatherObservation.self),
        ("WeatherFailure", WeatherFailure.self),
        ("Expectation", Expectation.self),
        ("EventSelector", EventSelector.self),
        ("CountRule", CountRule.self),
        ("ValueMatcher", ValueMatcher.self),
        ("FieldMatch", FieldMatch.self),
        ("NumberComparison", NumberComparison.self),
        ("OffsetWindow", OffsetWindow.self),
        ("ExpectationOutcome", ExpectationOutcome.self),
    ]

    /// The type names of Exports.swift's `@_exported import KIND Module.Name` lines.
    static func exportedNames() throws -> [String] {
        let text = try String(
            contentsOfFile: SimulationTests.root + "/Sources/LocationSimulation/Exports.swift", encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 4, words[0] == "@_exported", words[1] == "import",
                let name = words[3].split(separator: ".").last
            else { return nil }
            return String(name)
        }
    }

    @Test("every type Exports.swift re-exports is named with `import LocationSimulation` alone, by its own name")
    func everyReExportNamed() throws {
        let exported = try Self.exportedNames()
        #expect(exported.count == Self.named.count)
        #expect(exported == Self.named.map(\.name), "the list here in Exports.swift's order")
        for (name, type) in Self.named {
            #expect(String(describing: type) == name)
        }
    }
}
