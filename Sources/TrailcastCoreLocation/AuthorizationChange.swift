// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A change of what the app may do with location, as its delegate hears of it.
public struct AuthorizationChange: Sendable, Equatable {
    /// The status the app saw before the change.
    public var from: AuthorizationStatus
    /// The status the app sees after the change: `denied` whenever location services are off.
    public var to: AuthorizationStatus
    /// Whether the app gets precise or approximate locations after the change.
    public var accuracy: LocationAccuracy
    /// Whether Location Services are on for the whole device after the change.
    public var servicesEnabled: Bool
    /// What made the status or accuracy change: a prompt, Settings, the services switch, an expiry, or launch.
    public var cause: AuthorizationChangeCause

    package init(
        from: AuthorizationStatus, to: AuthorizationStatus, accuracy: LocationAccuracy,
        servicesEnabled: Bool, cause: AuthorizationChangeCause
    ) {
        self.from = from
        self.to = to
        self.accuracy = accuracy
        self.servicesEnabled = servicesEnabled
        self.cause = cause
    }
}
