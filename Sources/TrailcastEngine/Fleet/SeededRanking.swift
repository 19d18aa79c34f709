// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// Exact shares of a fleet chosen by seed: every device gets a key from the seed, a salt
/// and its global index, and a share of `k` devices is the `k` with the smallest keys. The
/// keys are distinct (SplitMix64's finaliser is a bijection), so the share has exactly `k`
/// devices, and any shard computes the same threshold from the whole fleet's keys.
struct SeededRanking: Sendable {
    private let base: UInt64

    init(seed: UInt64, salt: UInt64) {
        base = splitMix64(seed ^ splitMix64(salt))
    }

    func key(of index: Int) -> UInt64 { splitMix64(base &+ UInt64(index)) }

    /// For each cumulative count (ascending, each 0...deviceCount), the key a device's key
    /// must be below to be among that many smallest; `UInt64.max` with `includesMaximum`
    /// when the count is the whole fleet.
    func thresholds(deviceCount: Int, cumulativeCounts: [Int]) -> [Threshold] {
        guard cumulativeCounts.contains(where: { $0 > 0 && $0 < deviceCount }) else {
            return cumulativeCounts.map { $0 >= deviceCount ? .everyone : .nobody }
        }
        var keys = (0..<deviceCount).map(key(of:))
        keys.sort()
        return cumulativeCounts.map { count in
            count <= 0 ? .nobody : count >= deviceCount ? .everyone : .below(keys[count])
        }
    }

    enum Threshold: Sendable, Equatable {
        case nobody
        case everyone
        case below(UInt64)

        func admits(_ key: UInt64) -> Bool {
            switch self {
            case .nobody: false
            case .everyone: true
            case .below(let limit): key < limit
            }
        }
    }
}
