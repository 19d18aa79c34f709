// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastCoreLocation
import TrailcastEngine
import TrailcastTimeline

extension Simulation {
    /// The app's Info.plist, as far as Core Location reads it. By default (`App()`) a
    /// complete one: both purpose strings, the `location` background mode, and no
    /// `NSLocationDefaultAccuracyReduced`. Describe your app as it ships, and the simulation
    /// holds your code to what a phone would do with it:
    ///
    /// ```swift
    /// // No NSLocationAlwaysAndWhenInUseUsageDescription: requestAlwaysAuthorization()
    /// // does nothing (no prompt), and the timeline's `plistError` says why.
    /// let simulation = try Simulation(route: .file("walk.gpx"), app: .init(usageDescriptions: [.whenInUse]))
    /// ```
    ///
    /// - A request without its purpose string does nothing: no prompt, no callback; a
    ///   `plistError` event names the missing key (`requestAlwaysAuthorization()` needs both).
    /// - `allowsBackgroundLocationUpdates = true` without `.location` in ``backgroundModes`` is
    ///   a fatal error that terminates the app: a `plistError`, then `end` (reason `error`),
    ///   and the step that made it, or the next, throws ``SimulationError/appCrashed(_:)``.
    /// - ``defaultAccuracyReduced``: the prompt offers approximate location, so a grant from
    ///   it is `reduced` accuracy.
    /// - ``requiresExplicitServiceSession``: ``Simulation/liveUpdates(_:)`` delivers no fix
    ///   while the app holds no ``SimulatedServiceSession`` that meets the requirement.
    public struct App: Sendable, Equatable {
        /// A purpose string of the permission prompt.
        public enum UsageDescription: Sendable, Hashable, CaseIterable {
            /// `NSLocationWhenInUseUsageDescription`: needed by both requests.
            case whenInUse
            /// `NSLocationAlwaysAndWhenInUseUsageDescription`: needed by
            /// `requestAlwaysAuthorization()`.
            case alwaysAndWhenInUse
        }

        /// A value of `UIBackgroundModes` that Core Location reads.
        public enum BackgroundMode: Sendable, Hashable, CaseIterable {
            /// `location`: needed to set `allowsBackgroundLocationUpdates` to true.
            case location
        }

        /// The purpose strings the Info.plist has.
        public var usageDescriptions: Set<UsageDescription>
        /// The background modes it declares.
        public var backgroundModes: Set<BackgroundMode>
        /// `NSLocationDefaultAccuracyReduced` = true.
        public var defaultAccuracyReduced: Bool
        /// `NSLocationRequireExplicitServiceSession` = true. Apple, "Handling location
        /// updates in the background": "Core Location sets When in Use authorization
        /// implicitly when you process events from CLMonitor, CLLocationUpdate, or use a
        /// CLBackgroundActivitySession. The exception is if you set the
        /// `NSLocationRequireExplicitServiceSession` in your app's `Info.plist`."
        ///
        /// With it, ``Simulation/liveUpdates(_:)`` delivers no fix while no
        /// ``SimulatedServiceSession`` meets the requirement (one with an authorization goal
        /// does, a `.none` one while the app is authorized: `CLServiceSession.init(authorization:)`,
        /// "Passing `.none` for authorization requirement creates a session object that
        /// doesn't request a person's authorization to access Location Services, but the
        /// object meets a requested Explicit Service Session requirement if the framework
        /// already has authorization"). One update says `serviceSessionRequired` instead;
        /// fixes flow once a session begins and stop when the last one is invalidated (the
        /// project's reading: Apple names the key and the diagnostic, not when they apply).
        /// Default false: no session needed, as before.
        public var requiresExplicitServiceSession: Bool

        /// An Info.plist with these entries; the defaults are the complete one: both purpose strings, the
        /// `location` background mode, precise location offered, no explicit service session required.
        public init(
            usageDescriptions: Set<UsageDescription> = Set(UsageDescription.allCases),
            backgroundModes: Set<BackgroundMode> = Set(BackgroundMode.allCases), defaultAccuracyReduced: Bool = false,
            requiresExplicitServiceSession: Bool = false
        ) {
            self.usageDescriptions = usageDescriptions
            self.backgroundModes = backgroundModes
            self.defaultAccuracyReduced = defaultAccuracyReduced
            self.requiresExplicitServiceSession = requiresExplicitServiceSession
        }

        /// The same, as the location service reads it.
        var infoPlist: InfoPlist {
            var missing: Set<InfoPlistKey> = []
            if !usageDescriptions.contains(.whenInUse) { missing.insert(.whenInUseUsageDescription) }
            if !usageDescriptions.contains(.alwaysAndWhenInUse) { missing.insert(.alwaysAndWhenInUseUsageDescription) }
            if !backgroundModes.contains(.location) { missing.insert(.locationBackgroundMode) }
            return InfoPlist(
                missingKeys: missing, defaultAccuracyReduced: defaultAccuracyReduced,
                requiresExplicitServiceSession: requiresExplicitServiceSession)
        }
    }

    /// A manager sets `allowsBackgroundLocationUpdates`: fatal without the background mode.
    func setAllowsBackgroundLocationUpdates(_ allowed: Bool, client: Int) {
        appActs { app, output in
            var outputs: [LocationService.Output] = []
            app.service.setAllowsBackgroundLocationUpdates(allowed, client: client, into: &outputs)
            app.record(outputs, into: &output)
        }
    }

    /// Core Location terminated the app (a fatal `plistError`, just recorded): the timeline
    /// ends as the command's does, and every later step throws.
    func endAfterCrash(_ failure: InfoPlistError) {
        crash = failure
        isFinished = true
        let summary = ReplaySummary(
            points: routePointsRead, locations: deliveredLocations.count, distanceMeters: phone.distanceMeters,
            simulatedSeconds: elapsedSeconds, error: ReplayError.appCrashed(failure.message).description)
        timeline.append(TimelineEvent(time: now, offsetSeconds: elapsedSeconds, kind: .end(summary)))
        appActs { app, _ in app.finishLiveStreams() }
        reading.end()
    }

    /// Throws what ended the simulation, if anything has.
    func throwIfEnded() throws(SimulationError) {
        if let crash { throw .appCrashed(crash.message) }
        if isFinished { throw .finished }
    }
}
