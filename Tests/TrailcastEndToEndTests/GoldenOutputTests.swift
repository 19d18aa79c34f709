// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import FoundationEssentials

/// A wide net under the suites that each check one rule: Tests/Fixtures/golden/golden.py runs
/// trailcast over every route file the repository keeps, every export format, every replay
/// flag away from its default and at its edges, a bad value of each, every event, the fleet on
/// virtual time and serve-weather answering a corpus of requests, and compares each run's
/// normalised output with the SHA-256 recorded in digests.txt. A bug that shows in any of
/// those outputs fails here even where no suite thought to look. A change meant is recorded
/// again (`golden.py --trailcast PATH --record`) and said in its commit; `--write-to DIR` from
/// two builds, then `diff -r`, shows what changed.
///
/// Linux only, as the baseline: the digests were recorded there.
@Suite("every output as recorded")
struct GoldenOutputTests {
    @Test(
        "each reader, writer, flag, event, the fleet and serve-weather's answers, byte for byte",
        .enabled(if: BaselineTests.isLinux, "the digests were recorded on Linux"))
    func everyRunAsRecorded() async throws {
        let result = try await TrailcastBinary.runTool(
            "nice",
            [
                "-n", "10", "python3", "Tests/Fixtures/golden/golden.py", "--trailcast", TrailcastBinary.url.path,
                "--check", "--jobs", "2",
            ],
            environment: TrailcastBinary.environment())
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let recorded = try String(contentsOf: Repository.url("Tests/Fixtures/golden/digests.txt"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.count
        #expect(recorded > 400, "digests.txt lists \(recorded) runs")
        #expect(result.stdout.hasSuffix("golden: \(recorded) of \(recorded) runs as recorded\n"), "\(result.stdout)")
    }
}
