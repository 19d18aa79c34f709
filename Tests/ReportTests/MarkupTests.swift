// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
@testable import TrailcastReport
import Testing

@Suite("Report markup")
struct MarkupTests {
    @Test("numbers are written the same everywhere: rounded, trailing zeros dropped, no -0")
    func numbers() {
        #expect(Markup.number(12.5) == "12.5")
        #expect(Markup.number(3.0) == "3")
        #expect(Markup.number(-0.25, decimals: 2) == "-0.25")
        #expect(Markup.number(-0.04) == "0")
        #expect(Markup.number(1234.56, decimals: 0) == "1235")
        #expect(Markup.number(.nan) == "0")
        #expect(Markup.count(1_840) == "1,840")
        #expect(Markup.count(1_000_000) == "1,000,000")
        #expect(Markup.offset(3725.9) == "+1:02:05")
        #expect(Markup.distance(850) == "850 m")
        #expect(Markup.distance(7080.6) == "7.1 km")
    }

    @Test("counts group by threes from the right, whatever their length; distances switch to km at 1,000 m")
    func countsAndDistancesAtTheirEdges() {
        #expect(Markup.count(0) == "0")
        #expect(Markup.count(999) == "999")
        #expect(Markup.count(100) == "100")
        #expect(Markup.count(100_000) == "100,000")
        #expect(Markup.count(12_345) == "12,345")
        #expect(Markup.count(-1_234) == "-1,234")
        #expect(Markup.count(-100) == "-100")
        #expect(Markup.distance(999) == "999 m")
        #expect(Markup.distance(1000) == "1 km")
        #expect(Markup.distance(1049) == "1 km")
        #expect(Markup.distance(1050) == "1.1 km")
        #expect(Markup.offset(0) == "+0:00:00")
        #expect(Markup.offset(59.99) == "+0:00:59")
        #expect(Markup.offset(600) == "+0:10:00")
        // Two digits each, padded below ten: 9 and 10 on both sides of the edge.
        #expect(Markup.offset(309) == "+0:05:09")
        #expect(Markup.offset(310) == "+0:05:10")
        #expect(Markup.offset(540) == "+0:09:00")
        #expect(Markup.offset(3599) == "+0:59:59")
        #expect(Markup.offset(36_000) == "+10:00:00")
        #expect(Markup.offset(-5) == "+0:00:00")
        #expect(Markup.number(0.25) == "0.3")
        #expect(Markup.number(-0.25) == "-0.3")
        #expect(Markup.number(2.375, decimals: 2) == "2.38")
        #expect(Markup.number(1e20) == "9e15")
        #expect(Markup.number(-1e20) == "-9e15")
    }

    @Test("text is escaped for elements and attributes; control characters cannot break the XML")
    func escaping() {
        #expect(
            Markup.escape("<a href=\"x\">Tom & Jerry's</a>")
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(Markup.escape("bell\u{07}") == "bell\u{FFFD}")
    }
}
