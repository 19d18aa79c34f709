// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
package import NIOCore
import NIOPosix
import TrailcastBasics
import TrailcastWire

/// `--android-emulator [HOST:]PORT`: drives a running Android emulator's location through
/// its console (telnet-style, 127.0.0.1:5554 for the first emulator).
///
/// The console greets with a banner ending in `OK`; when it asks for authentication the
/// feed sends `auth TOKEN` (the token from `~/.emulator_console_auth_token`, or given).
/// Then, per fix, `geo fix LONGITUDE LATITUDE ALTITUDE SATELLITES VELOCITY` (longitude
/// first; satellites 1-12; velocity in knots, as the console's help says; it takes no
/// course). Every command is answered `OK` or `KO: reason`; `adb emu` exits 0 even on a
/// `KO`, so the replies are read, and a `KO`, a closed console or one that stops answering
/// ends the run with one error line rather than a hang.
///
/// Replies are read beside the run: a command's `KO` surfaces at the next fix.
package final class AndroidEmulatorFeed: Feed {
    /// Commands sent without a reply before the console counts as not answering.
    package static let unansweredLimit = 50

    private let channel: any Channel
    private let replies: ConsoleReplies

    /// Connects, reads the banner and authenticates; `timeout` bounds each step.
    package static func connect(
        host: String, port: Int, token: String?, timeout: TimeAmount = .seconds(5)
    ) async throws -> AndroidEmulatorFeed {
        let replies = ConsoleReplies()
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(timeout)
                .channelInitializer { channel in
                    channel.pipeline.addHandler(ConsoleLineReader(replies: replies))
                }
                .connect(host: host, port: port).get()
        } catch {
            throw FeedError.peerFailed("cannot reach the Android emulator console at \(host):\(port): \(error)")
        }
        let feed = AndroidEmulatorFeed(channel: channel, replies: replies)
        // The banner: lines, the last one `OK`.
        let banner = try await replies.nextReply(timeout: timeout, what: "its banner")
        if banner.lines.contains(where: { $0.contains("Authentication required") }) {
            guard let token, !token.isEmpty else {
                throw FeedError.peerFailed(
                    "the Android emulator console asks for a token: none in ~/.emulator_console_auth_token or --android-token"
                )
            }
            try await feed.send("auth \(token)")
            let answer = try await replies.nextReply(timeout: timeout, what: "its answer to auth")
            if let failure = answer.failure {
                throw FeedError.peerFailed("the Android emulator console refused auth: \(failure)")
            }
        }
        replies.finishHandshake()
        return feed
    }

    private init(channel: any Channel, replies: ConsoleReplies) {
        self.channel = channel
        self.replies = replies
    }

    package func deviceReported(_ epoch: DeviceEpoch) throws {
        if let failure = replies.failure { throw FeedError.peerFailed(failure) }
        // No fix, nothing to set: the emulated device keeps its last position.
        guard let fix = epoch.fix else { return }
        guard replies.unanswered < Self.unansweredLimit else {
            throw FeedError.peerFailed(
                "the Android emulator console stopped answering (\(Self.unansweredLimit) commands unanswered)")
        }
        let command = Self.geoFix(fix)
        replies.sent(command)
        channel.writeAndFlush(ByteBuffer(string: command + "\n"), promise: nil)
    }

    package func deviceStreamEnded() throws {
        if let failure = replies.failure { throw FeedError.peerFailed(failure) }
    }

    /// Waits, at most 10 s, for the console to answer every command sent: the run's last
    /// fixes are then known to be applied, and a `KO` to one of them is still reported. An
    /// emulator answers in milliseconds; 10 s, not 2, for one on a loaded machine (the tests'
    /// console stub shares two cores with the whole suite), and a console that answers
    /// nothing holds the run's end no longer than that.
    package func finish() async throws {
        try await finish(timeout: .seconds(10))
    }

    /// ``finish()`` with another bound.
    package func finish(timeout: TimeAmount) async throws {
        let deadline = ContinuousClock.now.advanced(by: .nanoseconds(timeout.nanoseconds))
        // The console answers in milliseconds: a short poll is simpler than a waiter.
        while replies.unanswered > 0, replies.failure == nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        if let failure = replies.failure { throw FeedError.peerFailed(failure) }
    }

    /// Closes the console connection (the emulator keeps running).
    package func close() async {
        _ = try? await channel.close()
    }

    private func send(_ command: String) async throws {
        replies.sent(command)
        try await channel.writeAndFlush(ByteBuffer(string: command + "\n")).get()
    }

    /// `geo fix LONGITUDE LATITUDE ALTITUDE SATELLITES VELOCITY`.
    static func geoFix(_ fix: LocationFix) -> String {
        let dilution = max(fix.horizontalAccuracyMeters / NMEAEncoder.metersPerDilution, 0.5)
        let satellites = NMEAEncoder.satellites(horizontalDilution: dilution)
        let knots = max(fix.speedMetersPerSecond, 0) * NMEAEncoder.knotsPerMeterPerSecond
        return
            "geo fix \(NMEAEncoder.decimal(fix.longitude, digits: 7)) \(NMEAEncoder.decimal(fix.latitude, digits: 7)) "
            + "\(NMEAEncoder.decimal(fix.altitudeMeters ?? 0, digits: 1)) \(satellites) \(NMEAEncoder.decimal(knots, digits: 2))"
    }
}

