// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastSettings
import TrailcastBasics

/// Steers a real-time replay from outside its task: pause, resume, change the speed.
///
/// Users of every location simulator ask to stop the walk at a spot while they look at
/// their app, then go on, or to hurry through the boring part. A live server (or a test)
/// holds the control and calls ``send(_:)`` from any task; the replay takes the commands
/// at its next wait, records each change as a `control` event at the simulated moment it
/// took effect, and re-times what follows. Only paced runs (`speed` > 0) have a control.
package final class ReplayControl: Sendable {
    /// What the control asks for.
    package enum Command: Sendable, Equatable {
        /// Simulated time stops; the device keeps reporting its last fix.
        case pause
        /// Simulated time goes on from where it stopped.
        case resume
        /// Simulated seconds per real second from now on (paused or not).
        case speed(Double)
        /// A change to the run now, as `--event` would make it at this moment (the
        /// user's permission, Location Services, the app's state, the signal, a tap).
        case change(ScheduledEvent.Change)
    }

    /// The state the run is in, or will be once it takes the commands sent so far.
    package struct State: Sendable, Equatable {
        package var paused: Bool
        /// The multiplier: simulated seconds per real second.
        package var speed: Double
        /// The run has ended: commands are refused.
        package var ended: Bool

        package init(paused: Bool, speed: Double, ended: Bool) {
            self.paused = paused
            self.speed = speed
            self.ended = ended
        }
    }

    /// Why a command was refused.
    package enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case runEnded
        case invalidSpeed(Double)

        package var description: String {
            switch self {
            case .runEnded: return "the run has ended"
            case .invalidSpeed:
                return "the multiplier must be a number above 0 and at most \(Int(ReplayControl.maximumSpeed))"
            }
        }
    }

    /// The highest multiplier accepted: a year of route in under an hour.
    package static let maximumSpeed = 10_000.0

    private struct Inner: WaitableState {
        var state: State
        var pending: [Command] = []
        var waiters = Waiters()
    }

    private let inner: LockedValue<Inner>

    /// A control for a run that starts at `speed` (its `--speed`), not paused.
    package init(speed: Double) {
        inner = LockedValue(Inner(state: State(paused: false, speed: speed, ended: false)))
    }

    package var state: State { inner.withLock { $0.state } }

    /// Asks the run to change; returns the state it will be in. A command that changes
    /// nothing (pause while paused) is accepted and records nothing.
    @discardableResult
    package func send(_ command: Command) throws(Refusal) -> State {
        if case .speed(let multiplier) = command, !(multiplier > 0 && multiplier <= Self.maximumSpeed) {
            throw .invalidSpeed(multiplier)
        }
        return try inner.changeAndWake { inner throws(Refusal) in
            guard !inner.state.ended else { throw Refusal.runEnded }
            switch command {
            case .pause: inner.state.paused = true
            case .resume: inner.state.paused = false
            case .speed(let multiplier): inner.state.speed = multiplier
            case .change: break
            }
            inner.pending.append(command)
            return inner.state
        }
    }

    /// The run is over: later commands are refused, and the run no longer waits for any.
    func end() {
        inner.changeAndWake { $0.state.ended = true }
    }

    /// The commands sent since the last call, oldest first.
    func takeCommands() -> [Command] {
        inner.withLock { inner in
            defer { inner.pending.removeAll() }
            return inner.pending
        }
    }

    /// Returns when a command is waiting (at once if one is), when the run has ended, or
    /// when the task is cancelled.
    func waitForCommand() async {
        await inner.wait { !$0.pending.isEmpty || $0.state.ended }
    }
}
