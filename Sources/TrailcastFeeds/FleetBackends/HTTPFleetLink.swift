// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import NIOCore
import NIOHTTP1
import NIOTLS
import NIOPosix
import TrailcastBasics

/// One HTTP/1.1 connection to the server, kept alive while the server keeps it: a request
/// in flight, a queue behind it.
///
/// HTTP as servers really speak it (RFC 9112 section 9): an answer with `Connection: close`,
/// or an HTTP/1.0 answer without `keep-alive`, ends the connection after it, so the next
/// request goes on a new one at once, with nothing lost and no backoff. A server (or a
/// proxy) may also close a connection it thinks idle just as a request is written on it
/// (section 9.3.1): a request that got no answer at all is sent again, once, on a new
/// connection, as browsers and curl do for a GET. OwnTracks' POSTs are sent again too: the
/// same location with the same `tst`, so at worst the Recorder stores it twice.
final class HTTPFleetLink: FleetLink, @unchecked Sendable {
    // @unchecked: every mutable field is inside `state`, reached only with its lock.
    struct Request {
        var target: String
        /// A POST's JSON body; nil: a GET.
        var body: [UInt8]?
        var headers: [(name: String, value: String)]
        var device: Int
        /// Sent once already, on a connection that closed before answering.
        var isRetry = false
    }

    private struct State {
        var channel: (any Channel)?
        var attempts = ConnectionAttempts()
        var inFlight: Request?
        /// The status of the answer to `inFlight`, once its head has come.
        var answerStatus: HTTPResponseStatus?
        /// Answers the current connection has given: one that gave none and closed is a
        /// failure (backoff), one that gave some was closed idle (a new one at once).
        var answersOnConnection = 0
        var timeout: Scheduled<Void>?
        var queue: [Request] = []
        var queueStart = 0
        var counts: [DeliveryCounts]

        var queued: Int { queue.count - queueStart }
    }

    private let options: HTTPFleetSender.Options
    private let seed: UInt64
    private let classOfDevice: @Sendable (Int) -> Int
    private let state: LockedValue<State>
    private let notices: FailureNotices

    init(
        options: HTTPFleetSender.Options, seed: UInt64, classCount: Int,
        classOfDevice: @escaping @Sendable (Int) -> Int,
        notices: FailureNotices = FailureNotices(what: "the HTTP server", notice: { _ in })
    ) {
        self.notices = notices
        self.options = options
        self.seed = seed
        self.classOfDevice = classOfDevice
        state = LockedValue(State(counts: Array(repeating: DeliveryCounts(), count: classCount)))
    }

    var isBusy: Bool { state.withLock { ($0.inFlight != nil || $0.queued > 0) && !$0.attempts.isClosing } }

    /// The counts, with what is in flight now: the request awaiting its answer and the queue.
    func counts() -> [DeliveryCounts] {
        state.withLock { state in
            var counts = state.counts
            if let request = state.inFlight { counts[classOfDevice(request.device)].inFlight += 1 }
            for request in state.queue[state.queueStart...] { counts[classOfDevice(request.device)].inFlight += 1 }
            return counts
        }
    }

    func connectionCounts() -> ConnectionCounts {
        state.withLock { $0.attempts.counts(open: $0.channel?.isActive == true) }
    }

    func send(_ request: Request) {
        let device = request.device
        let deviceClass = classOfDevice(device)
        let accepted = state.withLock { state -> Bool in
            state.counts[deviceClass].sent += 1
            guard state.queued < options.queueLimit else {
                state.counts[deviceClass].refused += 1
                return false
            }
            state.queue.append(request)
            return true
        }
        guard accepted else { return }
        pump()
    }

