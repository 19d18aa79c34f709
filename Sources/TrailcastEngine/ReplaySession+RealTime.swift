// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastWeather
import TrailcastSettings
import TrailcastTimeline
import TrailcastBasics
import TrailcastDevice

/// Real-time pacing of a session: waiting for each moment on the clock, waking early for
/// weather fetches finishing beside the stream and for control commands, and holding
/// still while paused.
extension ReplaySession {
    /// Real-time pacing: sleeps until the offset's moment, flushing first so that
    /// everything before it is visible while the run waits. Wakes early for fetches
    /// finishing beside the stream and for control commands; while paused, waits for
    /// the resume, the device repeating its last report.
    mutating func wait<R: TimelineRecorder>(until offset: Double, recorder: inout R) async throws {
        guard pace != nil, offset > pacedOffset else { return }
        pacedOffset = offset
        try recorder.flush()
        while true {
            try applyCommands(upTo: offset, recorder: &recorder)
            let paused = pace!.paused
            let wakeAt = paused ? clock.now.advanced(by: Self.holdReportInterval) : pace!.deadline(for: offset)
            switch try await sleep(until: wakeAt) {
            case .deadline:
                guard paused else { return }
                if Task.isCancelled { throw ReplayInterruption() }
                // A device standing still goes on reporting where it stands.
                if let lastEpoch { try device?.deviceReported(lastEpoch) }
            case .delivery:
                try recordDeliveries(upTo: offset, recorder: &recorder)
                try recorder.flush()
            case .command:
                continue
            }
        }
    }

    /// How often, in real time, the device repeats its last report while paused: gpsd
    /// drops a TCP source silent for 60 s, and an emulator's fix should stay fresh.
    private static var holdReportInterval: Duration { .seconds(1) }

    private enum Wake { case deadline, delivery, command }

    /// Sleeps until `deadline`, or until a fetch's outcome or a control command arrives.
    private func sleep(until deadline: C.Instant) async throws -> Wake {
        let watchesFetches = weather?.hasFetchesInFlight == true
        let clock = self.clock
        // No tolerance: a late wake-up is lateness a reader sees (the target is p99 <= 5 ms).
        guard watchesFetches || control != nil else {
            try await clock.sleep(until: deadline, tolerance: .zero)
            return .deadline
        }
        let inbox = self.inbox
        let control = self.control
        return try await withThrowingTaskGroup(of: Wake.self) { group in
            group.addTask {
                try await clock.sleep(until: deadline, tolerance: .zero)
                return .deadline
            }
            if watchesFetches {
                group.addTask {
                    await inbox.waitForDelivery()
                    return .delivery
                }
            }
            if let control {
                group.addTask {
                    await control.waitForCommand()
                    return .command
                }
            }
            let first = try await group.next()!
            group.cancelAll()
            return first
        }
    }

    /// Takes the control commands sent since the last look and records each change at
    /// the simulated moment it took effect (never past `limit`, the next event's offset).
    private mutating func applyCommands<R: TimelineRecorder>(upTo limit: Double, recorder: inout R) throws {
        guard let control, let startTime else { return }
        let commands = control.takeCommands()
        guard !commands.isEmpty else { return }
        let now = clock.now
        for command in commands {
            let offset = min(max(pace!.offset(at: now), currentOffset), limit)
            let time = startTime.adding(seconds: offset)
            if case .change(let change) = command {
                // Said first, then made: what it causes follows its `control` event.
                let said = ControlChange(
                    action: .event, paused: pace!.paused, speed: pace!.speed, change: change.assignment)
                try recorder.record(TimelineEvent(time: time, offsetSeconds: offset, kind: .control(said)))
                phone.perform(change, at: offset)
                try emit(at: time, offset: offset, recorder: &recorder)
                currentTime = time
                currentOffset = offset
                continue
            }
            guard let change = pace!.apply(command, at: now, offset: offset) else { continue }
            try recorder.record(TimelineEvent(time: time, offsetSeconds: offset, kind: .control(change)))
            currentTime = time
            currentOffset = offset
        }
        try recorder.flush()
    }

    /// Records the outcomes of fetches that finished beside the stream, at the simulated
    /// moment they arrived (never past `limit`, the next event's offset).
    mutating func recordDeliveries<R: TimelineRecorder>(upTo limit: Double, recorder: inout R) throws {
        let deliveries = inbox.takeDeliveries()
        guard !deliveries.isEmpty, let pace, let startTime else { return }
        let offset = min(max(pace.offset(at: clock.now), currentOffset), limit)
        let time = startTime.adding(seconds: offset)
        for delivery in deliveries {
            try record(
                weather!.complete(delivery.ticket, with: delivery.outcome), at: time, offset: offset,
                recorder: &recorder)
        }
    }
}
