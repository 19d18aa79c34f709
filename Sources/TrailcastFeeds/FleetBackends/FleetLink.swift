import NIOCore
import NIOPosix
import TrailcastBasics

/// One connection of a fleet's backend (an MQTT connection, an OsmAnd HTTP connection):
/// what it has counted.
protocol FleetLink: Sendable {
    /// Per class of devices.
    func counts() -> [DeliveryCounts]
    func connectionCounts() -> ConnectionCounts
}

extension Array where Element: FleetLink {
    /// Every link's counts added, per class.
    func totalCounts() -> [DeliveryCounts] {
        reduce(into: [DeliveryCounts]()) { total, link in
            let counts = link.counts()
            total = total.isEmpty ? counts : zip(total, counts).map(+)
        }
    }

    func totalConnectionCounts() -> ConnectionCounts {
        reduce(into: ConnectionCounts()) { total, link in
            let counts = link.connectionCounts()
            total.open += counts.open
            total.reconnects += counts.reconnects
            total.failedAttempts += counts.failedAttempts
        }
    }
}

/// When a link tries again after its connection failed or dropped: 0.5 s doubled per
/// failure in a row, at most 30 s, and a seeded part of it at random, so a thousand devices
/// dropped at once do not all come back in the same instant.
enum ReconnectBackoff {
    static func delay(afterFailures failures: Int, seed: UInt64) -> Duration {
        let base = min(0.5 * Double(1 << min(failures, 6)), 30)
        var random = SplitMix64(seed: seed, stream: UInt64(failures))
        return .nanoseconds(Int64(base * (0.5 + 0.5 * random.nextUnit()) * 1e9))
    }

    /// Runs `body` after `delay`, on one of the shared event loops.
    static func schedule(after delay: Duration, _ body: @escaping @Sendable () -> Void) {
        let (seconds, attoseconds) = delay.components
        MultiThreadedEventLoopGroup.singleton.next().scheduleTask(
            in: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        ) { body() }
    }
}
