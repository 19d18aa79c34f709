// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// What happened to the messages given to one backend, for one class of devices or all.
///
/// One definition, shared by the progress line and the summary: every message the fleet
/// gives a backend is ``sent``, and ends as exactly one of the five others, so that
/// `sent == acknowledged + refused + lost + errors + inFlight` at every moment.
package struct DeliveryCounts: Sendable, Equatable {
    /// Every message the fleet gave this backend (one per location its apps had to send).
    package var sent = 0
    /// Acknowledged by the backend: PUBACKs at QoS 1, written at QoS 0, 2xx answers over HTTP.
    package var acknowledged = 0
    /// Not taken because the connection could not take it now: its socket buffer full, too
    /// many awaiting acknowledgement, its queue full (the run never waits for a backend).
    package var refused = 0
    /// Lost to a connection that was down: dropped while (re)connecting once the few a
    /// connection holds for it were held, or written and never acknowledged before the
    /// connection closed (after the one retry HTTP gets).
    package var lost = 0
    /// Answered with an error: a non-2xx status, or no answer in time.
    package var errors = 0
    /// Given and not settled yet: waiting for a connection, queued, or written and
    /// awaiting the answer. At the end of a run, what was still awaited when it stopped
    /// waiting (neither known lost nor known delivered).
    package var inFlight = 0
    /// The ``errors`` by cause, each with its count: an HTTP status in its words
    /// (`401 Unauthorized`), or `no answer in 10 s`.
    package var errorCauses: [String: Int] = [:]

    package init() {}

    /// The causes, most frequent first (ties by name): `401 Unauthorized: 50`.
    package var causesText: String {
        errorCauses.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key): \($0.value)" }.joined(
            separator: ", ")
    }

    /// Each total by the name the progress line and the summary both give it, in order.
    package var named: [(name: StaticString, value: Int)] {
        [
            ("sent", sent), ("acknowledged", acknowledged), ("refused", refused), ("lost", lost), ("errors", errors),
            ("inFlight", inFlight),
        ]
    }

    /// Whether the totals add up: every message sent is exactly one of the others.
    package var addsUp: Bool { sent == acknowledged + refused + lost + errors + inFlight }

    package static func + (left: DeliveryCounts, right: DeliveryCounts) -> DeliveryCounts {
        var sum = left
        sum.sent += right.sent
        sum.acknowledged += right.acknowledged
        sum.refused += right.refused
        sum.lost += right.lost
        sum.errors += right.errors
        sum.inFlight += right.inFlight
        sum.errorCauses.merge(right.errorCauses, uniquingKeysWith: +)
        return sum
    }
}

/// What happened to a backend's connections: a count of their own, apart from the
/// messages' (a failed attempt loses no message by itself).
package struct ConnectionCounts: Sendable, Equatable {
    /// Connections open now.
    package var open = 0
    /// Connections made again after one was dropped.
    package var reconnects = 0
    /// Attempts that failed (refused, unreachable, timed out, a TLS or login refusal).
    package var failedAttempts = 0
    /// The failed attempts by cause, in the words of the error each ended with
    /// (`connection refused`, `not authorized`).
    package var failureCauses: [String: Int] = [:]
    /// Connections the server closed by its own choice after an answer (`Connection:
    /// close`, HTTP/1.0): each made anew at once, no message lost and no backoff.
    package var closedByServer = 0
    /// Seconds from each drop to the connection made again: the links' times to recover.
    package var recoverySeconds: [Double] = []
    /// For each link down now, the seconds since it dropped.
    package var stillDownSeconds: [Double] = []

    package init() {}

    /// Each count by the name the progress line and the summary both give it.
    package var named: [(name: StaticString, value: Int)] {
        [
            ("open", open), ("reconnects", reconnects), ("failedAttempts", failedAttempts),
            ("closedByServer", closedByServer),
        ]
    }

    /// `connection refused: 12, timed out: 3`: most frequent first.
    package var failureCausesText: String {
        failureCauses.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key): \($0.value)" }.joined(
            separator: ", ")
    }
}
