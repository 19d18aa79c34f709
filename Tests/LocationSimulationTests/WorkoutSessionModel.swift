// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// An app's workout feature written once against `LocationSessionStarting`: it holds a
// service session (asking for When In Use) and a background activity session while a
// workout runs. The tests give it the simulation (SessionSeamTests); .ci/run type-checks
// this file with Core Location's own sessions too (.ci/typecheck-apple.sh). Not on macOS,
// which has neither session.
#if os(iOS) || os(watchOS) || os(visionOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN)
import CoreLocationSeam

@MainActor
final class WorkoutSessionModel {
    private let sessions: any LocationSessionStarting
    private var held: [any LocationSession] = []
    var isRunning: Bool { !held.isEmpty }

    init(sessions: any LocationSessionStarting) {
        self.sessions = sessions
    }

    func start() {
        held = [sessions.beginServiceSession(authorization: .whenInUse), sessions.beginBackgroundActivitySession()]
    }

    func stop() {
        for session in held { session.invalidate() }
        held.removeAll()
    }
}

#if (canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN)
@available(iOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension WorkoutSessionModel {
    /// The app's: Core Location's own sessions.
    static func live() -> WorkoutSessionModel { WorkoutSessionModel(sessions: CoreLocationSessions()) }
}
#endif
#endif
