// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastApps
import TrailcastCoreLocation
import TrailcastDevice
import TrailcastSettings

/// The model app a replay's settings name, whichever it is, as the phone's app: a run
/// picks the app at run time (``Replay/makeApp(_:)``), and an existential cannot stand
/// for the generic parameter itself.
struct AnyModelApp: PhoneApp, Sendable {
    private var app: any ModelApp

    init(_ app: any ModelApp) {
        self.app = app
    }

    var locationService: LocationService { app.locationService }

    mutating func launch(into output: inout AppOutput) {
        app.launch(into: &output)
    }

    mutating func apply(_ change: ScheduledEvent.Change, into output: inout AppOutput) {
        app.apply(change, into: &output)
    }

    mutating func deviceMoved(to fix: LocationFix, into output: inout AppOutput) {
        app.deviceMoved(to: fix, into: &output)
    }

    mutating func deviceSignalChanged(_ change: SignalChange, into output: inout AppOutput) {
        app.deviceSignalChanged(change, into: &output)
    }

    mutating func inUseGraceEnded(into output: inout AppOutput) {
        app.inUseGraceEnded(into: &output)
    }

    mutating func terminate(into output: inout AppOutput) {
        app.terminate(into: &output)
    }
}
