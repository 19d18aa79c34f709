// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A change of what the app may do with location, as its delegate hears of it.
public struct AuthorizationChange: Sendable, Equatable {
    public var from: AuthorizationStatus
    public var to: AuthorizationStatus
    public var accuracy: LocationAccuracy
    public var servicesEnabled: Bool
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
