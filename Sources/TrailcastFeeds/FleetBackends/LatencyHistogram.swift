// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Latencies counted in logarithmic buckets (each 2% wider than the last, from a
/// microsecond to well past an hour): percentiles within 2%, in constant memory however
/// many messages a run sends.
package struct LatencyHistogram: Sendable, Equatable {
    private static let growth = 1.02
    private static let bucketCount = 1200
    private var buckets = [UInt64](repeating: 0, count: LatencyHistogram.bucketCount)
    package private(set) var count: UInt64 = 0
    package private(set) var maximumSeconds = 0.0

    package init() {}

    /// Counts one latency; negative ones (early) count as zero.
    package mutating func record(seconds: Double) {
        let value = seconds.isFinite ? max(seconds, 0) : 0
        buckets[Self.bucket(of: value)] += 1
        count += 1
        maximumSeconds = max(maximumSeconds, value)
    }

    package mutating func merge(_ other: LatencyHistogram) {
        for index in buckets.indices { buckets[index] += other.buckets[index] }
        count += other.count
        maximumSeconds = max(maximumSeconds, other.maximumSeconds)
    }

    /// The latency below which `fraction` (0...1) of those counted fall: the upper edge of
    /// its bucket, so a percentile is never understated. Nil when nothing was counted.
    package func percentile(_ fraction: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = max(UInt64((Double(count) * fraction).rounded(.up)), 1)
        var seen: UInt64 = 0
        for (index, inBucket) in buckets.enumerated() {
            seen += inBucket
            if seen >= rank { return min(Self.upperEdge(of: index), maximumSeconds) }
        }
        return maximumSeconds
    }

    /// Bucket 0 holds everything under a microsecond; bucket i, [1 µs × 1.02^(i-1), 1 µs × 1.02^i).
    private static func bucket(of seconds: Double) -> Int {
        let microseconds = seconds * 1e6
        guard microseconds >= 1 else { return 0 }
        return min(Int((log(microseconds) / log(growth)).rounded(.down)) + 1, bucketCount - 1)
    }

    private static func upperEdge(of bucket: Int) -> Double {
        bucket == 0 ? 1e-6 : 1e-6 * pow(growth, Double(bucket))
    }
}
