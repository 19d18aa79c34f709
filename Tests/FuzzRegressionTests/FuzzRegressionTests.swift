// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastFuzzChecks
import Testing

/// Every input committed under `Fuzz/Corpus/TARGET/` (the seeds) and `Fuzz/Crashes/TARGET/`
/// (each input that ever broke a check, kept once fixed) goes through the fuzz target's
/// check again. A regression stops the test process, as it stopped the fuzzer.
@Suite("fuzz inputs, replayed")
struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func inputs(_ folder: String, _ target: String) -> [URL] {
        let directory = root.appendingPathComponent("Fuzz/\(folder)/\(target)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test("every target has a seed corpus", arguments: FuzzChecks.targets.keys.sorted())
    func seeded(_ target: String) {
        #expect(Self.inputs("Corpus", target).count >= 3, "Fuzz/Corpus/\(target)")
    }

    /// A fuzzer starts from the shortest inputs: no check may read past the end of one (as
    /// a check that pads its flag bytes too little would, and stop the fuzzer at once).
    @Test("every target takes inputs of none to three bytes", arguments: FuzzChecks.targets.keys.sorted())
    func shortest(_ target: String) async throws {
        for bytes: [UInt8] in [[], [0], [0xff], [0, 0], [0xff, 0xff], [0x3c, 0x3f, 0x78]] {
            try await Self.check(target, bytes)
        }
    }

    @Test(
        "the seeds and every input that ever failed pass the target's check",
        arguments: FuzzChecks.targets.keys.sorted())
    func replayed(_ target: String) async throws {
        for input in Self.inputs("Corpus", target) + Self.inputs("Crashes", target) {
            try await Self.check(target, Array(try Data(contentsOf: input)))
        }
    }

    /// `bytes` through the target's check; the replay check awaited directly, since its
    /// synchronous form blocks the calling thread on a semaphore.
    static func check(_ target: String, _ bytes: [UInt8]) async throws {
        let check = try #require(FuzzChecks.targets[target])
        if target == "replay" {
            await FuzzChecks.replayChecked(bytes)
        } else {
            check(bytes)
        }
    }
}
