// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

public import TrailcastCoreLocation
public import TrailcastDevice

/// Something the simulated user or system does at a moment of the run:
/// `--event OFFSET:KEY=VALUE`.
///
/// ```swift
/// let revoke = ScheduledEvent.at(.minutes(10), .authorization(.denied))  // revoked in Settings
/// let away = ScheduledEvent.at(.minutes(65), .app(.background))          // user leaves the app
/// let tunnel = try ScheduledEvent(parsing: "20m:signal=lost")             // GPS loses its fix
/// ```
///
/// The typed form (``at(_:_:)``) cannot be mistyped; the text form is the command line's.
public struct ScheduledEvent: Sendable, Hashable, CustomStringConvertible {
    /// A change the simulated user makes.
    public enum Change: Sendable, Hashable {
        /// `KEY=VALUE`, as `--event` spells the change after its offset.
        package var assignment: String {
            switch self {
            case .authorization(let status): "authorization=\(status.argument)"
            case .accuracy(let accuracy): "accuracy=\(accuracy.rawValue)"
            case .services(let enabled): "services=\(enabled ? "on" : "off")"
            case .app(let state): "app=\(state.rawValue)"
            case .signal(let state): "signal=\(state.rawValue)"
            case .tap(let action): "tap=\(action.rawValue)"
            }
        }

        /// The user sets the app's permission in Settings.
        case authorization(AuthorizationStatus)
        /// The user turns Precise Location on (`full`) or off (`reduced`).
        case accuracy(LocationAccuracy)
        /// The user switches Location Services for the whole device.
        case services(enabled: Bool)
        /// The app moves to the background or back to the foreground.
        case app(AppState)
        /// The device's GPS loses its signal (a tunnel) or gets it back.
        case signal(SignalState)
        /// The user taps in the app.
        case tap(TapAction)
    }

    /// Simulated time since the start of the run.
    public var offset: SimulatedOffset
    /// What the user or system does at that moment.
    public var change: Change

    /// An event making `change` at `offset` into the run; the same as `at(_:_:)`.
    public init(offset: SimulatedOffset, change: Change) {
        self.offset = offset
        self.change = change
    }

    /// `.at(.minutes(20), .authorization(.denied))`: `20m:authorization=denied`, typed.
    public static func at(_ offset: SimulatedOffset, _ change: Change) -> ScheduledEvent {
        ScheduledEvent(offset: offset, change: change)
    }

    /// Parses `OFFSET:KEY=VALUE`; throws a message naming what is wrong and what is valid.
    public init(parsing argument: String) throws(ScheduledEventError) {
        guard let colon = argument.firstIndex(of: ":") else {
            throw ScheduledEventError(
                argument: argument, reason: "expected OFFSET:KEY=VALUE, such as 10m:authorization=denied")
        }
        let offsetText = String(argument[..<colon])
        guard let offset = SimulatedOffset(offsetText) else {
            if offsetText.hasPrefix("-"), SimulatedOffset(String(offsetText.dropFirst())) != nil {
                throw ScheduledEventError(
                    argument: argument, reason: "the offset must be 0 or more (from the run's start), not \(offsetText)"
                )
            }
            throw ScheduledEventError(
                argument: argument, reason: "'\(offsetText)' is not an offset; use forms like 45s, 10m, 1h5m, 250ms")
        }
        let assignment = argument[argument.index(after: colon)...]
        guard let equals = assignment.firstIndex(of: "=") else {
            throw ScheduledEventError(argument: argument, reason: "expected KEY=VALUE after the offset")
        }
        let key = String(assignment[..<equals])
        let value = String(assignment[assignment.index(after: equals)...])
        let change: Change?
        let valid: String
        switch key {
        case "authorization":
            change = AuthorizationStatus(argument: value).map(Change.authorization)
            valid = "notDetermined, restricted, denied, whenInUse, always"
        case "accuracy":
            change = LocationAccuracy(rawValue: value).map(Change.accuracy)
            valid = "full, reduced"
        case "services":
            change = value == "on" ? .services(enabled: true) : value == "off" ? .services(enabled: false) : nil
            valid = "on, off"
        case "app":
            change = AppState(rawValue: value).map(Change.app)
            valid = "background, foreground, terminated"
        case "signal":
            change = SignalState(rawValue: value).map(Change.signal)
            valid = "lost, restored"
        case "tap":
            change = TapAction(rawValue: value).map(Change.tap)
            valid = "currentLocation, refresh, requestPermission, openSettings"
        default:
            let keys = ["authorization", "accuracy", "services", "app", "signal", "tap"]
            throw ScheduledEventError(
                argument: argument,
                reason:
                    "unknown key '\(key)'\(Self.meant(key, among: keys)); use authorization, accuracy, services, app, signal or tap"
            )
        }
        guard let change else {
            let values = valid.split(separator: ", ").map(String.init)
            throw ScheduledEventError(
                argument: argument,
                reason: "'\(value)' is not a valid \(key)\(Self.meant(value, among: values)); use \(valid)")
        }
        self.init(offset: offset, change: change)
    }

    /// ` (did you mean 'whenInUse'?)` for a near miss, else nothing.
    private static func meant(_ word: String, among names: [String]) -> String {
        Spelling.closest(to: word, in: names).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The command-line spelling, which parses back to the same event.
    public var description: String { "\(offset):\(change.assignment)" }
}

/// A malformed `--event` argument.
public struct ScheduledEventError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `--event` argument exactly as given.
    public var argument: String
    /// What is wrong with it and what would be valid, such as `expected KEY=VALUE after the offset`.
    public var reason: String

    package init(argument: String, reason: String) {
        self.argument = argument
        self.reason = reason
    }

    public var description: String { "invalid event '\(argument)': \(reason)" }
}

extension ScheduledEvent.Change {
    /// The change as the system makes it to Core Location, or nil for what is not the
    /// system's: the device's signal (the receiver's) and a tap (the app's).
    package var systemChange: SystemChange? {
        switch self {
        case .authorization(let status): .authorization(status)
        case .accuracy(let accuracy): .accuracy(accuracy)
        case .services(let enabled): .services(enabled: enabled)
        case .app(let state): .app(state)
        case .signal, .tap: nil
        }
    }
}
