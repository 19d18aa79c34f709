// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A first-order Gauss-Markov process with unit variance: a value that drifts, correlated
/// with itself over its correlation time τ (autocorrelation `exp(-lag / τ)`), the
/// standard model of a GPS receiver's slowly wandering error.
///
/// Sampled at any spacing: a step of `dt` keeps the variance at 1, whatever `dt` is, so
/// irregular fixes and pauses leave its statistics unchanged. The caller supplies the
/// step's ``Step`` (shared by every process with the same τ) and the normal draw.
struct GaussMarkovProcess: Sendable {
    /// The factors of one step of `dt` seconds for correlation time τ.
    struct Step: Sendable {
        /// exp(-dt / τ): how much of the value survives the step.
        var decay: Double
        /// sqrt(1 - decay²): how much new randomness enters, so the variance stays 1.
        var innovation: Double

        init(seconds: Double, correlationSeconds: Double) {
            decay = exp(-seconds / correlationSeconds)
            innovation = (1 - decay * decay).squareRoot()
        }
    }

    private(set) var value: Double

    /// Starts at `draw`, a standard normal value: the stationary distribution.
    init(startingAt draw: Double) {
        value = draw
    }

    /// Moves the process on by one step, with `draw` a fresh standard normal value.
    mutating func advance(_ step: Step, draw: Double) {
        value = step.decay * value + step.innovation * draw
    }
}
