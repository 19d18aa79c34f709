// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
@testable import TrailcastTimeline

/// The text timeline's wrap at its edge: a word that ends exactly at the last column stays on
/// the line; one character more and it goes to the next.
@Suite("Text timeline: the wrap's last column")
struct TextWrapEdgeTests {
    static func wrapped(_ text: String, width: Int) -> String {
        var bytes = Array(text.utf8)
        TextTimelineFormat.wrap(&bytes, detailsFrom: 0, indent: 0, width: width)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("a word ending at column 20 of 20 stays; a word ending at 21 goes to the next line")
    func lastColumn() {
        #expect(Self.wrapped("aaaa bbbb cccc ddddd eeee", width: 20) == "aaaa bbbb cccc ddddd\neeee")
        #expect(Self.wrapped("aaaa bbbb cccc dddddd eeee", width: 20) == "aaaa bbbb cccc\ndddddd eeee")
    }

    @Test("a character is a column, not a byte: an accented word ending at column 20 stays")
    func charactersNotBytes() {
        #expect(Self.wrapped("aaaa bbbb cccc ddddé eeee", width: 20) == "aaaa bbbb cccc ddddé\neeee")
    }
}
