// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import CoreLocationSeam
import TrailcastApps
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice

/// One element of ``Simulation/liveUpdates(_:)``: what `CLLocationUpdate` carries, a fix or
/// none, and the diagnostics Core Location adds (iOS 18) saying why there is none. A
/// `LiveLocationUpdate` (CoreLocationSeam), with `CLLocationUpdate`'s names: code written
/// against the seam reads it as it reads Core Location's.
public struct SimulatedLocationUpdate: Sendable, Equatable {
    /// The simulation's fix, or nil when the update only says why none comes.
    public var fix: LocationFix?
    /// The app's authorization is denied.
    public var authorizationDenied = false
    /// Location Services are off for the whole device.
    public var authorizationDeniedGlobally = false
    public var authorizationRestricted = false
    /// A permission prompt is showing.
    public var authorizationRequestInProgress = false
    /// A When In Use app in the background, not kept in use (by a
    /// ``SimulatedBackgroundActivitySession``): no fixes until it is in use again.
    public var insufficientlyInUse = false
    /// The device has no fix (a tunnel, a dropout).
    public var locationUnavailable = false
    /// Approximate location only.
    public var accuracyLimited = false
    /// The device is standing still (a fix's speed below 0.2 m/s, the project's threshold).
    /// The stream then suspends: no update until the device moves again or its location
    /// becomes unknown (Apple: "the framework can suspend updates until the person starts
    /// moving, or their location becomes unknown").
    public var isStationary = false
    /// The app's Info.plist sets `NSLocationRequireExplicitServiceSession`
    /// (``Simulation/App/requiresExplicitServiceSession``) and no ``SimulatedServiceSession``
    /// held meets it (one with an authorization goal does; a `.none` one while the app is
    /// authorized, as Apple's `CLServiceSession.init(authorization:)` says): no fixes until
    /// one does, and again none once the last is invalidated. Said once, like the other
    /// diagnostics; when it applies is the project's reading. Always false without the key.
    public var serviceSessionRequired = false

    /// An update with `fix`, or without one (nil), and every diagnostic false; set those afterwards.
    public init(fix: LocationFix? = nil) {
        self.fix = fix
    }

    /// The fix as Core Location's `CLLocation` (`LocationFix.clLocation`).
    public var location: CLLocation? { fix?.clLocation }

    /// `CLLocationUpdate.stationary`, iOS 18's other spelling of ``isStationary``.
    public var stationary: Bool { isStationary }
}

extension SimulatedLocationUpdate: LiveLocationUpdate {}

/// A live-update stream the simulation feeds, and whether its consumer has gone.
final class LiveUpdateStream {
    private let continuation: AsyncStream<SimulatedLocationUpdate>.Continuation
    private let ended = EndFlag()
    /// The last update without a fix, so a change of state is said once, not per event.
    var lastDiagnostics: SimulatedLocationUpdate?
    /// An update said the device stands: nothing more until it moves or its location
    /// becomes unknown (Apple, `CLLocationUpdate.isStationary`: "the framework can suspend
    /// updates until the person starts moving, or their location becomes unknown"; the
    /// project's reading is that it always does).
    var isSuspendedWhileStationary = false

    init(_ continuation: AsyncStream<SimulatedLocationUpdate>.Continuation) {
        self.continuation = continuation
        continuation.onTermination = { [ended] _ in ended.set() }
    }

    var isEnded: Bool { ended.isSet }

    func yield(_ update: SimulatedLocationUpdate) {
        continuation.yield(update)
    }

    func finish() {
        continuation.finish()
    }
}

/// Set by the stream's termination handler, which may run on any thread.
private final class EndFlag: Sendable {
    private let value = LockedValue(false)

    var isSet: Bool { value.withLock { $0 } }

    func set() {
        value.withLock { $0 = true }
    }
}

extension Simulation {
    /// `CLLocationUpdate.liveUpdates(_:)`: the fixes the app may receive, as an `AsyncSequence`,
    /// with an update without a fix whenever the reason none comes changes (denied,
    /// Location Services off, a prompt showing, in the background without Always, no
    /// signal). Making the stream starts the updates; dropping it stops them. Updates
    /// resume by themselves when authorization comes back, as Core Location's do.
    ///
    /// The configuration changes nothing here: the simulation's fixes come from its route
    /// and its GPS model, whatever the activity (the project's reading; on a phone it tunes
    /// Core Location's filtering, see the DocC article "Testing your location code").
    ///
    /// Iterate it from the test; the simulation buffers what it yields until then.
    public func liveUpdates(_ configuration: LiveUpdateConfiguration = .default) -> AsyncStream<SimulatedLocationUpdate>
    {
        let (stream, continuation) = AsyncStream.makeStream(of: SimulatedLocationUpdate.self)
        appActs { app, output in app.startLiveStream(LiveUpdateStream(continuation), into: &output) }
        return stream
    }
}

