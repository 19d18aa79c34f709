// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastTimeline

/// Where simulated time stands against the clock in a paced run: a line through one
/// anchor (a clock instant and the simulated offset at it) with the multiplier as its
/// slope, or a flat line while paused. A speed change or a pause moves the anchor to the
/// moment it happened, so the route goes on from there without a jump.
struct RealTimePace<Instant: InstantProtocol> where Instant.Duration == Duration {
    private(set) var anchorInstant: Instant
    private(set) var anchorOffset: Double
    private(set) var speed: Double
    private(set) var paused = false

    init(startingAt instant: Instant, speed: Double) {
        anchorInstant = instant
        anchorOffset = 0
        self.speed = speed
    }

    /// The simulated offset at `instant`: the anchor's while paused.
    func offset(at instant: Instant) -> Double {
        paused ? anchorOffset : anchorOffset + anchorInstant.duration(to: instant).totalSeconds * speed
    }

    /// When simulated time reaches `offset` (not while paused).
    func deadline(for offset: Double) -> Instant {
        anchorInstant.advanced(by: .seconds((offset - anchorOffset) / speed))
    }

    /// Applies a command taken at `instant`, when simulated time stood at `offset`; the
    /// change to record, or nil when it changed nothing.
    mutating func apply(_ command: ReplayControl.Command, at instant: Instant, offset: Double) -> ControlChange? {
        let action: ControlChange.Action
        switch command {
        case .pause:
            guard !paused else { return nil }
            action = .pause
        case .resume:
            guard paused else { return nil }
            action = .resume
        case .speed(let multiplier):
            guard multiplier != speed else { return nil }
            action = .speed
        case .change:
            return nil  // The session makes the change; the pace goes on as it was.
        }
        anchorInstant = instant
        anchorOffset = offset
        switch command {
        case .pause: paused = true
        case .resume: paused = false
        case .speed(let multiplier): speed = multiplier
        case .change: break
        }
        return ControlChange(action: action, paused: paused, speed: speed)
    }
}
