// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics

@Suite("JSON line writer")
struct JSONLineWriterTests {
    @Test func writesKeysInOrderAndEndsTheLine() {
        var line = JSONLineWriter()
        line.beginObject()
        line.field("type", "location")
        line.field("index", 42)
        line.field("lat", 37.7955, fractionDigits: 7)
        line.field("altitude", nil as Double?, fractionDigits: 1)
        line.field("stale", false)
        line.key("bounds")
        line.beginObject()
        line.field("a", 1)
        line.field("b", 2)
        line.endObject()
        line.key("list")
        line.beginArray()
        line.integer(1)
        line.string("two")
        line.null()
        line.endArray()
        line.endObject(endingLine: true)
        #expect(
            String(decoding: line.bytes, as: UTF8.self)
                == #"{"type":"location","index":42,"lat":37.7955,"altitude":null,"stale":false,"bounds":{"a":1,"b":2},"list":[1,"two",null]}"#
                + "\n")
    }

    @Test(arguments: [
        (0.0, 3, "0"), (-0.0, 3, "0"), (1.0, 3, "1"), (1.5, 3, "1.5"), (-1.5, 3, "-1.5"),
        (0.0004, 3, "0"), (-0.0004, 3, "0"), (0.0005, 3, "0.001"), (0.005, 3, "0.005"),
        (12.3456789, 2, "12.35"), (37.79551234, 7, "37.7955123"), (-122.4194155, 7, "-122.4194155"),
        (1234567.0, 0, "1234567"), (2.675, 9, "2.675"), (100.0, 3, "100"), (0.1, 1, "0.1"),
        (Double.nan, 3, "null"), (Double.infinity, 3, "null"), (1e300, 3, "1e+300"),
        // Fixed point below 9.2e18 scaled (UInt64's range), Swift's own spelling from there.
        (9.1e18, 0, "9100000000000000000"), (-9.1e18, 0, "-9100000000000000000"), (9.2e18, 0, "9.2e+18"),
        (9.1e17, 1, "910000000000000000"), (9.2e17, 1, "9.2e+17"),
    ])
    func roundsNumbersToFixedDigits(_ value: Double, _ digits: Int, _ expected: String) {
        var bytes: [UInt8] = []
        bytes.appendDecimal(value, fractionDigits: digits)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" and \\ backslash", #""quote \" and \\ backslash""#),
        ("line\nbreak\ttab\rreturn", #""line\nbreak\ttab\rreturn""#),
        ("bell\u{7}nul\u{0}", #""bell\u0007nul\u0000""#),
        ("Zürich 🚲", #""Zürich 🚲""#),
        // The last control character and the first that is not, alone (the bulk copy's test)
        // and beside a quote (the byte-at-a-time path's).
        ("unit\u{1F}separator", #""unit\u001fseparator""#),
        ("space and \u{1F}\"", #""space and \u001f\"""#),
        ("a space ", #""a space ""#),
    ])
    func escapesStrings(_ value: String, _ expected: String) {
        var bytes: [UInt8] = []
        bytes.appendJSONString(value)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test(arguments: [0, 7, -7, 10, 1_000_000, Int.max, Int.min])
    func writesIntegers(_ value: Int) {
        var bytes: [UInt8] = []
        bytes.appendDecimal(value)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }

    @Test func resetReusesTheBuffer() {
        var line = JSONLineWriter()
        line.beginObject()
        line.field("a", 1)
        line.endObject(endingLine: true)
        line.reset()
        line.beginObject()
        line.field("b", 2)
        line.endObject(endingLine: true)
        #expect(String(decoding: line.bytes, as: UTF8.self) == "{\"b\":2}\n")
    }
}
