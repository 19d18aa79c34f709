// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics

@Suite("TrailcastVersion")
struct TrailcastVersionTests {
    /// `MAJOR.MINOR.PATCH` as semantic versioning writes it, and its `MAJOR.MINOR` (what a
    /// `User-Agent` names): the first two numbers of the version, not all three.
    @Test("the version is MAJOR.MINOR.PATCH; majorAndMinor is its first two numbers")
    func majorAndMinor() {
        let numbers = TrailcastVersion.current.split(separator: ".")
        #expect(numbers.count == 3 && numbers.allSatisfy { UInt($0) != nil }, "\(TrailcastVersion.current)")
        #expect(TrailcastVersion.majorAndMinor == numbers.prefix(2).joined(separator: "."))
        #expect(TrailcastVersion.majorAndMinor.split(separator: ".").count == 2)
    }
}
