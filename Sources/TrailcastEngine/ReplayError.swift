// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastRoutes
package import TrailcastApps
package import TrailcastSettings
import TrailcastTimeline

/// Why a replay could not run or finish.
package enum ReplayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read, is malformed, or (strict) has a questionable point.
    case gpx(RouteError)
    /// The file has no points of the chosen kind.
    case nothingToReplay(file: String, source: ReplaySource)
    /// The settings contradict each other or are out of range.
    case invalidConfiguration(String)
    /// An output could not be written (disk full, closed pipe): the reason names the file
    /// (``outputFailure(_:)``).
    case output(String)
    /// A feed of the device stream failed: its message, and whether a peer (a console, a
    /// port) was unavailable rather than a file unwritable.
    case feed(message: String, peerUnavailable: Bool)
    /// The places app's file could not be read or is malformed.
    case places(PlacesFileError)
    /// The app hit a fatal error Core Location raises (background updates without the
    /// `location` background mode in its Info.plist): the run ended there, its timeline
    /// saying so. The message is the `plistError`'s.
    case appCrashed(String)

    package var description: String {
        switch self {
        case .gpx(let error):
            return error.description
        case .nothingToReplay(let file, let source):
            let what: String
            switch source {
            case .auto: what = "track points, route points or waypoints"
            case .track: what = "track points (<trkpt>); try --source route or waypoints"
            case .route: what = "route points (<rtept>); try --source track or waypoints"
            case .waypoints: what = "waypoints (<wpt>); try --source track or route"
            }
            return "\(file): error: nothing to replay: the file has no \(what)"
        case .invalidConfiguration(let message):
            return "error: \(message)"
        case .output(let reason):
            return "error: \(reason)"
        case .feed(let message, _):
            return message
        case .places(let error):
            return error.description
        case .appCrashed(let message):
            return "error: the app crashed: \(message)"
        }
    }

    /// What a recorder threw as an output's failure: a write that failed names its file
    /// (`cannot write out.jsonl: ...`, ``TimelineWriteError``); anything else was the
    /// timeline's.
    package static func outputFailure(_ error: any Error) -> ReplayError {
        .output(error is TimelineWriteError ? "\(error)" : "cannot write the timeline: \(error)")
    }
}
