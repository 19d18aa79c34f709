// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastCoreLocation
public import TrailcastDevice

/// A feed: where a replay's device stream leaves the process for a live consumer (gpsd, an
/// emulator's console, the Simulator, web pages, the live page), with the one lifecycle
/// that a run gives every feed:
///
/// 1. started before the first fix, from its ``FeedRequest`` (it connects or listens);
/// 2. told every epoch of the receiver (``DeviceStreamObserver``), and each change of the
///    app's authorization if it mirrors it (``mirrorsAuthorization``);
/// 3. when the run ends: ``finish()`` if the run succeeded (what the peer still owes is
///    awaited: a failure there fails the run), then ``close()`` whatever happened, the
///    last started first.
///
/// A new feed is one file here, with its request, and one flag that adds the request to a
/// run's `FeedPlan`.
public protocol Feed: DeviceStreamObserver {
    /// Whether the feed follows the app's authorization (``authorizationChanged(_:)``).
    var mirrorsAuthorization: Bool { get }
    /// The app's authorization changed, in the order the run changes it.
    func authorizationChanged(_ change: AuthorizationChange) throws
    /// The run ended without failing: waits for what the peer still owes.
    func finish() async throws
    /// Lets the peer go (connections, servers), whatever happened.
    func close() async
}

extension Feed {
    public var mirrorsAuthorization: Bool { false }
    public func authorizationChanged(_ change: AuthorizationChange) throws {}
    public func finish() async throws {}
    public func close() async {}
}

/// What a flag asks for: a feed to start with the run.
public protocol FeedRequest: Sendable {
    /// Why the feed cannot run at `speed`, in its flag's words (a live consumer needs real
    /// time), or nil.
    func problem(speed: Double) -> String?
    /// Starts the feed: connects, listens. `messages` takes the lines the run prints on
    /// standard error (where a server listens, a client dropped).
    func start(speed: Double, messages: @escaping @Sendable (String) -> Void) async throws -> any Feed
}

extension FeedRequest {
    /// Nil unless `speed` is 0 (virtual time); then that the feed needs real time, after
    /// `what`: its flag and what it drives, as "--browser drives live pages and needs".
    package static func needsRealTime(_ what: String, speed: Double) -> String? {
        speed == 0 ? "\(what) real time: add --speed N (1 is real time)" : nil
    }
}
