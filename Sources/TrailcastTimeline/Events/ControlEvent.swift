// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// The `control` event: the run was paused, resumed or re-paced from outside, or a change
/// was made to it live (`POST /event`: the user's permission, the device's signal...).
public struct ControlChange: Sendable, Equatable {
    /// What was done to the run from outside: a pause, a resume, a new speed, or a change made live.
    package enum Action: String, Sendable, CaseIterable {
        /// Simulated time stopped; the device keeps reporting its last fix.
        case pause
        /// Simulated time went on from where it stopped.
        case resume
        /// The multiplier changed: simulated seconds per real second from then on.
        case speed
        /// A change made now, as `--event` would schedule it: ``ControlChange/change``.
        case event
    }

    /// Which command took effect, written as the event's `action` field.
    package var action: Action
    /// Whether simulated time is stopped after the change.
    package var paused: Bool
    /// The multiplier after the change.
    package var speed: Double
    /// For `event`: the change, as `--event` spells it after the offset (`authorization=denied`).
    package var change: String?

    package init(action: Action, paused: Bool, speed: Double, change: String? = nil) {
        self.action = action
        self.paused = paused
        self.speed = speed
        self.change = change
    }
}

extension ControlChange: TimelineEventBody {
    static let eventType = "control"
    static let textColor = TimelineTextColor.cyan
    static var example: ControlChange { ControlChange(action: .pause, paused: true, speed: 60) }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("action", action)
        fields.bool("paused", paused)
        fields.number("multiplier", speed, digits: TimelinePrecision.multiplier)
        fields.string("change", change)
    }

    /// `pause: paused at 60x`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "\(action.rawValue)\(change.map { " " + $0 } ?? ""): ".utf8)
        bytes.append(contentsOf: (paused ? "paused at " : "running at ").utf8)
        bytes.appendDecimal(speed, fractionDigits: TimelinePrecision.multiplier)
        bytes.append(contentsOf: "x".utf8)
    }
}
