// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing

@testable import TrailcastFeeds

/// The rule the broker-restart test relied on real time for: a link tries again 0.5 s after
/// its first failure, doubled per failure in a row, at most `--reconnect-max`, and of that a
/// seeded half at random. Exact here, where no machine's speed enters.
@Suite("Reconnect backoff")
struct ReconnectBackoffTests {
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    @Test(
        "0.5 s doubled per failure in a row, capped at the maximum, then between half of that and all of it",
        arguments: [
            (failures: 0, base: 0.5), (failures: 1, base: 1), (failures: 2, base: 2), (failures: 3, base: 4),
            (failures: 4, base: 5), (failures: 12, base: 5), (failures: 40, base: 5),
        ])
    func doublesUpToTheMaximum(failures: Int, base: Double) {
        var smallest = Double.infinity
        var largest = 0.0
        for seed in UInt64(0)..<500 {
            let delay = Self.seconds(ReconnectBackoff.delay(afterFailures: failures, seed: seed, maximum: .seconds(5)))
            smallest = min(smallest, delay)
            largest = max(largest, delay)
        }
        #expect(smallest >= base / 2 && largest <= base, "\(failures) failures: \(smallest)...\(largest) s")
        // Spread over the half, not stuck at one end: a thousand devices do not come back at once.
        #expect(smallest < base * 0.55 && largest > base * 0.95, "\(failures) failures: \(smallest)...\(largest) s")
    }

    @Test("the default maximum is 5 s, and a smaller one caps the first retries too")
    func maximum() {
        #expect(ReconnectBackoff.defaultMaximum == .seconds(5))
        for failures in 0..<8 {
            let delay = ReconnectBackoff.delay(afterFailures: failures, seed: 7, maximum: .milliseconds(300))
            #expect(delay <= .milliseconds(300) && delay >= .milliseconds(150), "\(failures) failures: \(delay)")
        }
    }

    @Test("the same seed and failure count give the same delay; another seed another")
    func seeded() {
        let first = ReconnectBackoff.delay(afterFailures: 3, seed: 42, maximum: .seconds(5))
        #expect(ReconnectBackoff.delay(afterFailures: 3, seed: 42, maximum: .seconds(5)) == first)
        #expect(ReconnectBackoff.delay(afterFailures: 3, seed: 43, maximum: .seconds(5)) != first)
    }
}
