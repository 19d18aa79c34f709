public import NIOCore
import NIOHTTP1
import NIOPosix
import TrailcastBasics

/// The fleet's HTTP side: positions sent to a Traccar server in its OsmAnd protocol, as GET
/// requests over a few keep-alive connections (`--connections N`, 8 by default), one
/// request at a time on each, with a short queue behind it. A full queue refuses; a non-2xx
/// answer or a timeout is an error; a connection lost is made again with backoff. None of it
/// stops the run.
public final class OsmAndFleetSender: Sendable {
    public struct Options: Sendable {
        public var host: String
        public var port: Int
        public var connections: Int
        /// Requests waiting behind the one in flight, per connection.
        public var queueLimit: Int
        public var requestTimeout: TimeAmount
        /// Put before each request's `/?id=...`: the server's place behind a proxy
        /// (`/osmand`); "" for Traccar itself.
        public var pathPrefix: String

        public init(
            host: String, port: Int, pathPrefix: String = "", connections: Int = 8, queueLimit: Int = 256,
            requestTimeout: TimeAmount = .seconds(10)
        ) {
            self.host = host
            self.port = port
            self.pathPrefix = pathPrefix.hasSuffix("/") ? String(pathPrefix.dropLast()) : pathPrefix
            self.connections = connections
            self.queueLimit = queueLimit
            self.requestTimeout = requestTimeout
        }
    }

    private let links: [OsmAndLink]
    private let classOfDevice: @Sendable (Int) -> Int

    public init(options: Options, classCount: Int, classOfDevice: @escaping @Sendable (Int) -> Int) {
        self.classOfDevice = classOfDevice
        links = (0..<max(options.connections, 1)).map { index in
            OsmAndLink(options: options, seed: UInt64(index), classCount: classCount, classOfDevice: classOfDevice)
        }
    }

    /// Opens a TCP connection to the server and closes it: whether it is there before a run starts.
    public static func probe(_ options: Options) async throws(OsmAndUnreachable) {
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(5))
                .connect(host: options.host, port: options.port).get()
            try? await channel.close()
        } catch {
            throw OsmAndUnreachable(description: "cannot reach the OsmAnd server at \(options.host):\(options.port): \(error)")
        }
    }

    /// Sends one position (`target`: ``OsmAndLocation/requestTarget()``) of a shard slot's device.
    public func send(target: String, slot: Int, device: Int) {
        links[slot % links.count].send(target: target, device: device)
    }

    public func counts() -> [DeliveryCounts] { links.totalCounts() }

    public func connectionCounts() -> ConnectionCounts { links.totalConnectionCounts() }

    /// Waits (up to `timeout`) for the answers still due, then closes the connections;
    /// what is still queued then is lost.
    public func finish(timeout: Duration) async {
        await links.wait(timeout: timeout, while: \.isBusy)
        for link in links { link.close() }
    }
}

/// The OsmAnd server cannot be reached.
public struct OsmAndUnreachable: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// One keep-alive HTTP/1.1 connection to the server: a request in flight, a queue behind it.
final class OsmAndLink: FleetLink, @unchecked Sendable {
    // @unchecked: every mutable field is inside `state`, reached only with its lock.
    struct Request {
        var target: String
        var device: Int
    }

    private struct State {
        var channel: (any Channel)?
        var attempts = ConnectionAttempts()
        var inFlight: Request?
        var timeout: Scheduled<Void>?
        var queue: [Request] = []
        var queueStart = 0
        var counts: [DeliveryCounts]

        var queued: Int { queue.count - queueStart }
    }

    private let options: OsmAndFleetSender.Options
    private let seed: UInt64
    private let classOfDevice: @Sendable (Int) -> Int
    private let state: LockedValue<State>

    init(options: OsmAndFleetSender.Options, seed: UInt64, classCount: Int, classOfDevice: @escaping @Sendable (Int) -> Int) {
        self.options = options
        self.seed = seed
        self.classOfDevice = classOfDevice
        state = LockedValue(State(counts: Array(repeating: DeliveryCounts(), count: classCount)))
    }

    var isBusy: Bool { state.withLock { ($0.inFlight != nil || $0.queued > 0) && $0.channel != nil } }
    func counts() -> [DeliveryCounts] { state.withLock { $0.counts } }

    func connectionCounts() -> ConnectionCounts {
        state.withLock { $0.attempts.counts(open: $0.channel?.isActive == true) }
    }

