// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
/// Smooth, repeatable pseudo-random fields in four dimensions (three of space, one of
/// time), built only from integer hashing so that every platform computes the same values.
///
/// Each integer lattice point gets a value in −1...1 from SplitMix64 applied to the seed
/// and the packed coordinates; between lattice points the 16 surrounding values are blended
/// with the quintic fade 6t⁵ − 15t⁴ + 10t³, which makes the field continuous with continuous
/// first and second derivatives. The steepest slope is 2 × 1.875 = 3.75 per lattice cell, the
/// bound the weather model's smoothness guarantees are derived from.
struct ValueNoise: Sendable, Equatable {
    let seed: UInt64

    /// A field whose lattice values are independent of every other channel of `seed`.
    init(seed: UInt64, channel: UInt64) {
        self.seed = splitMix64(seed ^ splitMix64(channel &+ 0x6A09_E667_F3BC_C908))
    }

    /// The field at a point given in lattice units; the result is in −1...1.
    func value(_ x: Double, _ y: Double, _ z: Double, _ w: Double) -> Double {
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let fz = z.rounded(.down), fw = w.rounded(.down)
        let ix = Int64(fx), iy = Int64(fy), iz = Int64(fz), iw = Int64(fw)
        let tx = fade(x - fx), ty = fade(y - fy), tz = fade(z - fz), tw = fade(w - fw)

        func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
        // Blend along x, then y, then z, then w.
        func blendX(_ dy: Int64, _ dz: Int64, _ dw: Int64) -> Double {
            lerp(lattice(ix, iy + dy, iz + dz, iw + dw), lattice(ix + 1, iy + dy, iz + dz, iw + dw), tx)
        }
        func blendY(_ dz: Int64, _ dw: Int64) -> Double {
            lerp(blendX(0, dz, dw), blendX(1, dz, dw), ty)
        }
        func blendZ(_ dw: Int64) -> Double {
            lerp(blendY(0, dw), blendY(1, dw), tz)
        }
        return lerp(blendZ(0), blendZ(1), tw)
    }

    /// The pseudo-random value in −1...1 at one lattice point.
    func lattice(_ x: Int64, _ y: Int64, _ z: Int64, _ w: Int64) -> Double {
        var hash = seed
        hash = splitMix64(hash ^ UInt64(bitPattern: x))
        hash = splitMix64(hash ^ UInt64(bitPattern: y))
        hash = splitMix64(hash ^ UInt64(bitPattern: z))
        hash = splitMix64(hash ^ UInt64(bitPattern: w))
        // The top 53 bits as a fraction in 0..<1, exactly representable in a Double.
        return Double(hash >> 11) * 0x1p-52 - 1
    }

    private func fade(_ t: Double) -> Double {
        t * t * t * (t * (t * 6 - 15) + 10)
    }
}
