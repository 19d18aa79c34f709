// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A change the user or the system makes outside the app: in Settings (the app's
/// permission, Precise Location, Location Services) or by moving the app between the
/// foreground and the background. The app hears of it only through the callbacks that
/// follow.
public enum SystemChange: Sendable, Hashable {
    case authorization(AuthorizationStatus)
    case accuracy(LocationAccuracy)
    case services(enabled: Bool)
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
