// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import NIOCore
import NIOPosix
import Testing
import TrailcastBasics
import TrailcastFeeds

/// The fleet's HTTP sender through its API against a server that takes each connection and
/// reads each request but answers none, as a backend that hangs does: what is counted then
/// is fixed by the sender's options, its queue limit and its request timeout, and not by
/// how fast anything runs.
@Suite("HTTPFleetSender against a server that never answers")
struct HTTPFleetSenderTests {
    static let target = "/?id=device-000000&lat=37.8&lon=-122.4"

    @Test("one request awaiting its answer and a queue limit of 3: of 10 more, 3 queued and 7 refused")
    func queueLimit() async throws {
        let server = try await SilentServer.start()
        let options = HTTPFleetSender.Options(
            host: "127.0.0.1", port: server.port, connections: 1, queueLimit: 3, requestTimeout: .seconds(600))
        let sender = HTTPFleetSender(options: options, classCount: 1, classOfDevice: { _ in 0 })
        sender.send(target: Self.target, slot: 0, device: 0)
        // Its bytes at the server: that request is in flight, and nothing is queued.
        try await Self.first(of: server.arrivals, what: "the first request at the server")
        for _ in 0..<10 { sender.send(target: Self.target, slot: 0, device: 0) }
        var expected = DeliveryCounts()
        expected.sent = 11
        expected.refused = 7
        expected.inFlight = 4
        #expect(sender.counts() == [expected])
        await sender.finish(timeout: .zero)
        await server.close()
    }

    @Test("no answer within a request timeout of 1 s: an error whose cause is 'no answer in 1 s', said at once")
    func requestTimeout() async throws {
        let server = try await SilentServer.start()
        let (notices, notice) = AsyncStream.makeStream(of: String.self)
        var options = HTTPFleetSender.Options(
            host: "127.0.0.1", port: server.port, connections: 1, requestTimeout: .seconds(1))
        options.what = "the OsmAnd server"
        options.notice = { notice.yield($0) }
        let sender = HTTPFleetSender(options: options, classCount: 1, classOfDevice: { _ in 0 })
        sender.send(target: Self.target, slot: 0, device: 0)
        #expect(
            try await Self.first(of: notices, what: "the timeout's notice") == "the OsmAnd server gave no answer in 1 s"
        )
        var expected = DeliveryCounts()
        expected.sent = 1
        expected.errors = 1
        expected.errorCauses = ["no answer in 1 s": 1]
        #expect(sender.counts() == [expected])
        await sender.finish(timeout: .zero)
        await server.close()
    }

    /// A request whose connection closes before any answer is sent once more on a new one
    /// (the connection may have closed idle as it went out); closed again, it is lost, not
    /// an error: nothing answered it.
    @Test("a request whose connection closes unanswered twice: sent twice, then counted lost (not an error)")
    func closedTwiceIsLost() async throws {
        let server = try await SilentServer.start(closesOnRead: true)
        let options = HTTPFleetSender.Options(
            host: "127.0.0.1", port: server.port, connections: 1, requestTimeout: .seconds(600))
        let sender = HTTPFleetSender(options: options, classCount: 1, classOfDevice: { _ in 0 })
        sender.send(target: Self.target, slot: 0, device: 0)
        var expected = DeliveryCounts()
        expected.sent = 1
        expected.lost = 1
        // Settled, lost or otherwise: no longer in flight.
        let deadline = ContinuousClock.now + Patience.hang
        while sender.counts().first?.inFlight != 0 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(sender.counts() == [expected])
        #expect(server.reads.withLock { $0 } == 2, "the request went out twice")
        await sender.finish(timeout: .zero)
        await server.close()
    }

    /// The first element `stream` gives; throws after ``Patience/hang`` without one.
    @discardableResult
    static func first<Element: Sendable>(of stream: AsyncStream<Element>, what: String) async throws -> Element {
        try await withThrowingTaskGroup(of: Element?.self) { group in
            group.addTask { await stream.first { _ in true } }
            group.addTask {
                try await Task.sleep(for: Patience.hang)
                return nil
            }
            defer { group.cancelAll() }
            guard let element = try await group.next() ?? nil else { throw ReplayProcess.TimedOut(what: what) }
            return element
        }
    }
}

/// A server on 127.0.0.1 that takes connections and reads what comes on them, and never
/// answers: ``arrivals`` gives an element each time bytes come. With `closesOnRead`, it
/// closes each connection as its first bytes come (``reads`` counts those connections).
final class SilentServer: Sendable {
    let port: Int
    let arrivals: AsyncStream<Void>
    let reads: LockedValue<Int>
    private let listener: any Channel

    private init(port: Int, arrivals: AsyncStream<Void>, reads: LockedValue<Int>, listener: any Channel) {
        self.port = port
        self.arrivals = arrivals
        self.reads = reads
        self.listener = listener
    }

    static func start(closesOnRead: Bool = false) async throws -> SilentServer {
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let reads = LockedValue(0)
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        Swallower(arrived: arrived, closes: closesOnRead, reads: reads))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return SilentServer(port: listener.localAddress!.port!, arrivals: arrivals, reads: reads, listener: listener)
    }

    func close() async {
        try? await listener.close()
    }
}

/// Reads and keeps nothing, telling of each read; or closes the connection at its first.
private final class Swallower: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let arrived: AsyncStream<Void>.Continuation
    private let closes: Bool
    private let reads: LockedValue<Int>

    init(arrived: AsyncStream<Void>.Continuation, closes: Bool, reads: LockedValue<Int>) {
        self.arrived = arrived
        self.closes = closes
        self.reads = reads
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        arrived.yield()
        guard closes, context.channel.isActive else { return }
        reads.withLock { $0 += 1 }
        context.close(promise: nil)
    }
}
