// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The app's location authorization, spelled as Core Location's `CLAuthorizationStatus`.
public enum AuthorizationStatus: String, Sendable, CaseIterable {
    case notDetermined
    case restricted
    case denied
    case authorizedWhenInUse
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
    case full
    case reduced
}

/// Which authorization the app asks for.
public enum AuthorizationRequest: String, Sendable, CaseIterable {
    case whenInUse
    case always
    /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`: precise location for
    /// this session, asked by an app the user gave approximate location.
    case temporaryFullAccuracy

    /// The requests an app makes for its status (what `--request` and a scenario's
    /// `request` take).
    public static let statusRequests: [AuthorizationRequest] = [.whenInUse, .always]
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
    case foreground
    case background
    /// Not running: the person swiped it away or the system ended it (`--event ...:app=terminated`).
    /// Core Location may relaunch it into the background (docs/background.md).
    case terminated
}

/// What woke a terminated app: the `launch` event.
public enum LaunchReason: String, Sendable, CaseIterable {
    case region, significantChange, visit
}
