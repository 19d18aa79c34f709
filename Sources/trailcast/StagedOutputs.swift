// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastRun
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The staged outputs of a command that cannot close its output whole when stopped
/// (`export`, `report`): Ctrl-C or SIGTERM removes them, so the paths keep what they held,
/// and the command exits 128 + the signal's number, as the signal itself would have.
final class StagedOutputs {
    private let outputs: [StagedOutput]
    private let signals: SignalMonitor

    init(_ outputs: [StagedOutput]) {
        self.outputs = outputs
        signals = SignalMonitor([SIGINT, SIGTERM]) { [outputs] number in
            for output in outputs { output.discard() }
            _exit(128 + number)
        }
    }

    /// Puts each output in place; the signals act as usual again.
    func commit() throws(RunFailure) {
        signals.cancel()
        for output in outputs { try output.commit() }
    }

    /// Removes each output; the signals act as usual again.
    func discard() {
        signals.cancel()
        for output in outputs { output.discard() }
    }
}
