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
        let check = try #require(FuzzChecks.targets[target])
        for bytes: [UInt8] in [[], [0], [0xff], [0, 0], [0xff, 0xff], [0x3c, 0x3f, 0x78]] {
            if target == "replay" {
                await FuzzChecks.replayChecked(bytes)
            } else {
                check(bytes)
            }
        }
    }

    /// An input too big to keep as a seed: a POST body past serve-weather's 128 KiB, which
    /// it refuses with 413, as the check must allow.
    @Test("the forecast-query check takes a POST body refused as too large")
    func forecastQueryBodyTooLarge() throws {
        let check = try #require(FuzzChecks.targets["forecast-query"])
        let body = #"{"latitude": 47.37, "longitude": 8.54, "hourly": ["temperature_2m"]}"#
        check([2] + Array(body.utf8) + Array(repeating: 0x20, count: 128 * 1024))
    }

    @Test("the seeds and every input that ever failed pass the target's check", arguments: FuzzChecks.targets.keys.sorted())
    func replayed(_ target: String) async throws {
        let check = try #require(FuzzChecks.targets[target])
        for input in Self.inputs("Corpus", target) + Self.inputs("Crashes", target) {
            let bytes = Array(try Data(contentsOf: input))
            if target == "replay" {
                await FuzzChecks.replayChecked(bytes)
            } else {
                check(bytes)
            }
        }
    }
}
