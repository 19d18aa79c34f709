// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// One row of the timeline chart: which state held when (authorization, app state, signal,
/// delivery), kept as time per state per bucket so that a run with a million changes still
/// draws in bounded memory; a bucket shows the state it held longest.
struct StateBand: Sendable {
    let title: String
    /// The states in order of first appearance; a band keeps at most 24 (more are `other`).
    private(set) var states: [String] = []
    private(set) var durations: TimeBuckets<StateDurations>
    private var current: (state: Int, since: Double)?
    /// How many times the state changed.
    private(set) var changes = 0

    init(title: String, capacity: Int) {
        self.title = title
        durations = TimeBuckets(capacity: capacity)
    }

    /// The band is in `state` from `offset` on (an earlier offset than the last change counts
    /// from the last change).
    mutating func set(_ state: String, at offset: Double) {
        guard offset.isFinite else { return }
        let number = stateNumber(state)
        if let current {
            if current.state == number { return }
            let at = max(offset, current.since)
            accumulate(current.state, from: current.since, to: at)
            self.current = (number, at)
            changes += 1
        } else {
            current = (number, max(offset, 0))
        }
    }

    /// The run ended at `offset`: the last state lasts until then.
    mutating func finish(at offset: Double) {
        guard let current, offset.isFinite else { return }
        accumulate(current.state, from: current.since, to: max(offset, current.since))
        self.current = nil
    }

    /// Runs of one dominant state, as (state name, start, end) in offset order.
    var runs: [(state: String, start: Double, end: Double)] {
        var runs: [(state: String, start: Double, end: Double)] = []
        for (index, bucket) in durations.buckets.enumerated() {
            guard let dominant = bucket?.dominant else { continue }
            let start = durations.start(of: index)
            let end = start + durations.width
            if let last = runs.last, last.state == states[dominant], last.end == start {
                runs[runs.count - 1].end = end
            } else {
                runs.append((states[dominant], start, end))
            }
        }
        return runs
    }

    private mutating func stateNumber(_ state: String) -> Int {
        if let number = states.firstIndex(of: state) { return number }
        if states.count >= 24 {
            if let other = states.firstIndex(of: "other") { return other }
            states.append("other")
            return states.count - 1
        }
        states.append(state)
        return states.count - 1
    }

    /// Adds the time from `start` to `end` to each bucket it covers.
    private mutating func accumulate(_ state: Int, from start: Double, to end: Double) {
        guard end > start else {
            // An instant still shows: a state held for no time marks its bucket lightly.
            durations.update(at: start) { bucket in
                if bucket == nil { bucket = StateDurations() }
                bucket!.add(1e-9, to: state)
            }
            return
        }
        guard durations.index(for: end) != nil else { return }
        var from = start
        while from < end {
            guard let index = durations.index(for: from) else { return }
            let bucketEnd = durations.start(of: index + 1)
            let to = min(end, bucketEnd)
            durations.update(at: from) { bucket in
                if bucket == nil { bucket = StateDurations() }
                bucket!.add(to - from, to: state)
            }
            from = to
        }
    }
}
