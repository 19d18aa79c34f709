// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Dispatch
import TrailcastBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT and SIGTERM into a callback instead of death, so a run can write its
/// `end` line and flush before exiting with 128 + the signal's number.
///
/// The signals are ignored at the process level (Dispatch then sees them on a queue of
/// its own), which also means a write(2) in progress is never cut short by them.
///
/// Why not swift-service-lifecycle's `UnixSignalsSequence` (a dependency already, which
/// serve-weather uses): as of 2.13.0 it sets SIG_IGN itself on Darwin only, leaving the
/// process-level ignore above to libdispatch's platform code elsewhere, and when watching
/// ends it cancels its Dispatch sources without restoring any action (`deinit` in
/// UnixSignalsSequence.swift), so a Ctrl-C while trailcast exits would be ignored on Darwin.
/// Both are what a run needs from this type; the rest is the same few lines of Dispatch.
final class SignalMonitor {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]
    private let received = FirstSignal()

    /// Starts watching `signals`; `handler` runs once, on the first one to arrive.
    init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        var sources: [any DispatchSourceSignal] = []
        let queue = DispatchQueue(label: "trailcast.signals")
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            sources.append(source)
        }
        self.sources = sources
        self.signals = signals
        for (number, source) in zip(signals, sources) {
            source.setEventHandler { [received] in
                if received.store(number) { handler(number) }
            }
            source.resume()
        }
    }

    /// The first signal that arrived, if any.
    var receivedSignal: Int32? { received.value }

    /// Stops watching and restores the default actions, so a signal after the run
    /// (while trailcast exits) behaves as usual.
    func cancel() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}

/// The number of the first signal received, shared with Dispatch's handler queue.
private final class FirstSignal: Sendable {
    private let number = LockedValue<Int32?>(nil)

    var value: Int32? { number.withLock { $0 } }

    /// Records `signal` if it is the first; returns whether it was.
    func store(_ signal: Int32) -> Bool {
        number.withLock { value in
            guard value == nil else { return false }
            value = signal
            return true
        }
    }
}
