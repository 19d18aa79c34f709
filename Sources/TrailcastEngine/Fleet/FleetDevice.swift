// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice

/// One phone of the fleet: its receiver on its route, and Core Location's rules for the
/// tracking app on it. The app asked for Always, runs in the background with background
/// updates allowed and the automatic pause off (a tracker in OwnTracks' move mode), and
/// starts its updates again whenever it is authorized after losing authorization.
struct FleetDevice: Sendable {
    /// The global index (the id and the seeds follow from it).
    let index: Int
    let route: Int
    var receiver: GPSReceiver
    var location: LocationService
    /// When the current pass of the route started, in nanoseconds since the run's start.
    var passStartNanoseconds: Int64
    /// The route fix the device reports next.
    var cursor = 0
    var isStarted = false
    /// What the battery showed at the start, percent.
    let batteryAtStartPercent: Double
    /// Locations the app has published.
    var messages = 0

    /// Whether the app is receiving fixes now: started, updating, authorized, and with a signal.
    var isActive: Bool {
        isStarted && location.isUpdating() && location.authorizationStatus.isAuthorized && location.hasSignal
    }

    func batteryPercent(at time: Timestamp, runStart: Timestamp) -> Int {
        FleetBattery.shownPercent(startPercent: batteryAtStartPercent, elapsedSeconds: time.seconds(since: runStart))
    }

    /// The app launches: Core Location reports its status; it allows background updates,
    /// keeps them from pausing and starts them; the phone goes into a pocket.
    mutating func launch(into output: inout [LocationService.Output]) {
        location.launch(into: &output)
        // A tracking app's Info.plist has the `location` background mode: never fatal.
        location.setAllowsBackgroundLocationUpdates(true, client: 0, into: &output)
        location.setPausesLocationUpdatesAutomatically(false, client: 0)
        location.startUpdatingLocation(into: &output)
        location.setAppState(.background, into: &output)
        isStarted = true
    }

    /// What the tracking app does with Core Location's callbacks: it starts updates again
    /// once it is authorized (Core Location stops them when authorization goes).
    mutating func react(to output: [LocationService.Output], into more: inout [LocationService.Output]) {
        for case .authorizationChanged(let change) in output where change.to.isAuthorized && !location.isUpdating() {
            location.startUpdatingLocation(into: &more)
        }
    }
}

/// A fleet phone's battery as its tracking app reports it.
package enum FleetBattery {
    /// A phone on the move drains its battery: 6% an hour for continuous GPS, the
    /// project's reading of what move mode costs (no platform documents a figure).
    static let drainPercentPerHour = 6.0

    /// The whole percent the phone reports: what is left rounded down, a percent not yet
    /// used up being the one it has (the project's reading: a battery at 72.9% is not yet
    /// at 73%), and never below 1%: a phone at 0% is off, and its app sends nothing.
    package static func shownPercent(startPercent: Double, elapsedSeconds: Double) -> Int {
        let hours = max(elapsedSeconds, 0) / 3600
        return max(1, Int((startPercent - hours * drainPercentPerHour).rounded(.down)))
    }
}
