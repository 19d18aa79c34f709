// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// What a mistyped name was probably meant to be, for messages that name the right one.
package enum Spelling {
    /// The candidate within an edit distance of 2 of `word` (1 for a word of four letters or
    /// fewer; case aside), the first of the closest, unless another as close is `word` with
    /// a key pressed twice undone (`--seeed` is `--seed`, though one letter from `--speed`
    /// too); else the shortest candidate that `word` (3 letters or more) begins, a name
    /// cut short (`horizontalAcc`); nil when none is that close.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let scored = candidates.map { ($0, distance(lowered, $0.lowercased())) }
        // One edit in a short word already makes another word (`xml` is two from `html`).
        let allowed = lowered.count <= 4 ? 1 : 2
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= allowed {
            let undoubled = Set(doubledKeysUndone(lowered))
            return scored.first { $0.1 == best.1 && undoubled.contains($0.0.lowercased()) }?.0 ?? best.0
        }
        guard lowered.count >= 3 else { return nil }
        return candidates.filter { $0.lowercased().hasPrefix(lowered) }.min { $0.count < $1.count }
    }

    /// `word` with one of its doubled letters once: `seeed` gives `seed`.
    private static func doubledKeysUndone(_ word: String) -> [String] {
        let letters = Array(word)
        return letters.indices.dropFirst().filter { letters[$0] == letters[$0 - 1] }.map { index in
            var shorter = letters
            shorter.remove(at: index)
            return String(shorter)
        }
    }

    /// `unknown event type 'locations' (did you mean 'location'?); types: start, ...`: the
    /// word, the suggestion if there is one, and every valid name.
    package static func unknown(_ what: String, _ word: String, among candidates: [String], listedAs list: String)
        -> String
    {
        var message = "unknown \(what) '\(word)'"
        if let suggestion = closest(to: word, in: candidates) { message += " (did you mean '\(suggestion)'?)" }
        return message + "; \(list): \(candidates.joined(separator: ", "))"
    }

    /// Edit distance counting a swap of two neighbouring letters as one edit (optimal string
    /// alignment), as well as an insertion, a deletion or a substitution: the swap is the
    /// commonest typo, and plain Levenshtein counts it as two, which is how
    /// swift-argument-parser came to suggest `--prompt` for `--fromat`.
    private static func distance(_ first: String, _ second: String) -> Int {
        let a = Array(first), b = Array(second)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoBack[j - 2] + 1)
                }
            }
            twoBack = previous
            previous = current
        }
        return previous[b.count]
    }
}
