// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastSettings
import TrailcastDevice

/// What happens between a route's fixes, in order: the scheduled `--event`s and the
/// receiver's own signal changes (dropouts, recording gaps), merged by one rule: the
/// earliest first, a scheduled event before a signal change at the same moment, and signal
/// changes only while the route lasts. Behind ``DeviceStepper/nextStep(upcoming:upTo:current:)``,
/// which the replay and the testing library's simulation both step by.
struct HappeningQueue: Sendable {
    /// One thing that happens, at simulated seconds since the start.
    struct Happening: Sendable {
        enum What: Sendable {
            case scheduled(ScheduledEvent)
            case signal(SignalChange)
        }

        var offset: Double
        var what: What
    }

    /// Sorted by offset; equal offsets keep the order they were given in.
    private let schedule: [ScheduledEvent]
    private var nextScheduled = 0

    init(_ events: [ScheduledEvent]) {
        schedule = events.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element)
    }

    /// The next happening due at or before `offset`, taken off the queue; nil when none is.
    ///
    /// - Parameters:
    ///   - startTime: offset 0 (nil before the route's first fix: no signal changes yet).
    ///   - routeLasts: whether fixes remain; the receiver changes nothing after the route.
    mutating func next(
        upTo offset: Double, startTime: Timestamp?, receiver: inout GPSReceiver, routeLasts: Bool
    ) -> Happening? {
        let scheduled =
            nextScheduled < schedule.count && schedule[nextScheduled].offset.seconds <= offset
            ? schedule[nextScheduled] : nil
        if routeLasts, let startTime {
            // Strictly before a due scheduled event; else up to the offset itself.
            let limit =
                scheduled.map { startTime.adding(seconds: $0.offset.seconds).adding(seconds: -1e-9) }
                ?? startTime.adding(seconds: offset)
            if let change = receiver.nextSignalChange(notAfter: limit) {
                return Happening(offset: change.time.seconds(since: startTime), what: .signal(change))
            }
        }
        guard let scheduled else { return nil }
        nextScheduled += 1
        return Happening(offset: scheduled.offset.seconds, what: .scheduled(scheduled))
    }
}
