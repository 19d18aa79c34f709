// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// An entry of the app's Info.plist that Core Location reads, by Apple's key name.
public enum InfoPlistKey: String, Sendable, CaseIterable, Comparable {
    /// The When In Use prompt's purpose string: `requestWhenInUseAuthorization()` and
    /// `requestAlwaysAuthorization()` do nothing without it.
    case whenInUseUsageDescription = "NSLocationWhenInUseUsageDescription"
    /// The Always prompt's purpose string: `requestAlwaysAuthorization()` does nothing
    /// without it.
    case alwaysAndWhenInUseUsageDescription = "NSLocationAlwaysAndWhenInUseUsageDescription"
    /// `location` among the `UIBackgroundModes`: setting `allowsBackgroundLocationUpdates`
    /// to true without it is a fatal error.
    case locationBackgroundMode = "UIBackgroundModes"

    /// Apple's order: Always's purpose string before When In Use's (as
    /// `requestAlwaysAuthorization()`'s documentation names them), then the background mode.
    public static func < (lhs: InfoPlistKey, rhs: InfoPlistKey) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    public static let allCases: [InfoPlistKey] = [
        .alwaysAndWhenInUseUsageDescription, .whenInUseUsageDescription, .locationBackgroundMode,
    ]

    /// How a message names it: `UIBackgroundModes` says which of its values is missing.
    package var described: String {
        self == .locationBackgroundMode ? "location in UIBackgroundModes" : rawValue
    }
}

/// What Core Location reads of the app's Info.plist: which of its location entries are
/// there, whether the app asks for reduced accuracy by default, and whether it requires
/// an explicit service session.
///
/// The default (`InfoPlist()`) is a complete app: both purpose strings, the `location`
/// background mode, and `NSLocationDefaultAccuracyReduced` and
/// `NSLocationRequireExplicitServiceSession` absent (full accuracy offered, no session
/// required), so a run that says nothing of the app behaves as before the Info.plist was
/// modelled.
public struct InfoPlist: Sendable, Equatable {
    /// The entries the app's Info.plist lacks.
    public var missingKeys: Set<InfoPlistKey>
    /// `NSLocationDefaultAccuracyReduced` = true: the permission prompt offers approximate
    /// location, so a grant from it is reduced accuracy.
    public var defaultAccuracyReduced: Bool
    /// `NSLocationRequireExplicitServiceSession` = true: live updates deliver no fix while
    /// no service session the app holds meets the requirement (read by the testing
    /// library's live-update streams; the `trailcast` command's model app has none).
    public var requiresExplicitServiceSession: Bool

    package init(
        missingKeys: Set<InfoPlistKey> = [], defaultAccuracyReduced: Bool = false,
        requiresExplicitServiceSession: Bool = false
    ) {
        self.missingKeys = missingKeys
        self.defaultAccuracyReduced = defaultAccuracyReduced
        self.requiresExplicitServiceSession = requiresExplicitServiceSession
    }

    package func has(_ key: InfoPlistKey) -> Bool { !missingKeys.contains(key) }

    /// The purpose strings `request` needs that the app lacks, in Apple's order: When In
    /// Use's for either request; Always's too for Always (Apple's SDK header: "Both the
    /// NSLocationAlwaysAndWhenInUseUsageDescription and NSLocationWhenInUseUsageDescription
    /// keys must be specified in your Info.plist; otherwise, this method will do nothing").
    /// Temporary full accuracy's purpose keys are not modelled: none.
    package func missingUsageDescriptions(for request: AuthorizationRequest) -> [InfoPlistKey] {
        let needed: [InfoPlistKey]
        switch request {
        case .whenInUse: needed = [.whenInUseUsageDescription]
        case .always: needed = [.alwaysAndWhenInUseUsageDescription, .whenInUseUsageDescription]
        case .temporaryFullAccuracy: needed = []
        }
        return needed.filter { !has($0) }
    }
}

/// The `plistError` event: the app did something its Info.plist does not allow. A request
/// without its purpose string does nothing (no prompt, no callback); setting
/// `allowsBackgroundLocationUpdates` to true without the `location` background mode is a
/// fatal error that terminates the app, and the run ends there.
public struct InfoPlistError: Sendable, Equatable {
    /// What the app did.
    public enum Method: String, Sendable, CaseIterable {
        /// `requestWhenInUseAuthorization()` without `NSLocationWhenInUseUsageDescription`: no prompt.
        case requestWhenInUseAuthorization
        /// `requestAlwaysAuthorization()` without `NSLocationAlwaysAndWhenInUseUsageDescription` or
        /// `NSLocationWhenInUseUsageDescription`: no prompt.
        case requestAlwaysAuthorization
        /// `allowsBackgroundLocationUpdates = true`.
        case allowsBackgroundLocationUpdates
    }

    /// What the app did that its Info.plist does not allow; `allowsBackgroundLocationUpdates` is the fatal one.
    public var method: Method
    /// Which of the app's managers, from 0.
    public var manager: Int
    /// What the Info.plist lacks for it, in Apple's order; never empty.
    public var missing: [InfoPlistKey]

    package init(method: Method, manager: Int, missing: [InfoPlistKey]) {
        self.method = method
        self.manager = manager
        self.missing = missing
    }

    /// Whether Core Location terminates the app for it (the run ends).
    package var isFatal: Bool { method == .allowsBackgroundLocationUpdates }

    /// The one line the timeline shows.
    public var message: String {
        let what = missing.map(\.described)
        let lacks = what.count == 1 ? what[0] : what.dropLast().joined(separator: ", ") + " and " + what.last!
        switch method {
        case .requestWhenInUseAuthorization, .requestAlwaysAuthorization:
            return "The app's Info.plist has no \(lacks): \(method.rawValue)() does nothing (no prompt)."
        case .allowsBackgroundLocationUpdates:
            return
                "The app's Info.plist has no \(lacks): setting allowsBackgroundLocationUpdates to true is a fatal error that terminates the app."
        }
    }
}
