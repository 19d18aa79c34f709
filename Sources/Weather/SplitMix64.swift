/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64): the same seed
/// gives the same numbers on every platform, which `SystemRandomNumberGenerator` cannot.
/// The weather systems hash with its finaliser; `serve-weather` draws its faults from it.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        defer { state &+= 0x9E37_79B9_7F4A_7C15 }
        return splitMix64(state)
    }

    /// A uniform draw in 0..<1 from the top 53 bits, so `draw < 1` always holds.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}

/// One step of Sebastiano Vigna's SplitMix64 finaliser: a bijective, well-mixed hash of 64 bits.
func splitMix64(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
