/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64): the same seed
/// gives the same numbers on every platform, which `SystemRandomNumberGenerator` cannot.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform draw in 0..<1 from the top 53 bits, so `draw < 1` always holds.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
