// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Hummingbird
package import Logging
import NIOCore
import ServiceLifecycle
import TrailcastBasics
import UnixSignals
package import TrailcastWeather
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An Open-Meteo-compatible weather server backed by the built-in ``WeatherModel``, with
/// injectable faults, for pointing an app or a test suite at instead of the real service.
///
/// It answers `GET /v1/forecast` and `GET /v1/archive` in Open-Meteo's format (see
/// ``WeatherServerFaults`` for the failures it can add) and `GET /health` with
/// `{"status":"ok"}`, and logs one line per request to `logger`.
///
/// In tests, start it on an ephemeral port and stop it when done:
///
/// ```swift
/// let server = WeatherServer(port: 0, faults: WeatherServerFaults(failRate: 0.5, seed: 1))
/// try await server.withRunningServer { port in
///     // GET http://127.0.0.1:\(port)/v1/forecast?latitude=47.37&longitude=8.54&hourly=temperature_2m
/// }
/// ```
package struct WeatherServer: Sendable {
    /// The address to listen on; `127.0.0.1` keeps it off the network.
    package let host: String
    /// The port to listen on; 0 lets the system choose a free one.
    package let port: Int
    package let faults: WeatherServerFaults
    package let model: WeatherModel
    /// Weather recorded earlier (`--cache DIR`), answered where it covers the hour; the
    /// model answers elsewhere.
    package let recorded: (any RecordedConditions)?
    /// Where the one line per request goes.
    package let logger: Logger
    /// A connection with no request in progress for this long is closed: an idle keep-alive
    /// connection, or one whose request never finishes arriving (a client sending half a
    /// request and waiting, on purpose or not, would otherwise hold its socket for ever).
    package let idleTimeout: Duration
    private let unixTime: @Sendable () -> Int
    /// The clock on which a request held by the timeout fault gives up after ten minutes
    /// (when neither its client nor a shutdown has ended it first); tests pass a test clock.
    package let holdClock: any Clock<Duration>

    /// nginx's `client_header_timeout`, a minute.
    package static let defaultIdleTimeout = Duration.seconds(60)

    /// The system's wall clock in whole seconds since 1970: the default "now".
    @Sendable package static func systemUnixTime() -> Int { Int(time(nil)) }

    /// A server that is not running yet; ``run(handlesSignals:onListening:)`` or
    /// ``withRunningServer(_:)`` starts it.
    ///
    /// - Parameter currentUnixTime: The wall clock in seconds since 1970, which places
    ///   "today" for the default forecast window and `current`; tests can fix it.
    package init(
        host: String = "127.0.0.1", port: Int = 8080, faults: WeatherServerFaults = .init(),
        model: WeatherModel = WeatherModel(), recorded: (any RecordedConditions)? = nil,
        logger: Logger = Logger(label: "trailcast.serve-weather"), idleTimeout: Duration = defaultIdleTimeout,
        currentUnixTime: @escaping @Sendable () -> Int = WeatherServer.systemUnixTime,
        holdClock: any Clock<Duration> = ContinuousClock()
    ) {
        self.holdClock = holdClock
        self.idleTimeout = idleTimeout
        self.host = host
        self.port = port
        self.faults = faults
        self.model = model
        self.recorded = recorded
        self.logger = logger
        unixTime = currentUnixTime
    }

    /// Serves until the task is cancelled or a graceful shutdown (SIGINT/SIGTERM when
    /// `handlesSignals`); calls `onListening` with the bound port once listening (port 0 =
    /// ephemeral), before the first request is accepted.
    ///
    /// A graceful shutdown stops accepting connections, answers requests in progress
    /// (cutting the latency fault short), drops requests held by the timeout fault, and
    /// returns.
    ///
    /// - Throws: ``WeatherServerError/cannotListen(host:port:reason:)`` if it cannot start.
    package func run(
        handlesSignals: Bool = false, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let listening = ListeningFlag()
        let group = serviceGroup(signals: handlesSignals ? [.sigint, .sigterm] : []) { port in
            listening.set()
            await onListening(port)
        }
        try await run(group, listening: listening)
    }

    /// Starts the server on its port (use port 0 in tests), runs `body` with the bound port,
    /// then shuts the server down (also when `body` throws), promptly even if requests are
    /// being held by the timeout fault.
    ///
    /// - Throws: What `body` throws, or ``WeatherServerError/cannotListen(host:port:reason:)``.
    package func withRunningServer<T: Sendable>(_ body: @Sendable (Int) async throws -> T) async throws -> T {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let listening = ListeningFlag()
        let group = serviceGroup(signals: []) { port in
            listening.set()
            portContinuation.yield(port)
        }
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask {
                defer { portContinuation.finish() }
                try await run(group, listening: listening)
            }
            var portIterator = ports.makeAsyncIterator()
            guard let port = await portIterator.next() else {
                // The server stopped before it listened: its error says why.
                try await tasks.waitForAll()
                throw CancellationError()
            }
            let result: Result<T, any Error>
            do {
                result = .success(try await body(port))
            } catch {
                result = .failure(error)
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return try result.get()
        }
    }

    private var idleTimeoutNanoseconds: Int64 {
        let (seconds, attoseconds) = idleTimeout.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// `host:port`, with an IPv6 host in brackets as URLs write it.
    package static func authority(host: String, port: Int) -> String {
        urlAuthority(host: host, port: port)
    }

    private func serviceGroup(
        signals: [UnixSignal], onListening: @escaping @Sendable (Int) async -> Void
    ) -> ServiceGroup {
        let responder = WeatherResponder(
            endpoints: ForecastEndpoints(model: model, recorded: recorded), schedule: FaultSchedule(faults),
            logger: logger, unixTime: unixTime, holdClock: holdClock)
        let application = Application(
            responder: responder,
            server: .http1(configuration: .init(idleTimeout: .nanoseconds(idleTimeoutNanoseconds))),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { [port] channel in
                await onListening(channel.localAddress?.port ?? port)
            },
            logger: frameworkLogger)
        var configuration = ServiceGroupConfiguration(
            services: [application], gracefulShutdownSignals: signals, logger: frameworkLogger)
        // A safety net only: held and delayed requests end at once on shutdown.
        configuration.maximumGracefulShutdownDuration = .seconds(5)
        return ServiceGroup(configuration: configuration)
    }

    /// Hummingbird's and ServiceLifecycle's own logging ("Server started", a failed start
    /// as an error line before ours). It would break the one line per request, so it is
    /// silent unless `logger` is at debug level or below.
    private var frameworkLogger: Logger {
        var framework = logger
        if logger.logLevel > .debug { framework.logLevel = .critical }
        return framework
    }

    private func run(_ group: ServiceGroup, listening: ListeningFlag) async throws {
        do {
            try await group.run()
        } catch  where !listening.isSet {
            throw WeatherServerError.cannotListen(
                host: host, port: port, reason: Self.reason(error, host: host, port: port))
        }
    }

    /// What went wrong, in words: `Address already in use` rather than a NIO dump.
    private static func reason(_ error: any Error, host: String, port: Int) -> String {
        if let error = error as? IOError {
            return ListenFailure.reason(errno: error.errnoCode, host: host, port: port)
        }
        if let error = error as? SocketAddressError.UnknownHost {
            return "unknown host (\(error.errorDescription))"
        }
        return String(describing: error)
    }
}

/// Whether the server got as far as listening: an error before is a failure to start.
private final class ListeningFlag: Sendable {
    private let value = LockedValue(false)

    var isSet: Bool { value.withLock { $0 } }

    func set() {
        value.withLock { $0 = true }
    }
}
