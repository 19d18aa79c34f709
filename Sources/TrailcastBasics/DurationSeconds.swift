// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
extension Duration {
    /// The duration in (fractional) seconds: for arithmetic with the simulated clock's
    /// offsets, which are `Double` seconds throughout.
    package var totalSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// The duration in (fractional) milliseconds, for the figures the weather client and
    /// server report.
    package var totalMilliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
