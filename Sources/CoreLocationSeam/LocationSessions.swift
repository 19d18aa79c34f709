// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// What `CLServiceSession` (iOS 18), `CLBackgroundActivitySession` (iOS 17) and the
// simulation's sessions share, so that code that begins one is written once: the app is
// given something that begins sessions (`CoreLocationSessions()` on a device, the
// `Simulation` in tests) and keeps what it returns until it calls `invalidate()`. Where the
// sessions exist: iOS, watchOS and visionOS (neither is on macOS; the Swift interface).
#if os(iOS) || os(watchOS) || os(visionOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK

/// A session the app holds while it needs location: dropping it, or `invalidate()`, ends it.
public protocol LocationSession: AnyObject {
    /// Ends the session.
    func invalidate()
}

/// What a service session asks for: `CLServiceSession.AuthorizationRequirement`.
public enum LocationSessionAuthorization: Sendable, Equatable, CaseIterable {
    /// Asks for no authorization; it still meets `NSLocationRequireExplicitServiceSession` once the app
    /// is authorized.
    case none
    /// Asks for When In Use authorization when it can (the app in the foreground, say).
    case whenInUse
    /// Asks for Always authorization when it can.
    case always
}

/// Begins Core Location's sessions: `CoreLocationSessions()` in the app, the simulation in
/// its tests.
public protocol LocationSessionStarting {
    /// `CLServiceSession(authorization:)`.
    func beginServiceSession(authorization: LocationSessionAuthorization) -> any LocationSession
    /// `CLBackgroundActivitySession()`.
    func beginBackgroundActivitySession() -> any LocationSession
}
#endif
