// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import FoundationEssentials

/// What trailcast prints and writes is what it printed and wrote before issue 23's rebuild
/// began: Tests/Fixtures/baseline/baseline.py runs 53 commands (every sample scenario, and
/// runs covering noise, signal loss, permission flows, places, taps, the weather cache,
/// exports, reports, inspect and check) and compares each normalised output (wall-clock
/// figures blanked) with the SHA-256 recorded in digests.txt.
///
/// Linux only: the digests were recorded there, and another platform's maths library (the
/// GPS noise, the weather model), libxml2 or error texts may change a byte.
@Suite("behaviour as recorded before the rebuild")
struct BaselineTests {
    @Test(
        "63 runs, byte for byte as recorded (less wall-clock figures)",
        .enabled(if: Self.isLinux, "the digests were recorded on Linux"))
    func runsAsRecorded() async throws {
        // Niced like every throughput run: these 63 hold one of the slots for a while.
        let result = try await TrailcastBinary.runTool(
            "nice",
            [
                "-n", "10", "python3", "Tests/Fixtures/baseline/baseline.py", "--trailcast", TrailcastBinary.url.path,
                "--check", "--jobs", "1",
            ],
            environment: TrailcastBinary.environment())
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("baseline: 63 of 63 runs as recorded\n"), "\(result.stdout)")
    }

    static var isLinux: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }
}
