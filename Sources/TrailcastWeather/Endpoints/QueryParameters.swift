// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A request's query parameters, values already percent-decoded, in the order given.
///
/// Open-Meteo takes lists both comma-separated and repeated (`hourly=a,b` or
/// `hourly=a&hourly=b`), so a key may appear more than once.
package struct QueryParameters: Sendable {
    package var pairs: [(key: String, value: String)]

    package init(_ pairs: [(key: String, value: String)]) {
        self.pairs = pairs
    }

    /// The last value of `key` (empty as `key=` leaves it), or nil if it is absent: a
    /// single-valued parameter given twice takes its last value, as Vapor's decoder does for
    /// Open-Meteo (`child.values.last`).
    func value(_ key: String) -> String? {
        pairs.last { $0.key == key }?.value
    }

    /// Every item of `key`'s comma-separated lists, over all its repeats, empty items dropped.
    ///
    /// Split on the comma's byte, not on Characters: grapheme breaking made this a third
    /// of reading a forecast request (callgrind, issue 58). A comma is one byte in UTF-8
    /// and never part of another character's, so every item is still whole text.
    func list(_ key: String) -> [String] {
        var items: [String] = []
        for pair in pairs where pair.key == key {
            // Vapor splits a list on `,` and `|` (URLEncodedFormDecoder's arraySeparators).
            for item in pair.value.utf8.split(whereSeparator: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "|") }) {
                // Without leading and trailing spaces (`hourly=a, b` from a hand-typed URL).
                guard let first = item.firstIndex(where: { $0 != UInt8(ascii: " ") }),
                    let last = item.lastIndex(where: { $0 != UInt8(ascii: " ") })
                else { continue }
                items.append(String(Substring(item[first...last])))
            }
        }
        return items
    }
}
