// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
@testable import TrailcastRoutes

@Suite("Text quoted in a message")
struct QuotedTextTests {
    /// At most `limit` characters: text of exactly the limit is whole, with no ellipsis;
    /// one more is cut to the limit and marked `...`.
    @Test("the limit's length is kept whole; one more is cut with an ellipsis")
    func limit() {
        let eighty = String(repeating: "a", count: 80)
        #expect(eighty.quotedInMessage() == eighty)
        #expect((eighty + "b").quotedInMessage() == eighty + "...")
        #expect("abcd".quotedInMessage(limit: 4) == "abcd")
        #expect("abcde".quotedInMessage(limit: 4) == "abcd...")
    }

    /// Control characters (C0 and DEL) become `?`, so a quoted name stays one line.
    @Test("control characters as ?, the rest as it is")
    func controlCharacters() {
        #expect("a\nb\tc\u{7F}d\u{1F}é".quotedInMessage() == "a?b?c?d?é")
    }
}