    func send(target: String, device: Int) {
        let deviceClass = classOfDevice(device)
        let accepted = state.withLock { state -> Bool in
            guard state.queued < options.queueLimit else {
                state.counts[deviceClass].refused += 1
                return false
            }
            state.queue.append(Request(target: target, device: device))
            return true
        }
        guard accepted else { return }
        pump()
    }

    /// Writes the next queued request if the connection is idle; connects if there is none.
    private func pump() {
        enum Step { case none, connect, write(any Channel, Request) }
        let step = state.withLock { state -> Step in
            guard state.inFlight == nil, state.queued > 0 else { return .none }
            guard let channel = state.channel else { return state.attempts.isConnecting ? .none : .connect }
            let request = state.queue[state.queueStart]
            state.queueStart += 1
            if state.queueStart > 1024 && state.queueStart * 2 > state.queue.count {
                state.queue.removeFirst(state.queueStart)
                state.queueStart = 0
            }
            state.inFlight = request
            state.counts[classOfDevice(request.device)].sent += 1
            return .write(channel, request)
        }
        switch step {
        case .none: return
        case .connect: connect()
        case .write(let channel, let request): write(request, on: channel)
        }
    }

    private func write(_ request: Request, on channel: any Channel) {
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: options.pathPrefix + request.target)
        head.headers.add(name: "Host", value: urlAuthority(host: options.host, port: options.port))
        head.headers.add(name: "User-Agent", value: "trailcast-fleet")
        let timeout = channel.eventLoop.scheduleTask(in: options.requestTimeout) { [self] in
            // No answer in time: an error, and the connection (which may be wedged) goes.
            state.withLock { state in
                if let request = state.inFlight {
                    state.counts[classOfDevice(request.device)].errors += 1
                    state.inFlight = nil
                }
            }
            channel.close(promise: nil)
        }
        state.withLock { $0.timeout = timeout }
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
    }

    /// The answer to the request in flight.
    func answered(status: HTTPResponseStatus) {
        state.withLock { state in
            state.timeout?.cancel()
            state.timeout = nil
            guard let request = state.inFlight else { return }
            state.inFlight = nil
            if (200..<300).contains(status.code) {
                state.counts[classOfDevice(request.device)].acknowledged += 1
            } else {
                state.counts[classOfDevice(request.device)].errors += 1
            }
        }
        pump()
    }

    private func connect() {
        let start = state.withLock { $0.attempts.begin(connected: $0.channel != nil) }
        guard start else { return }
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(OsmAndAnswerReader(link: self))
                }
            }
        bootstrap.connect(host: options.host, port: options.port).whenComplete { [self] result in
            switch result {
            case .success(let channel):
                state.withLock { state in
                    state.attempts.succeeded()
                    state.channel = channel
                }
                channel.closeFuture.whenComplete { [self] _ in disconnected(channel) }
                pump()
            case .failure:
                retry(after: state.withLock { $0.attempts.failedAttempt() })
            }
        }
    }

    private func disconnected(_ channel: any Channel) {
        let reconnect = state.withLock { state -> Bool in
            guard state.channel === channel else { return false }
            state.channel = nil
            state.timeout?.cancel()
            state.timeout = nil
            if let request = state.inFlight {
                // Written, never answered: lost with the connection.
                state.counts[classOfDevice(request.device)].lost += 1
                state.inFlight = nil
            }
            return !state.attempts.isClosing
        }
        if reconnect { retry(after: 0) }
    }

    private func retry(after failures: Int) {
        let delay = ReconnectBackoff.delay(afterFailures: failures, seed: seed)
        state.withLock { $0.attempts.notBefore = ContinuousClock.now.advanced(by: delay) }
        ReconnectBackoff.schedule(after: delay) { [self] in pump() }
    }

    func close() {
        let channel = state.withLock { state -> (any Channel)? in
            state.attempts.isClosing = true
            for request in state.queue[state.queueStart...] { state.counts[classOfDevice(request.device)].lost += 1 }
            state.queue.removeAll()
            state.queueStart = 0
            return state.channel
        }
        channel?.close(promise: nil)
    }
}

/// Reads the server's answers (only their status matters) and hands each to its link.
private final class OsmAndAnswerReader: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    private let link: OsmAndLink
    private var status: HTTPResponseStatus?

    init(link: OsmAndLink) { self.link = link }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): status = head.status
        case .body: break
        case .end:
            if let status { link.answered(status: status) }
            status = nil
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
