// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The failures a ``WeatherServer`` injects into its weather answers, so an app or a test
/// suite can be tried against a slow, flaky or rate-limited Open-Meteo.
///
/// Each weather request (not `/health`) goes through the checks in this order:
/// 1. the rate limit: past ``rateLimitPerMinute`` answered requests in the last 60 s, HTTP 429
///    with Open-Meteo's body;
/// 2. ``latency``, added before anything else is decided;
/// 3. ``timeoutRate``: the request is held without an answer until the client gives up or
///    the server shuts down;
/// 4. ``failRate``: HTTP 500 with `{"error":true,"reason":"..."}`;
/// 5. ``malformedRate``: HTTP 200 with a good answer cut in half (never applied to a 400).
///
/// The random draws come from ``seed`` in the order requests arrive, three per request
/// whichever rates are set, so the same seed and the same requests give the same faults.
///
/// ```swift
/// let flaky = WeatherServerFaults(failRate: 0.2, latency: .milliseconds(250), seed: 7)
/// ```
public struct WeatherServerFaults: Sendable, Equatable {
    /// The share of requests, 0...1, answered with HTTP 500.
    public var failRate: Double
    /// The delay added to every weather answer (cut short when the server shuts down).
    public var latency: Duration
    /// The share of requests, 0...1, held without an answer.
    public var timeoutRate: Double
    /// The share of requests, 0...1, answered with HTTP 200 and truncated JSON.
    public var malformedRate: Double
    /// How many weather requests are answered in any 60 s; later ones get HTTP 429. `nil`: no limit.
    public var rateLimitPerMinute: Int?
    /// The seed of the fault draws.
    public var seed: UInt64

    /// Faults as given; the defaults inject nothing.
    public init(
        failRate: Double = 0, latency: Duration = .zero, timeoutRate: Double = 0,
        malformedRate: Double = 0, rateLimitPerMinute: Int? = nil, seed: UInt64 = 0
    ) {
        self.failRate = failRate
        self.latency = latency
        self.timeoutRate = timeoutRate
        self.malformedRate = malformedRate
        self.rateLimitPerMinute = rateLimitPerMinute
        self.seed = seed
    }

    /// The first setting that is out of range, in words (`the fail rate must be within 0...1,
    /// not 1.5`), or nil if all are usable: for a command line to reject before starting.
    public var problem: String? {
        for (name, rate) in [("fail rate", failRate), ("timeout rate", timeoutRate), ("malformed rate", malformedRate)]
        where !(0...1).contains(rate) {
            return "the \(name) must be within 0...1, not \(rate)"
        }
        if latency < .zero { return "the latency must not be negative" }
        if let rateLimitPerMinute, rateLimitPerMinute < 0 {
            return "the rate limit must not be negative, not \(rateLimitPerMinute)"
        }
        return nil
    }
}
