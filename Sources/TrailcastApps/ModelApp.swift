// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
package import TrailcastCoreLocation
package import TrailcastSettings
import TrailcastTimeline

/// The app in the simulated phone, as the engine drives it: what it does with the
/// device's fixes and signal, the user's and the system's changes, and the user's taps,
/// through Core Location. Every method appends what happened, in order, as timeline event
/// kinds, and what the app wants done (a weather lookup) as effects its driver carries out.
///
/// Two kinds of app: a model app (``ModelApp``: the weather app, the places app), which
/// `trailcast replay` runs, and the user's own code behind the testing library's
/// `Simulation`, whose callbacks reach the app's delegates.
package protocol PhoneApp {
    /// The app's location manager(s) and Core Location's state for the app.
    var locationService: LocationService { get }
    /// The app starts.
    mutating func launch(into output: inout AppOutput)
    /// The user or the system changes something, or the user taps (`--event`). A change
    /// of the signal never comes here: the device makes it (``deviceSignalChanged(_:into:)``).
    mutating func apply(_ change: ScheduledEvent.Change, into output: inout AppOutput)
    /// The device has a fix; the app receives it if Core Location delivers it.
    mutating func deviceMoved(to fix: LocationFix, into output: inout AppOutput)
    /// The device's GPS lost or regained its signal.
    mutating func deviceSignalChanged(_ change: SignalChange, into output: inout AppOutput)
    /// The few seconds of "in use" after the app left the foreground are over (the
    /// engine's moment, ``LocationService/inUseGraceSeconds`` after it left).
    mutating func inUseGraceEnded(into output: inout AppOutput)
    /// The run ends.
    mutating func terminate(into output: inout AppOutput)
}

/// A model app: what a typical app does with Core Location, written in this project
/// (``WeatherAppModel``, ``PlacesAppModel``), which the replay engine drives without
/// knowing which.
package protocol ModelApp: PhoneApp, Sendable {}

/// Which of Core Location's services a model app uses beyond authorization and standard
/// updates: `--regions`, `--significant-changes`, `--visits`, `--background-updates`.
package struct ServicesUsed: Sendable, Equatable {
    /// Monitored from launch, once the app has asked for permission.
    package var regions: [CircularRegion]
    /// The significant-change service instead of standard updates.
    package var significantChanges: Bool
    /// The visits service, from launch.
    package var visits: Bool
    /// `allowsBackgroundLocationUpdates`: standard updates started in the foreground go on
    /// in the background.
    package var backgroundUpdates: Bool

    package init(
        regions: [CircularRegion] = [], significantChanges: Bool = false, visits: Bool = false,
        backgroundUpdates: Bool = false
    ) {
        self.regions = regions
        self.significantChanges = significantChanges
        self.visits = visits
        self.backgroundUpdates = backgroundUpdates
    }
}
