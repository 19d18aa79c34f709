// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
@testable import TrailcastWeather

@Suite("Value noise")
struct ValueNoiseTests {
    let noise = ValueNoise(seed: 42, channel: 1)

    @Test func equalsTheLatticeValuesAtLatticePoints() {
        for (x, y, z, w) in [(0, 0, 0, 0), (3, -7, 12, 1), (-100_000, 5, 5, 300_000)] as [(Int64, Int64, Int64, Int64)]
        {
            #expect(noise.value(Double(x), Double(y), Double(z), Double(w)) == noise.lattice(x, y, z, w))
        }
    }

    @Test func staysWithinMinusOneToOneAndUsesTheRange() {
        var random = SeededRandom(seed: 9)
        var low = 0.0, high = 0.0
        for _ in 0..<20_000 {
            let value = noise.value(
                .random(in: -1e4...1e4, using: &random), .random(in: -1e4...1e4, using: &random),
                .random(in: -1e4...1e4, using: &random), .random(in: 0...1e6, using: &random))
            #expect((-1...1).contains(value))
            low = min(low, value)
            high = max(high, value)
        }
        #expect(low < -0.6 && high > 0.6)
    }

    @Test func isContinuousAcrossCellBoundaries() {
        var random = SeededRandom(seed: 10)
        for _ in 0..<2_000 {
            let y = Double.random(in: -50...50, using: &random), z = Double.random(in: -50...50, using: &random)
            let w = Double.random(in: -50...50, using: &random)
            let edge = Double(Int.random(in: -50...50, using: &random))
            let below = noise.value(edge - 1e-9, y, z, w), above = noise.value(edge + 1e-9, y, z, w)
            #expect(abs(below - above) < 1e-7)
        }
    }

    @Test func channelsAndSeedsAreIndependent() {
        let other = ValueNoise(seed: 42, channel: 2), otherSeed = ValueNoise(seed: 43, channel: 1)
        #expect(noise.lattice(1, 2, 3, 4) != other.lattice(1, 2, 3, 4))
        #expect(noise.lattice(1, 2, 3, 4) != otherSeed.lattice(1, 2, 3, 4))
        #expect(noise.lattice(1, 2, 3, 4) == ValueNoise(seed: 42, channel: 1).lattice(1, 2, 3, 4))
    }

    /// SplitMix64's published first outputs for seed 0 (state advanced by the golden gamma).
    @Test func splitMixMatchesTheReference() {
        #expect(splitMix64(0) == 0xE220_A839_7B1D_CDAF)
    }
}