/// The console's replies as they arrive: lines, each reply ending with `OK` or `KO: ...`.
/// During the handshake they are queued for ``nextReply(timeout:what:)``; after it, each
/// answers the oldest command not yet answered, and the first `KO` is kept as the failure.
final class ConsoleReplies: Sendable {
    struct Reply: Sendable {
        var lines: [String]
        var failure: String?
    }

    private struct State {
        var pendingLines: [String] = []
        var queue: [Reply] = []
        var handshakeDone = false
        /// Commands sent and not answered yet, oldest first (at most ``AndroidEmulatorFeed/unansweredLimit``).
        var unansweredCommands: [String] = []
        var failure: String?
        var closed = false
    }

    private let state = LockedValue(State())

    /// The first failure: a `KO` to a command, or the console closing.
    var failure: String? { state.withLock { $0.failure } }
    var unanswered: Int { state.withLock { $0.unansweredCommands.count } }

    func sent(_ command: String) {
        state.withLock { $0.unansweredCommands.append(command) }
    }

    /// A line from the console (without its line break).
    func received(_ line: String) {
        state.withLock { state in
            state.pendingLines.append(line)
            // A console that talks without ever ending a reply keeps only its last lines.
            if state.pendingLines.count > 100 { state.pendingLines.removeFirst(state.pendingLines.count - 100) }
            guard line == "OK" || line.hasPrefix("KO") else { return }
            let reply = Reply(lines: state.pendingLines, failure: line.hasPrefix("KO") ? line : nil)
            state.pendingLines.removeAll()
            // The banner answers no command; every other reply answers the oldest one.
            let command = state.unansweredCommands.isEmpty ? nil : state.unansweredCommands.removeFirst()
            if !state.handshakeDone {
                state.queue.append(reply)
            } else if let failure = reply.failure, state.failure == nil {
                state.failure = "the Android emulator console answered '\(command ?? "?")' with \(failure)"
            }
        }
    }

    /// The console closed the connection.
    func closed() {
        state.withLock { state in
            state.closed = true
            if state.failure == nil { state.failure = "the Android emulator console closed the connection" }
        }
    }

    /// The handshake is over: replies from now on answer `geo fix` commands.
    func finishHandshake() {
        state.withLock { $0.handshakeDone = true }
    }

    /// The next whole reply of the handshake, waiting at most `timeout`.
    func nextReply(timeout: TimeAmount, what: String) async throws -> Reply {
        let deadline = ContinuousClock.now.advanced(by: .nanoseconds(timeout.nanoseconds))
        while true {
            let (reply, closed) = state.withLock { state in
                (state.queue.isEmpty ? nil : state.queue.removeFirst(), state.closed)
            }
            if let reply { return reply }
            if closed {
                throw FeedError.peerFailed("the Android emulator console closed the connection before \(what)")
            }
            guard ContinuousClock.now < deadline else {
                throw FeedError.peerFailed(
                    "the Android emulator console did not send \(what) within \(timeout.nanoseconds / 1_000_000_000) s")
            }
            // A handshake of two short exchanges: a brief poll is simpler than a waiter here.
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// Splits the console's bytes into lines for ``ConsoleReplies``.
private final class ConsoleLineReader: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    private let replies: ConsoleReplies
    private let partial = LockedValue<[UInt8]>([])

    init(replies: ConsoleReplies) {
        self.replies = replies
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let lines: [String] = partial.withLock { partial in
            partial.append(contentsOf: buffer.readableBytesView)
            var lines: [String] = []
            while let newline = partial.firstIndex(of: 0x0A) {
                var line = Array(partial[..<newline])
                if line.last == 0x0D { line.removeLast() }
                lines.append(String(decoding: line, as: UTF8.self))
                partial.removeSubrange(...newline)
            }
            // A console that never ends a line must not grow without bound.
            if partial.count > 64 * 1024 { partial.removeAll() }
            return lines
        }
        lines.forEach(replies.received)
    }

    func channelInactive(context: ChannelHandlerContext) {
        replies.closed()
        context.fireChannelInactive()
    }
}

extension AndroidEmulatorFeed {
    /// The token the emulator wrote for its console (`~/.emulator_console_auth_token`), if
    /// the file is there.
    package static func tokenFromHome() -> String? {
        guard let home = HomeFile.home else { return nil }
        return HomeFile.text(atPath: home + "/.emulator_console_auth_token")?.trimmingWhiteSpace()
    }
}

/// `--android-emulator [HOST:]PORT` (`--android-token`): an emulator's console to drive.
public struct AndroidEmulatorFeedRequest: FeedRequest {
    /// The emulator console's host; 127.0.0.1 when `--android-emulator` gives only a port.
    public var host: String
    /// The emulator console's TCP port (5554 for the first emulator).
    public var port: Int
    /// The console's token; nil for the one the emulator wrote in the home directory.
    public var token: String?

    /// The console at `host`:`port`; a nil `token` is read from `~/.emulator_console_auth_token` when
    /// the feed starts.
    public init(host: String, port: Int, token: String?) {
        self.host = host
        self.port = port
        self.token = token
    }

    public func problem(speed: Double) -> String? {
        Self.needsRealTime("--android-emulator drives a live emulator and needs", speed: speed)
    }

    public func start(speed: Double, messages: @escaping @Sendable (String) -> Void) async throws -> any Feed {
        try await AndroidEmulatorFeed.connect(
            host: host, port: port, token: token ?? AndroidEmulatorFeed.tokenFromHome())
    }
}
