// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
@testable import TrailcastReport
import Testing
import Foundation

@Suite("Check report page")
struct CheckReportPageTests {
    static func scenario(_ name: String, passed: [Bool], error: String? = nil) -> CheckedScenario {
        var run = RunReport()
        for record in CraftedRun.records { run.add(record) }
        run.finish()
        return CheckedScenario(
            file: "gpx/scenarios/\(name).yaml", name: name,
            rows: passed.enumerated().map { index, held in
                .init(
                    passed: held, line: 10 + index, expectation: "count location >= \(index)",
                    evidence: held ? "found 6" : "found 0 <none>")
            },
            error: error, seconds: 0.5, run: error == nil ? run : nil)
    }

    @Test("failing scenarios first, then broken, then passing; failed expectations first with their evidence")
    func order() throws {
        let html = CheckReportPage.render([
            Self.scenario("first-passes", passed: [true, true]),
            Self.scenario("second-fails", passed: [true, false]),
            Self.scenario("third-broken", passed: [], error: "walk.gpx:3:1: error: bad"),
        ])
        #expect(html.contains("<p class=\"sub\" id=\"check-summary\">3 scenarios: 1 passed, 1 failed, 1 broken</p>"))
        let failing = try #require(html.range(of: "<section class=\"scenario failed\" id=\"s0\">"))
        let broken = try #require(html.range(of: "<section class=\"scenario broken\" id=\"s1\">"))
        let passing = try #require(html.range(of: "<section class=\"scenario passed\" id=\"s2\">"))
        #expect(failing.lowerBound < broken.lowerBound && broken.lowerBound < passing.lowerBound)
        let section = html[failing.lowerBound..<broken.lowerBound]
        let failedRow = try #require(section.range(of: "<tr class=\"failed\">"))
        let heldRow = try #require(section.range(of: "<tr class=\"held\">"))
        #expect(failedRow.lowerBound < heldRow.lowerBound)
        #expect(section.contains("found 0 &lt;none&gt;"))
        #expect(section.contains("id=\"s0-e-map\""), "its own map")
        #expect(section.contains("band band-delivery"), "its own bands")
        #expect(html.contains("walk.gpx:3:1: error: bad"))
    }

    @Test("row ids are unique across scenarios, so hovering a marker finds its own row")
    func uniqueIDs() {
        let html = CheckReportPage.render([Self.scenario("a", passed: [false]), Self.scenario("b", passed: [false])])
        var ids: [Substring] = []
        var rest = html[...]
        while let range = rest.range(of: " id=\"") {
            let tail = rest[range.upperBound...]
            let end = tail.firstIndex(of: "\"")!
            ids.append(tail[..<end])
            rest = tail[end...]
        }
        #expect(ids.count > 20)
        #expect(Set(ids).count == ids.count)
    }
}