    /// Writes the next queued request if the connection is idle; connects if there is none.
    private func pump() {
        enum Step { case none, connect, write(any Channel, Request) }
        let step = state.withLock { state -> Step in
            guard state.inFlight == nil, state.queued > 0, !state.attempts.isClosing else { return .none }
            guard let channel = state.channel else { return state.attempts.isConnecting ? .none : .connect }
            let request = state.queue[state.queueStart]
            state.queueStart += 1
            if state.queueStart > 1024 && state.queueStart * 2 > state.queue.count {
                state.queue.removeFirst(state.queueStart)
                state.queueStart = 0
            }
            state.inFlight = request
            state.answerStatus = nil
            return .write(channel, request)
        }
        switch step {
        case .none: return
        case .connect: connect()
        case .write(let channel, let request): write(request, on: channel)
        }
    }

    private func write(_ request: Request, on channel: any Channel) {
        var head = HTTPRequestHead(version: .http1_1, method: request.body == nil ? .GET : .POST, uri: request.target)
        head.headers.add(name: "Host", value: urlAuthority(host: options.host, port: options.port))
        for (name, value) in options.headers { head.headers.add(name: name, value: value) }
        for (name, value) in request.headers { head.headers.add(name: name, value: value) }
        if let body = request.body {
            head.headers.add(name: "Content-Type", value: "application/json")
            head.headers.add(name: "Content-Length", value: String(body.count))
        }
        let timeout = channel.eventLoop.scheduleTask(in: options.requestTimeout) { [self] in
            // No answer in time: an error, and the connection (which may be wedged) goes.
            let cause = "no answer in \(options.requestTimeout.nanoseconds / 1_000_000_000) s"
            let counted = state.withLock { state -> Bool in
                guard let request = state.inFlight else { return false }
                state.counts[classOfDevice(request.device)].errors += 1
                state.counts[classOfDevice(request.device)].errorCauses[cause, default: 0] += 1
                state.inFlight = nil
                return true
            }
            if counted { notices.report(cause) }
            channel.close(promise: nil)
        }
        state.withLock { $0.timeout = timeout }
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        if let body = request.body {
            channel.write(HTTPClientRequestPart.body(.byteBuffer(channel.allocator.buffer(bytes: body))), promise: nil)
        }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
    }

    /// The head of the answer to the request in flight has come.
    func answerBegan(status: HTTPResponseStatus) {
        state.withLock { $0.answerStatus = status }
    }

    /// The answer to the request in flight is whole; `keepAlive` false: the server closes
    /// the connection after it.
    func answered(status: HTTPResponseStatus, keepAlive: Bool, on channel: any Channel) {
        if !(200..<300).contains(status.code) { notices.report(Self.cause(status)) }
        let closing = state.withLock { state -> Bool in
            guard state.channel === channel else { return false }
            state.timeout?.cancel()
            state.timeout = nil
            state.answersOnConnection += 1
            if let request = state.inFlight {
                state.inFlight = nil
                Self.settle(request, status: status, in: &state, classOfDevice: classOfDevice)
            }
            guard !keepAlive else { return false }
            // Not a drop: the next request goes on a new connection, at once.
            state.channel = nil
            state.attempts.closedAfterAnswer()
            return true
        }
        if closing { channel.close(promise: nil) }
        pump()
    }

    private static func settle(
        _ request: Request, status: HTTPResponseStatus, in state: inout State, classOfDevice: (Int) -> Int
    ) {
        if (200..<300).contains(status.code) {
            state.counts[classOfDevice(request.device)].acknowledged += 1
        } else {
            state.counts[classOfDevice(request.device)].errors += 1
            state.counts[classOfDevice(request.device)].errorCauses[cause(status), default: 0] += 1
        }
    }

    /// A status as the counts name it: `401 Unauthorized`.
    static func cause(_ status: HTTPResponseStatus) -> String {
        "\(status.code) \(status.reasonPhrase)"
    }

    private func connect() {
        let start = state.withLock { $0.attempts.begin(connected: $0.channel != nil) }
        guard start else { return }
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .channelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture {
                    if let security = options.security {
                        try channel.pipeline.syncOperations.addHandler(try security.handler(host: options.host))
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(HTTPAnswerReader(link: self))
                }
            }
        bootstrap.connect(host: options.host, port: options.port).whenComplete { [self] result in
            switch result {
            case .success(let channel):
                let closing = state.withLock { state -> Bool in
                    state.attempts.succeeded()
                    state.channel = channel
                    state.answersOnConnection = 0
                    return state.attempts.isClosing
                }
                channel.closeFuture.whenComplete { [self] _ in disconnected(channel) }
                if closing { channel.close(promise: nil) }
                pump()
            case .failure(let error):
                let cause = connectFailureReason(error)
                notices.report(cause, connecting: true)
                retry(after: state.withLock { $0.attempts.failedAttempt(cause: cause) })
            }
        }
    }