// The seam Core Location's live updates share: code that iterates them is given the
// simulation in tests (`CoreLocationLiveUpdates()` in the app).
extension Simulation: LiveLocationUpdating {}

extension AppUnderTest {
    /// A new stream starts updating at once, unless it waits for a service session the
    /// Info.plist requires (``lacksRequiredServiceSession``): then it only says so.
    mutating func startLiveStream(_ stream: LiveUpdateStream, into output: inout AppOutput) {
        let client = allocateClient()
        liveStreams[client] = stream
        if !lacksRequiredServiceSession {
            var outputs: [LocationService.Output] = []
            service.startUpdatingLocation(client: client, into: &outputs)
            record(outputs, into: &output)
        }
        announceToLiveStreams()
    }

    /// Whether `fix` is held back from `stream`: the device still stands after an update
    /// that said so. A moving fix lifts the suspension.
    func isHeldWhileStationary(_ fix: LocationFix, for stream: LiveUpdateStream) -> Bool {
        let stands = Self.isStationary(fix)
        defer { stream.isSuspendedWhileStationary = stands }
        return stands && stream.isSuspendedWhileStationary
    }

    /// The update a stream gets now, with `location` or without one.
    func update(for stream: LiveUpdateStream, location: LocationFix?) -> SimulatedLocationUpdate {
        let status = service.authorizationStatus
        var update = SimulatedLocationUpdate(fix: location)
        update.authorizationDeniedGlobally = !service.servicesEnabled
        update.authorizationDenied = service.servicesEnabled && status == .denied
        update.authorizationRestricted = status == .restricted
        update.authorizationRequestInProgress = promptsShowing > 0
        update.insufficientlyInUse =
            status == .authorizedWhenInUse && service.appState == .background && !service.isInUse
        update.locationUnavailable = status.isAuthorized && !service.hasSignal
        update.accuracyLimited = service.accuracy == .reduced
        update.serviceSessionRequired = lacksRequiredServiceSession
        if let location { update.isStationary = Self.isStationary(location) }
        return update
    }

    /// Whether a fix stands: its speed known and below 0.2 m/s (the project's threshold).
    static func isStationary(_ fix: LocationFix) -> Bool {
        fix.speedMetersPerSecond >= 0 && fix.speedMetersPerSecond < 0.2
    }

    /// Each stream whose reason for having no fix changed hears it, once.
    mutating func announceToLiveStreams() {
        for client in liveStreams.keys.sorted() {
            guard let stream = liveStreams[client] else { continue }
            if stream.isEnded {
                service.stopUpdatingLocation(client: client)
                liveStreams[client] = nil
                continue
            }
            let update = update(for: stream, location: nil)
            let hasReason =
                update.authorizationDenied || update.authorizationDeniedGlobally
                || update.authorizationRestricted || update.authorizationRequestInProgress
                || update.insufficientlyInUse || update.locationUnavailable || update.serviceSessionRequired
            guard hasReason, update != stream.lastDiagnostics else {
                if !hasReason { stream.lastDiagnostics = nil }
                continue
            }
            stream.lastDiagnostics = update
            stream.isSuspendedWhileStationary = false
            enqueue(.liveUpdate(update), for: client)
        }
    }

    /// Authorization changed (or a required service session began): streams stopped by its
    /// loss start again once it is back, and every stream hears what it means for them.
    mutating func resumeLiveStreams(into output: inout AppOutput) {
        for client in liveStreams.keys.sorted()
        where service.authorizationStatus.isAuthorized && !service.isUpdating(client: client)
            && !lacksRequiredServiceSession
        {
            var outputs: [LocationService.Output] = []
            service.startUpdatingLocation(client: client, into: &outputs)
            record(outputs, into: &output)
        }
        announceToLiveStreams()
    }

    /// Streams whose consumer has gone stop updating.
    mutating func stopEndedLiveStreams() {
        for (client, stream) in liveStreams where stream.isEnded {
            service.stopUpdatingLocation(client: client)
            liveStreams[client] = nil
        }
    }

    /// The session is over: a `for await` over a stream (live updates, a monitor's events) ends.
    mutating func finishLiveStreams() {
        for stream in liveStreams.values { stream.finish() }
        liveStreams.removeAll()
        for stream in monitorStreams.values { stream.finish() }
    }
}
