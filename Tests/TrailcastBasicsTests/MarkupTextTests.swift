// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics

@Suite("One escaper, three dialects")
struct MarkupTextTests {
    static let sample = "a&b<c>\"d'e\tf\ng\rh\u{1}i\u{FFFE}j\u{FFFF}k"

    @Test func html() {
        #expect(
            MarkupText.escaped(Self.sample, for: .html)
                == "a&amp;b&lt;c&gt;&quot;d&#39;e\tf\ng\rh\u{FFFD}i\u{FFFE}j\u{FFFF}k")
    }

    @Test func xmlText() {
        #expect(
            MarkupText.escaped(Self.sample, for: .xmlText)
                == "a&amp;b&lt;c&gt;&quot;d&apos;e\tf\ng&#13;hijk")
    }

    @Test func xmlAttribute() {
        #expect(
            MarkupText.escaped(Self.sample, for: .xmlAttribute)
                == "a&amp;b&lt;c&gt;&quot;d&apos;e&#9;f&#10;g&#13;hijk")
    }

    @Test func textWithoutMarkupIsUnchanged() {
        for dialect in [MarkupText.Dialect.html, .xmlText, .xmlAttribute] {
            #expect(MarkupText.escaped("Zürich 東京 🚲", for: dialect) == "Zürich 東京 🚲")
        }
    }
}
