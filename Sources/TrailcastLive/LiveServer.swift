// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
package import TrailcastReport
import TrailcastBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
package import TrailcastEngine

/// The live view of a running replay over HTTP: `GET /` (the live page), `GET /map.svg`
/// (the map of `report`, which the run's recorder fills), `GET /events` (the timeline as
/// Server-Sent Events), `GET /location` (the device's latest report), `GET /health`, and
/// `POST /pause`, `/resume`, `/speed?multiplier=N`, for holders of ``access``'s token and
/// the server's own pages only (``ControlAccess``).
///
/// ```swift
/// let journal = try EventJournal()
/// let control = ReplayControl(speed: 60)
/// let latest = LatestDeviceReport()
/// let server = try await LiveServer.start(host: "127.0.0.1", port: 0, journal: journal, latest: latest, control: control)
/// var recorder = LiveEventRecorder(journal: journal)
/// _ = try await replay.run(clock: ContinuousClock(), recorder: &recorder, device: latest, control: control)
/// await server.close()
/// ```
package final class LiveServer: Sendable {
    /// The port it listens on (the one chosen, for port 0).
    package let port: Int
    /// Who may use the controls; its token is the run's.
    package let access: ControlAccess
    private let group: ServiceGroup
    private let task: Task<Void, any Error>
    private let journal: EventJournal
    /// The journal's keep-alive moments, for every stream.
    private let keepAlive: Task<Void, Never>

    private init(
        port: Int, access: ControlAccess, group: ServiceGroup, task: Task<Void, any Error>, journal: EventJournal,
        keepAlive: Task<Void, Never>
    ) {
        self.port = port
        self.access = access
        self.group = group
        self.task = task
        self.journal = journal
        self.keepAlive = keepAlive
    }

    /// Listens on `host:port` (port 0: a free one) and serves until ``close()``.
    ///
    /// - Throws: ``LiveServerError`` when it cannot listen (port in use, unknown host).
    package static func start(
        host: String, port: Int, journal: EventJournal, latest: LatestDeviceReport, control: ReplayControl,
        access: ControlAccess? = nil, report: ReportCollector = ReportCollector(),
        keepAliveInterval: Duration = .seconds(15)
    ) async throws(LiveServerError) -> LiveServer {
        let access = access ?? ControlAccess(servedHost: host)
        // Hummingbird's own lines ("Server started") would land amid the timeline's.
        var logger = Logger(label: "trailcast.live")
        logger.logLevel = .critical
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            responder: LiveResponder(
                journal: journal, latest: latest, control: control, access: access, report: report),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? port)
                portContinuation.finish()
            },
            logger: logger)
        var configuration = ServiceGroupConfiguration(services: [application], logger: logger)
        // Streams still sending to a client that stopped reading are cut after this.
        configuration.maximumGracefulShutdownDuration = .seconds(3)
        let group = ServiceGroup(configuration: configuration)
        let task = Task {
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let boundPort = await iterator.next() else {
            // The server stopped before it listened: its error says why.
            let reason: String
            switch await task.result {
            case .failure(let error): reason = Self.reason(error, host: host, port: port)
            case .success: reason = "the server stopped before it listened"
            }
            throw LiveServerError(host: host, port: port, reason: reason)
        }
        // A comment line this often keeps proxies from dropping an idle stream.
        let keepAlive = Task {
            while (try? await Task.sleep(for: keepAliveInterval)) != nil { journal.tickKeepAlive() }
        }
        return LiveServer(
            port: boundPort, access: access, group: group, task: task, journal: journal, keepAlive: keepAlive)
    }

    /// The run is over: event streams send what is left and end (a client that has
    /// stopped reading is cut off after 3 s), then the server stops.
    package func close() async {
        keepAlive.cancel()
        journal.finish()
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    /// What went wrong, in words: `Address already in use` rather than a NIO dump.
    private static func reason(_ error: any Error, host: String, port: Int) -> String {
        if let error = error as? IOError { return ListenFailure.reason(errno: error.errnoCode, host: host, port: port) }
        if let error = error as? SocketAddressError.UnknownHost { return "unknown host (\(error.errorDescription))" }
        return String(describing: error)
    }
}

/// The live server could not listen.
package struct LiveServerError: Error, Sendable, CustomStringConvertible {
    package var host: String
    package var port: Int
    package var reason: String

    package var description: String {
        "cannot serve the live stream on \(host.contains(":") ? "[\(host)]" : host):\(port): \(reason)"
    }
}
