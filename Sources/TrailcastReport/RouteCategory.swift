// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastCoreLocation

/// What became of the device's fixes along a stretch of the map's line: delivered to the
/// app, or missed for a reason (the timeline's `missed` events). Colours are the report's
/// legend, also in docs/replay.md.
package enum RouteCategory: String, Sendable, CaseIterable, Equatable {
    case delivered
    case notAuthorized
    case background
    case notUpdating
    case noSignal
    case reducedAccuracy
    case distanceFilter
    case significantChanges
    case paused
    case notRunning
    /// A `missed` reason this version does not know (a newer timeline).
    case otherMiss

    init(missReason: String) {
        self = MissedFixes.Reason(rawValue: missReason).flatMap { RouteCategory(rawValue: $0.rawValue) } ?? .otherMiss
    }

    /// The legend's words.
    var label: String {
        switch self {
        case .delivered: return "delivered to the app"
        case .notAuthorized: return "not authorized"
        case .background: return "in the background"
        case .notUpdating: return "updates not started"
        case .noSignal: return "no GPS signal"
        case .reducedAccuracy: return "reduced accuracy"
        case .distanceFilter: return "distance filter"
        case .significantChanges: return "between significant changes"
        case .paused: return "updates paused"
        case .notRunning: return "app not running"
        case .otherMiss: return "missed (other)"
        }
    }

    var color: String {
        switch self {
        case .delivered: return "#1a7f37"
        case .notAuthorized: return "#cf222e"
        case .background: return "#8250df"
        case .notUpdating: return "#6e7781"
        case .noSignal: return "#24292f"
        case .reducedAccuracy: return "#bf8700"
        case .distanceFilter: return "#0969da"
        case .significantChanges: return "#54aeff"
        case .paused: return "#d4a72c"
        case .notRunning: return "#afb8c1"
        case .otherMiss: return "#953800"
        }
    }
}
