// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The app's location authorization, spelled as Core Location's `CLAuthorizationStatus`.
public enum AuthorizationStatus: String, Sendable, CaseIterable {
    /// The user has not yet chosen whether the app may use location services; a request can show the prompt.
    case notDetermined
    /// The app may not use location services and the user cannot change that (parental controls, say); no prompt shows.
    case restricted
    /// The user refused the app location, or Location Services are off for the whole device.
    case denied
    /// The user allowed location while the app is in use; the system never relaunches the app for location events.
    case authorizedWhenInUse
    /// The user allowed location at any time, including regions, visits and significant changes in the background.
    case authorizedAlways

    /// Whether locations may be delivered at all (in the foreground).
    public var isAuthorized: Bool {
        self == .authorizedWhenInUse || self == .authorizedAlways
    }

    /// Parses the command-line spelling: `whenInUse` and `always` stand for the
    /// `authorized...` cases; the full names are accepted too.
    public init?(argument: String) {
        switch argument {
        case "whenInUse": self = .authorizedWhenInUse
        case "always": self = .authorizedAlways
        default: self.init(rawValue: argument)
        }
    }

    /// The short command-line spelling: `whenInUse` and `always` for the authorized cases.
    package var argument: String {
        switch self {
        case .authorizedWhenInUse: return "whenInUse"
        case .authorizedAlways: return "always"
        default: return rawValue
        }
    }
}

/// Core Location's `CLAccuracyAuthorization`: precise or approximate location.
public enum LocationAccuracy: String, Sendable, CaseIterable {
    /// Precise location: fixes arrive as the device measures them (Core Location's `fullAccuracy`).
    case full
    /// Approximate location ("Precise: Off"): fixes snap to a cell about 5 km wide, at most once per 15 minutes.
    case reduced
}

/// Which authorization the app asks for.
public enum AuthorizationRequest: String, Sendable, CaseIterable {
    /// `requestWhenInUseAuthorization()`: location while the app is in use.
    case whenInUse
    /// `requestAlwaysAuthorization()`: location at any time, including in the background.
    case always
    /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`: precise location for
    /// this session, asked by an app the user gave approximate location.
    case temporaryFullAccuracy

    /// The requests an app makes for its status (what `--request` and a scenario's
    /// `request` take).
    package static let statusRequests: [AuthorizationRequest] = [.whenInUse, .always]
}

/// What the simulated user taps in a permission prompt.
public enum PromptAnswer: String, Sendable, CaseIterable {
    /// "Allow While Using App" (or "Change to Always Allow" for an upgrade).
    case allow
    /// "Allow Once": when-in-use until the app is no longer in use.
    case once
    /// "Don't Allow".
    case deny
}

/// Why the authorization the app sees changed.
public enum AuthorizationChangeCause: String, Sendable, CaseIterable {
    /// The state at launch.
    case initial
    /// The user answered a permission prompt.
    case prompt
    /// The user changed the app's permission in Settings.
    case settings
    /// Location services were switched off or on for the whole device.
    case services
    /// An "Allow Once" grant ran out.
    case expired
}

/// Whether the simulated app is on screen, or running at all.
public enum AppState: String, Sendable, CaseIterable {
    /// On screen, so in use: an authorized app receives the updates it starts.
    case foreground
    /// Running off screen: standard updates reach it only if it allows background updates
    /// (or holds a background activity session).
    case background
    /// Not running: the person swiped it away or the system ended it (`--event ...:app=terminated`).
    /// Core Location may relaunch it into the background (docs/background.md).
    case terminated
}

/// What woke a terminated app: the `launch` event.
public enum LaunchReason: String, Sendable, CaseIterable {
    /// A monitored region was entered or exited.
    case region
    /// The significant-change location service reported a new location.
    case significantChange
    /// The visits service reported an arrival or a departure.
    case visit
}