    /// The connection closed without the server saying it would: idle, dropped, or reset.
    private func disconnected(_ channel: any Channel) {
        enum Next { case nothing, now, backoff(Int) }
        let next = state.withLock { state -> Next in
            guard state.channel === channel else { return .nothing }
            state.channel = nil
            state.timeout?.cancel()
            state.timeout = nil
            if state.attempts.isClosing { return .nothing }
            if let request = state.inFlight {
                state.inFlight = nil
                if let status = state.answerStatus {
                    // The answer's head came, and its body ended with the connection.
                    Self.settle(request, status: status, in: &state, classOfDevice: classOfDevice)
                } else if !request.isRetry {
                    // Closed before any answer, perhaps idle as the request went out: once more.
                    state.attempts.dropped()
                    var again = request
                    again.isRetry = true
                    if state.queueStart > 0 {
                        state.queueStart -= 1
                        state.queue[state.queueStart] = again
                    } else {
                        state.queue.insert(again, at: 0)
                    }
                } else {
                    state.attempts.dropped()
                    state.counts[classOfDevice(request.device)].lost += 1
                }
            }
            return state.attempts.closed(afterAnswers: state.answersOnConnection).map(Next.backoff) ?? .now
        }
        switch next {
        case .nothing: return
        case .now: pump()
        case .backoff(let failures): retry(after: failures)
        }
    }

    private func retry(after failures: Int) {
        let delay = ReconnectBackoff.delay(afterFailures: failures, seed: seed, maximum: options.reconnectMaximum)
        state.withLock { $0.attempts.notBefore = ContinuousClock.now.advanced(by: delay) }
        ReconnectBackoff.schedule(after: delay) { [self] in pump() }
    }

    /// Ends the link: what is still queued or awaiting its answer is counted in flight at the end.
    func close() async {
        let channel = state.withLock { state -> (any Channel)? in
            state.attempts.isClosing = true
            return state.channel
        }
        try? await channel?.close()
    }
}

/// Reads the server's answers (their status, and whether the connection stays open) and
/// hands each to its link.
private final class HTTPAnswerReader: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    private let link: HTTPFleetLink
    private var head: HTTPResponseHead?

    init(link: HTTPFleetLink) { self.link = link }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            link.answerBegan(status: head.status)
        case .body: break
        case .end:
            // `isKeepAlive`: HTTP/1.1 unless `Connection: close`; HTTP/1.0 only with
            // `Connection: keep-alive` (RFC 9112 section 9.3).
            if let head { link.answered(status: head.status, keepAlive: head.isKeepAlive, on: context.channel) }
            head = nil
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// Completes when a TLS handshake does, or fails with what ended it (the probes').
final class HandshakeWaiter: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let result: HandshakeResult

    init(_ result: HandshakeResult) { self.result = result }

    private func complete(_ outcome: Result<Void, any Error>) { result.complete(outcome) }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted = event as? TLSUserEvent { complete(.success(())) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        complete(.failure(error))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        complete(.failure(ChannelError.eof))
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        complete(.failure(ChannelError.eof))
    }
}

/// A handshake's outcome, completed once by whichever comes first: the handshake, its
/// failure, the connection's end, or the connect's failure.
final class HandshakeResult: Sendable {
    let promise: EventLoopPromise<Void>
    private let completed = LockedValue(false)

    init(_ promise: EventLoopPromise<Void>) { self.promise = promise }

    func complete(_ outcome: Result<Void, any Error>) {
        guard
            completed.withLock({ done in
                defer { done = true }; return !done
            })
        else { return }
        promise.completeWith(outcome)
    }
}
