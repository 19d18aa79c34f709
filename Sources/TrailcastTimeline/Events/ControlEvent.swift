import TrailcastJSON

/// The `control` event: the run was paused, resumed or re-paced from outside.
public struct ControlChange: Sendable, Equatable {
    public enum Action: String, Sendable, CaseIterable {
        case pause, resume, speed
    }

    public var action: Action
    /// Whether simulated time is stopped after the change.
    public var paused: Bool
    /// The multiplier after the change.
    public var speed: Double

    public init(action: Action, paused: Bool, speed: Double) {
        self.action = action
        self.paused = paused
        self.speed = speed
    }
}

extension ControlChange: TimelineEventBody {
    static let eventType = "control"
    static let textColor = TimelineTextColor.cyan
    static var example: ControlChange { ControlChange(action: .pause, paused: true, speed: 60) }

    func writeFields(to fields: inout some TimelineFields) {
        fields.string("action", action.rawValue)
        fields.bool("paused", paused)
        fields.number("multiplier", speed, digits: TimelinePrecision.multiplier)
    }

    /// `pause: paused at 60x`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "\(action.rawValue): ".utf8)
        bytes.append(contentsOf: (paused ? "paused at " : "running at ").utf8)
        bytes.appendDecimal(speed, fractionDigits: TimelinePrecision.multiplier)
        bytes.append(contentsOf: "x".utf8)
    }
}
