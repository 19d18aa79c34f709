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
