// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every Server-Sent Event of a run, in order, kept in an unlinked temporary file that
/// readers read at their own pace.
///
/// The file holds the stream exactly as `GET /events` sends it (`id:`, `event:`, `data:`
/// lines, a blank line after each event), so a client is just a byte offset into it: a
/// slow client falls behind on disk, never in memory and never holding up the run, and a
/// client that reconnects with `Last-Event-ID` picks up at the next event however long
/// ago that was. Memory is one offset per ``indexStride`` events.
///
/// One writer (the run's recorder) appends; any number of readers read and wait.
package final class EventJournal: Sendable {
    /// Every this many events, the journal remembers where one starts.
    static let indexStride = 256

    private struct State: WaitableState {
        /// Bytes readers may read: whole events only.
        var length = 0
        var eventCount = 0
        /// `starts[k]`: where event `k * indexStride + 1` begins.
        var starts: [Int] = []
        var finished = false
        /// Keep-alive moments so far (``tickKeepAlive()``).
        var keepAliveTicks = 0
        var waiters = Waiters()
    }

    private let descriptor: Int32
    private let state = LockedValue(State())

    /// A new, empty journal in the temporary directory (`TMPDIR`, else `/tmp`).
    package init() throws(EventJournalError) {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(directory)/trailcast-events-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw EventJournalError(code: errno) }
        // Gone from the directory at once: nothing is left behind, even after a crash.
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Events appended so far: the last one's `id`.
    package var eventCount: Int { state.withLock { $0.eventCount } }

    /// Whether the run has ended (no more events will come).
    package var isFinished: Bool { state.withLock { $0.finished } }

    /// Appends whole events: `bytes` in the stream's form, and where each event starts in
    /// them. Readers see them once this returns.
    func append(_ bytes: [UInt8], eventStarts: [Int]) throws(EventJournalError) {
        guard !bytes.isEmpty else { return }
        // The single writer alone moves `length`, so writing past it outside the lock is safe.
        let base = state.withLock { $0.length }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress, $0.count, off_t(base + written))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw EventJournalError(code: errno)
            }
            written += result
        }
        state.changeAndWake { state in
            for start in eventStarts {
                if state.eventCount % Self.indexStride == 0 { state.starts.append(base + start) }
                state.eventCount += 1
            }
            state.length = base + bytes.count
        }
    }

    /// No more events: readers that have read everything end their streams.
    package func finish() {
        state.changeAndWake { $0.finished = true }
    }

    /// Where the event after `lastEventID` begins: 0 for a new client, the end for an id
    /// this run has not reached (a client of an earlier run).
    package func position(after lastEventID: Int) -> Int {
        let (eventCount, length, indexed) = state.withLock { state -> (Int, Int, (start: Int, id: Int)?) in
            guard lastEventID > 0, lastEventID < state.eventCount else { return (state.eventCount, state.length, nil) }
            let entry = lastEventID / Self.indexStride
            return (state.eventCount, state.length, (state.starts[entry], entry * Self.indexStride + 1))
        }
        if lastEventID <= 0 { return 0 }
        guard let indexed, lastEventID < eventCount else { return length }
        // Skip forward from the indexed event: each event ends with a blank line, and no
        // line inside one is empty (the JSON has no raw newlines).
        var offset = indexed.start
        var toSkip = lastEventID - indexed.id + 1
        var previousWasNewline = false
        while toSkip > 0 {
            let chunk = read(from: offset, maximumCount: 64 * 1024)
            guard !chunk.isEmpty else { return length }
            for byte in chunk {
                offset += 1
                if byte == 0x0A {
                    if previousWasNewline {
                        toSkip -= 1
                        if toSkip == 0 { break }
                    }
                    previousWasNewline = true
                } else {
                    previousWasNewline = false
                }
            }
        }
        return offset
    }

    /// Up to `maximumCount` bytes of whole events from `offset`; empty when the reader has
    /// caught up (or the file could not be read).
    package func read(from offset: Int, maximumCount: Int) -> [UInt8] {
        let length = state.withLock { $0.length }
        let count = min(maximumCount, length - offset)
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = bytes[filled...].withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress, $0.count, off_t(offset + filled))
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { break }
            filled += result
        }
        return Array(bytes[..<filled])
    }

    /// Returns when there is more to read after `offset`, when the journal is finished,
    /// when a keep-alive moment after `keepAliveTick` has come, or when the task is cancelled.
    package func waitForMore(after offset: Int, keepAliveTick: Int) async {
        await state.wait { $0.length > offset || $0.finished || $0.keepAliveTicks != keepAliveTick }
    }

    /// The keep-alive moments so far: a reader compares it before and after a wait.
    package var keepAliveTick: Int { state.withLock { $0.keepAliveTicks } }

    /// A keep-alive moment: every waiting reader wakes, and one that has sent nothing since
    /// the moment before sends a comment. One timer for every stream, rather than a timer
    /// (and a task group to race it with the journal) per stream per event.
    package func tickKeepAlive() {
        state.changeAndWake { $0.keepAliveTicks += 1 }
    }

    /// Whether a reader at `offset` has everything and nothing more will come.
    package func isExhausted(at offset: Int) -> Bool {
        state.withLock { $0.finished && offset >= $0.length }
    }
}

/// The journal's temporary file could not be made or written.
package struct EventJournalError: Error, Sendable, CustomStringConvertible {
    package var code: Int32

    package var description: String { "the live event journal: \(String(cString: strerror(code)))" }
}
