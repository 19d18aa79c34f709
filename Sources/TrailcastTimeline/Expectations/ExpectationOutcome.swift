// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Whether one expectation held, and if not, what the timeline showed instead.
public struct ExpectationOutcome: Sendable, Equatable {
    /// The expectation checked, as the scenario gave it.
    public var expectation: Expectation
    /// The scenario file's line the expectation is written on.
    public var line: Int
    /// Whether the timeline met the expectation; when false, `detail` says what it showed instead.
    public var passed: Bool
    /// For a failure: the count found, the first offending event's JSON line, or what was
    /// missing. Nil when the expectation held.
    public var detail: String?

    package init(expectation: Expectation, line: Int, passed: Bool, detail: String? = nil) {
        self.expectation = expectation
        self.line = line
        self.passed = passed
        self.detail = detail
    }
}
