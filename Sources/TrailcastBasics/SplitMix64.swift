// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64): the same seed
/// gives the same numbers on every platform, which `SystemRandomNumberGenerator` cannot.
/// The weather systems hash with its finaliser; `serve-weather` draws its faults from it;
/// the simulated GPS draws its noise, dropouts and jitter from it.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    /// A generator for one purpose of a run (noise, dropouts, ...): seeds that differ only
    /// in `stream` give unrelated sequences, so adding a draw to one purpose never shifts
    /// another's numbers.
    package init(seed: UInt64, stream: UInt64) {
        state = splitMix64(seed ^ splitMix64(stream &+ 0x243F_6A88_85A3_08D3))
    }

    package mutating func next() -> UInt64 {
        defer { state &+= 0x9E37_79B9_7F4A_7C15 }
        return splitMix64(state)
    }

    /// A uniform draw in 0..<1 from the top 53 bits, so `draw < 1` always holds.
    package mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// Two independent standard normal draws for the price of one logarithm
    /// (Marsaglia's polar form of Box-Muller: no sine or cosine, which the simulated GPS,
    /// drawing six normals a fix, would feel).
    package mutating func nextGaussianPair() -> (Double, Double) {
        while true {
            let u = 2 * nextUnit() - 1
            let v = 2 * nextUnit() - 1
            let s = u * u + v * v
            // Points outside the unit disc (or at its centre) are drawn again: about 21%.
            guard s < 1, s > 0 else { continue }
            let factor = (-2 * log(s) / s).squareRoot()
            return (u * factor, v * factor)
        }
    }

    /// An exponential draw with the given mean (waiting times of a Poisson process).
    package mutating func nextExponential(mean: Double) -> Double {
        -mean * log(1 - nextUnit())
    }

    /// A uniform draw in `range`.
    package mutating func nextUniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }
}

/// One step of Sebastiano Vigna's SplitMix64 finaliser: a bijective, well-mixed hash of 64 bits.
package func splitMix64(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
