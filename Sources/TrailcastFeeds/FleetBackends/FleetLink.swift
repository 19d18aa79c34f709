// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
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

    /// Waits, at most `timeout`, while `busy` says of a link that answers are still due.
    func wait(timeout: Duration, while busy: (Element) -> Bool) async {
        let end = ContinuousClock.now.advanced(by: timeout)
        while contains(where: busy) && ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    func totalConnectionCounts() -> ConnectionCounts {
        reduce(into: ConnectionCounts()) { total, link in
            let counts = link.connectionCounts()
            total.open += counts.open
            total.reconnects += counts.reconnects
            total.failedAttempts += counts.failedAttempts
            total.failureCauses.merge(counts.failureCauses, uniquingKeysWith: +)
            total.closedByServer += counts.closedByServer
            total.recoverySeconds += counts.recoverySeconds
            total.stillDownSeconds += counts.stillDownSeconds
        }
    }
}

/// Where a link's connection attempts stand, the same for an MQTT and an OsmAnd link: one
/// under way, how many made and failed, the run ending, no attempt before the backoff's
/// end. Kept in the link's locked state.
struct ConnectionAttempts {
    var isConnecting = false
    /// The run is ending: no more attempts.
    var isClosing = false
    private var hasConnected = false
    /// Connections made again after one dropped.
    private var reconnects = 0
    private var failed = 0
    private var failureCauses: [String: Int] = [:]
    /// Connections the server closed after an answer; the next one is not a reconnect.
    private var closedByServer = 0
    private var nextIsFresh = false
    /// Failed attempts in a row: the backoff grows with them.
    private var failedInARow = 0
    /// No attempt before this (the backoff after a failure or a drop).
    var notBefore: ContinuousClock.Instant?
    /// When the connection dropped, while it is being made again.
    private var droppedAt: ContinuousClock.Instant?
    /// Seconds from each drop to the next connection: the link's times to recover (a few
    /// numbers a run, not a histogram: ten thousand links would each hold 10 KB).
    private(set) var recoverySeconds: [Double] = []

    /// The connection dropped (not by the server's choice after an answer, not at the end).
    mutating func dropped() {
        if droppedAt == nil { droppedAt = .now }
    }

    /// Whether to start an attempt now, which is then under way: not while one is, while
    /// the link is `connected` or closing, nor before the backoff's end.
    mutating func begin(connected: Bool) -> Bool {
        guard !isConnecting && !connected && !isClosing else { return false }
        if let notBefore, ContinuousClock.now < notBefore { return false }
        isConnecting = true
        return true
    }

    mutating func succeeded() {
        isConnecting = false
        failedInARow = 0
        notBefore = nil
        if hasConnected && !nextIsFresh { reconnects += 1 }
        if let droppedAt {
            recoverySeconds.append(Self.seconds(ContinuousClock.now - droppedAt))
            self.droppedAt = nil
        }
        hasConnected = true
        nextIsFresh = false
    }

    /// The server closed the connection by its own choice (`Connection: close`): the next
    /// connection is a fresh one, not a reconnect, and starts at once.
    mutating func closedAfterAnswer() {
        closedByServer += 1
        nextIsFresh = true
        notBefore = nil
    }

    /// The connection closed, not by the server's word after an answer, having given
    /// `answers` answers. One that answered was working (a server closing an idle
    /// connection): the next attempt starts at once, nil. One that closed without a single
    /// answer is a server turning us away: no failed attempt (it connected), but the backoff
    /// grows as for one; how many in a row.
    mutating func closed(afterAnswers answers: Int) -> Int? {
        guard answers == 0 else { return nil }
        failedInARow += 1
        return failedInARow
    }

    /// The attempt failed with `cause`: how many have in a row, for the backoff.
    mutating func failedAttempt(cause: String) -> Int {
        isConnecting = false
        failedInARow += 1
        failed += 1
        failureCauses[cause, default: 0] += 1
        return failedInARow
    }

    /// The link's counts, `open` saying whether its connection is.
    func counts(open: Bool) -> ConnectionCounts {
        var counts = ConnectionCounts()
        counts.open = open ? 1 : 0
        counts.reconnects = reconnects
        counts.failedAttempts = failed
        counts.failureCauses = failureCauses
        counts.closedByServer = closedByServer
        counts.recoverySeconds = recoverySeconds
        if let droppedAt { counts.stillDownSeconds = [Self.seconds(ContinuousClock.now - droppedAt)] }
        return counts
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

/// When a link tries again after its connection failed or dropped: 0.5 s doubled per
/// failure in a row, at most `maximum` (`--reconnect-max`, 5 s by default), and of that a
/// seeded half at random, so a thousand devices dropped at once do not all come back in
/// the same instant. A link is back at most `maximum` after its broker is.
package enum ReconnectBackoff {
    /// 5 s: a broker back after a restart has every device again within 5 s (the 30 s of
    /// before left devices away for up to 30 s after the broker was up).
    package static let defaultMaximum: Duration = .seconds(5)

    static func delay(afterFailures failures: Int, seed: UInt64, maximum: Duration) -> Duration {
        let maximumSeconds = Double(maximum.components.seconds) + Double(maximum.components.attoseconds) * 1e-18
        let base = min(0.5 * Double(1 << min(failures, 20)), maximumSeconds)
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
