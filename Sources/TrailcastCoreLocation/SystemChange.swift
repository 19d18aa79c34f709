// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A change the user or the system makes outside the app: in Settings (the app's
/// permission, Precise Location, Location Services) or by moving the app between the
/// foreground and the background. The app hears of it only through the callbacks that
/// follow.
package enum SystemChange: Sendable, Hashable {
    /// The user sets the app's location permission in Settings.
    case authorization(AuthorizationStatus)
    /// The user turns Precise Location on (`full`) or off (`reduced`) for the app in Settings.
    case accuracy(LocationAccuracy)
    /// The user switches Location Services on or off for the whole device; off, the app sees `denied`.
    case services(enabled: Bool)
    /// The app moves to the foreground or the background, or is terminated.
    case app(AppState)
}

extension LocationService {
    /// Makes `change`; what Core Location then says to the app goes to `output`.
    package mutating func apply(_ change: SystemChange, into output: inout [Output]) {
        switch change {
        case .authorization(let status): changeInSettings(to: status, into: &output)
        case .accuracy(let accuracy): changeAccuracyInSettings(to: accuracy, into: &output)
        case .services(let enabled): setServicesEnabled(enabled, into: &output)
        case .app(let state): setAppState(state, into: &output)
        }
    }
}
