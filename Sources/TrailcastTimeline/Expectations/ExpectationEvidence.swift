// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.

extension ExpectationEvaluator {
    /// What the timeline showed for an expectation that held, in one line, for reports that
    /// show each expectation's evidence (`check --format html`); a failure's evidence is
    /// its ``ExpectationOutcome/detail``.
    package static func evidence(for expectation: Expectation, in records: [TimelineRecord]) -> String {
        switch expectation {
        case .count(let selector, _, let window):
            let inside = records.count { selector.matches($0) && window.contains($0.offsetSeconds) }
            return "found \(inside)"
        case .absent(let selector, _, _):
            let total = records.count(where: selector.matches)
            return total == 0 ? "no \(selector) in the run" : "none in the window (\(total) outside it)"
        case .present(let selector, let at, let tolerance):
            let matching = records.filter(selector.matches)
            let chosen =
                at.flatMap { at in
                    matching.first { ValueMatcher.isWithin($0.offsetSeconds, of: at, tolerance: tolerance) }
                } ?? matching.first
            guard let chosen else { return "no \(selector)" }
            return "at \(OffsetWindow.format(chosen.offsetSeconds)): \(chosen.line)".singleLine
        case .order(let first, let then):
            guard let firstRecord = records.first(where: first.matches),
                let thenRecord = records.first(where: then.matches)
            else { return "missing" }
            return
                "first at \(OffsetWindow.format(firstRecord.offsetSeconds)), then at \(OffsetWindow.format(thenRecord.offsetSeconds))"
        case .end:
            return (records.last?.line ?? "the timeline is empty").singleLine
        }
    }
}
