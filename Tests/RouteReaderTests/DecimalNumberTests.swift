// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
@testable import TrailcastRoutes

@Suite("Decimal numbers from bytes")
struct DecimalNumberTests {
    private func parse(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBytes { DecimalNumber.parse($0) }
    }

    @Test(arguments: [
        "0", "-0", "1", "-1", "+1", "37.5665", "-122.4194", "0.0000001", "12.", ".5", "-.5",
        "1e3", "1E-3", "2.5e+2", "123456789012345", "37.79551234567890123",
        "0.1", "0.2", "0.3", "179.9999999", "-89.9999999", "8848.86", "000012.500",
        "1.7976931348623157e308", "4.9e-324", "123456789012345678901234567890",
    ])
    func agreesWithTheStandardLibrary(_ text: String) throws {
        let expected = try #require(Double(text))
        #expect(parse(text) == expected)
    }

    @Test(arguments: [
        "", "-", "+", ".", "e5", "1e", "1e+", "abc", "1.2.3", "1,5", "NaN", "inf",
        "0x10", "1 2", "--1", "1e999999",
    ])
    func rejectsWhatIsNotADecimalNumber(_ text: String) {
        #expect(parse(text) == nil)
    }
}
