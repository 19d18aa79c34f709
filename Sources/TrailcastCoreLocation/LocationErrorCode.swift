// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Core Location's `CLError.Code` values the simulation produces.
public enum LocationErrorCode: String, Sendable, CaseIterable {
    /// kCLErrorDenied: the app may not use location.
    case denied
    /// kCLErrorLocationUnknown: no fix could be had right now.
    case locationUnknown

    /// The message the timeline shows.
    public var message: String {
        switch self {
        case .denied: return "The app is not authorized to use location services (kCLErrorDenied)."
        case .locationUnknown: return "The location is currently unknown (kCLErrorLocationUnknown)."
        }
    }
}
