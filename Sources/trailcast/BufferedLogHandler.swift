// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Logging
import TrailcastBasics
import TrailcastRun

/// swift-log's `StreamLogHandler` line format (`TIMESTAMP LEVEL LABEL: [SOURCE] MESSAGE`),
/// written to standard error in batches: a server logging every request would otherwise
/// format the local time and make a write(2) per line, a sixth of serve-weather's time
/// under load. Lines reach stderr within ``flushInterval``, at once when 32 KiB are waiting,
/// and at exit (``BufferedStandardError/flush()``).
struct BufferedLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String) {
        self.label = label
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        let pretty =
            merged.isEmpty
            ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        BufferedStandardError.shared.append(
            level: event.level, label: label, metadata: pretty, source: event.source, message: event.message.description
        )
    }
}

/// The buffer behind ``BufferedLogHandler``.
final class BufferedStandardError: Sendable {
    static let shared = BufferedStandardError()

    /// How long a line may wait in the buffer.
    static let flushInterval = Duration.milliseconds(100)
    private static let flushBytes = 32 * 1024

    private struct State {
        var pending: [UInt8] = []
        /// The local time's text for `second`, reused for every line in that second.
        var second = -1
        var timestamp: [UInt8] = []
        var flusherStarted = false
    }

    private let state = LockedValue(State())

    func append(level: Logger.Level, label: String, metadata: String, source: String, message: String) {
        let now = time(nil)
        let full = state.withLock { state -> [UInt8]? in
            if state.second != now {
                state.second = now
                state.timestamp = Self.localTimestamp(now)
            }
            state.pending.append(contentsOf: state.timestamp)
            state.pending.append(UInt8(ascii: " "))
            state.pending.append(contentsOf: level.rawValue.utf8)
            if !label.isEmpty {
                state.pending.append(UInt8(ascii: " "))
                state.pending.append(contentsOf: label.utf8)
            }
            state.pending.append(UInt8(ascii: ":"))
            state.pending.append(contentsOf: metadata.utf8)
            state.pending.appendASCII(" [")
            state.pending.append(contentsOf: source.utf8)
            state.pending.appendASCII("] ")
            state.pending.append(contentsOf: message.utf8)
            state.pending.append(UInt8(ascii: "\n"))
            if !state.flusherStarted {
                state.flusherStarted = true
                startFlusher()
            }
            guard state.pending.count >= Self.flushBytes else { return nil }
            defer { state.pending.removeAll(keepingCapacity: true) }
            return state.pending
        }
        if let full { Self.write(full) }
    }

    /// Writes what is waiting (at exit, and from the flusher).
    func flush() {
        let pending = state.withLock { state -> [UInt8] in
            defer { state.pending.removeAll(keepingCapacity: true) }
            return state.pending
        }
        if !pending.isEmpty { Self.write(pending) }
    }

    private func startFlusher() {
        Task.detached { [self] in
            while true {
                try? await Task.sleep(for: Self.flushInterval)
                flush()
            }
        }
    }

    private static func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { StandardStreams.writeAll($0, to: STDERR_FILENO) }
    }

    /// `2026-11-24T02:30:00+0000`, as StreamLogHandler writes the local time.
    private static func localTimestamp(_ seconds: time_t) -> [UInt8] {
        var seconds = seconds
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return Array("<unknown>".utf8) }
        var text = [Int8](repeating: 0, count: 64)
        let count = strftime(&text, text.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return text.prefix(count).map { UInt8(bitPattern: $0) }
    }
}

extension Array where Element == UInt8 {
    fileprivate mutating func appendASCII(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
