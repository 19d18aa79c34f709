// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing

/// The documented shape of one `trailcast inspect --format json` line.
enum InspectSummaryShape {
    /// Top-level keys, in the order they must be written.
    static let keys = [
        "file", "format", "version", "creator", "waypoints", "routes", "routePoints", "tracks", "segments",
        "trackPoints", "length2DMeters", "routeLength2DMeters", "startTime", "endTime",
        "durationSeconds", "movingSeconds", "minElevationMeters", "maxElevationMeters",
        "elevationGainMeters", "elevationLossMeters", "bounds", "warnings",
    ]
    static let boundsKeys = ["minLat", "minLon", "maxLat", "maxLon"]
    static let warningKeys = ["line", "message"]

    static let countKeys = ["waypoints", "routes", "routePoints", "tracks", "segments", "trackPoints"]
    static let optionalNumberKeys = [
        "durationSeconds", "movingSeconds", "minElevationMeters", "maxElevationMeters",
        "elevationGainMeters", "elevationLossMeters",
    ]

    /// Whether `text` is a UTC ISO 8601 time with milliseconds: `2026-06-13T16:00:00.000Z`.
    static func isUTCMillisecondTime(_ text: String) -> Bool {
        text.wholeMatch(of: #/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/#) != nil
    }

    /// Records an issue for every way `summary` differs from the documented shape.
    static func expectValid(_ summary: OrderedJSON, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(summary.keys == keys, sourceLocation: sourceLocation)
        #expect(summary["file"]?.stringValue != nil, sourceLocation: sourceLocation)
        for key in ["version", "creator"] {
            #expect(summary[key] == .null || summary[key]?.stringValue != nil, "\(key)", sourceLocation: sourceLocation)
        }
        for key in countKeys {
            #expect((summary[key]?.intValue ?? -1) >= 0, "\(key) is not a count", sourceLocation: sourceLocation)
        }
        for key in ["length2DMeters", "routeLength2DMeters"] {
            #expect((summary[key]?.doubleValue ?? -1) >= 0, "\(key)", sourceLocation: sourceLocation)
        }
        for key in ["startTime", "endTime"] {
            let time = summary[key]
            #expect(
                time == .null || time?.stringValue.map(isUTCMillisecondTime) == true,
                "\(key) is \(String(describing: time)), not null or YYYY-MM-DDTHH:MM:SS.mmmZ",
                sourceLocation: sourceLocation)
        }
        for key in optionalNumberKeys {
            #expect(summary[key] == .null || summary[key]?.doubleValue != nil, "\(key)", sourceLocation: sourceLocation)
        }
        if let bounds = summary["bounds"], bounds != .null {
            #expect(bounds.keys == boundsKeys, sourceLocation: sourceLocation)
            for key in boundsKeys {
                #expect(bounds[key]?.doubleValue != nil, "bounds.\(key)", sourceLocation: sourceLocation)
            }
        }
        let warnings = summary["warnings"]?.arrayValue
        #expect(warnings != nil, "warnings is not an array", sourceLocation: sourceLocation)
        for warning in warnings ?? [] {
            #expect(warning.keys == warningKeys, sourceLocation: sourceLocation)
            #expect(warning["line"]?.intValue != nil, sourceLocation: sourceLocation)
            #expect(warning["message"]?.stringValue?.isEmpty == false, sourceLocation: sourceLocation)
        }
    }
}
