// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics

/// `Spelling.closest`: the name a mistyped word was meant to be. Two neighbouring letters
/// swapped count as one edit, so a short word's swap (one edit allowed up to four letters)
/// is still answered, and a swap beats a name two plain edits away that comes first.
@Suite("Spelling: the name meant")
struct SpellingTests {
    @Test(
        "two neighbouring letters swapped in a short word: one edit, answered",
        arguments: [
            ("cvs", ["text", "jsonl", "csv"], "csv"),
            ("tpa", ["start", "location", "tap", "app"], "tap"),
            ("jsno", ["text", "json", "jsonl"], "json"),
            ("--ot", ["--output", "--to", "--format"], "--to"),
            ("acll", ["app", "call", "signal"], "call"),
        ])
    func shortSwap(word: String, candidates: [String], meant: String) {
        #expect(Spelling.closest(to: word, in: candidates) == meant)
    }

    @Test("a swap is nearer than two substitutions: '--fromat' is '--format', not '--prompt' listed before it")
    func swapBeatsTwoEdits() {
        #expect(Spelling.closest(to: "--fromat", in: ["--prompt", "--format"]) == "--format")
        #expect(Spelling.closest(to: "fromat", in: ["prompt", "format"]) == "format")
    }

    @Test("two plain edits in a short word, or a swap of letters apart: no guess")
    func tooFar() {
        // Not neighbours: p and t swapped across the a.
        #expect(Spelling.closest(to: "pat", in: ["tap", "app"]) == nil)
        #expect(Spelling.closest(to: "cvx", in: ["text", "jsonl", "csv"]) == nil)
    }

    @Test("two plain edits are allowed from five letters, one up to four")
    func editsAllowedByLength() {
        // `jsnnx` is two substitutions from `jsonl`; `jxox` two from `json`.
        #expect(Spelling.closest(to: "jsnnx", in: ["text", "jsonl"]) == "jsonl")
        #expect(Spelling.closest(to: "jxox", in: ["text", "json"]) == nil)
    }

    @Test("a name cut short is guessed from three letters, not from two")
    func prefixFromThreeLetters() {
        #expect(Spelling.closest(to: "hor", in: ["speed", "horizontalAccuracy"]) == "horizontalAccuracy")
        #expect(Spelling.closest(to: "ho", in: ["speed", "horizontalAccuracy"]) == nil)
    }

    @Test("the message: the word, the name meant, and every name")
    func message() {
        #expect(
            Spelling.unknown("event type", "tpa", among: ["start", "tap", "end"], listedAs: "types")
                == "unknown event type 'tpa' (did you mean 'tap'?); types: start, tap, end")
    }
}
