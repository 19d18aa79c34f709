// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastTimeline

/// The timeline's formats are declared once, `TimelineFormatName`: `replay`'s usage line and
/// `--format`'s values and messages come from its cases, and the docs' lists of them are
/// checked here, in the documents `RouteFormatListsTests` reads. Two kinds of list:
/// - values (`text|jsonl|csv`, `` `text`, `jsonl`, `csv` ``, `one of text, jsonl, csv`): a
///   list holding both `jsonl` and `csv` is replay's (inspect's is `text|jsonl`, export's has
///   `csv` but no `jsonl`), and must hold every value;
/// - prose (`text, JSON Lines or CSV`): a line that names JSON Lines and CSV beside the word
///   `text` lists the timeline's formats, and must (with the lines beside it) name every one.
///   A line about JSON Lines and CSV alone (`JSON Lines and CSV carry the true position`)
///   says something of those two, and is left alone.
@Suite("Every list of the timeline's formats names every format")
struct TimelineFormatListsTests {
    /// Runs of words joined by `|`, `, `, ` or ` or ` and `, backticks dropped.
    static func valueLists(in line: String) -> [[String]] {
        // Only replay's lists hold `jsonl` (and Swift's regexes are slow over every line).
        guard line.contains("jsonl") else { return [] }
        let plain = line.replacingOccurrences(of: "`", with: "")
        let list = #/[a-z0-9-]+(?:(?:\||, or |, and |, | or | and )[a-z0-9-]+)+/#
        return plain.matches(of: list).map { match in
            plain[match.range].split(whereSeparator: { "|, ".contains($0) }).map(String.init).filter {
                $0 != "or" && $0 != "and"
            }
        }
    }

    static func incompleteLists(in text: String, file: String) -> [String] {
        let values = TimelineFormatName.allCases.map(\.rawValue)
        let names = TimelineFormatName.allCases.map(\.displayName)
        let lines = text.components(separatedBy: "\n")
        return lines.indices.flatMap { number -> [String] in
            let line = lines[number]
            var problems: [String] = []
            for list in valueLists(in: line) where list.contains("jsonl") && list.contains("csv") {
                let missing = values.filter { !list.contains($0) }
                if !missing.isEmpty {
                    problems.append(
                        "\(file):\(number + 1): lists --format's values without \(missing.joined(separator: ", "))")
                }
            }
            if line.contains("JSON Lines") && line.contains("CSV") && line.lowercased().contains("text") {
                let window = lines[max(0, number - 1)...min(lines.count - 1, number + 1)].joined(separator: " ")
                let missing = names.filter { !window.lowercased().contains($0.lowercased()) }
                if !missing.isEmpty {
                    problems.append(
                        "\(file):\(number + 1): lists the timeline's formats without \(missing.joined(separator: ", "))"
                    )
                }
            }
            return problems
        }
    }

    @Test("no doc lists the timeline's formats but leaves one out")
    func listsAreWhole() throws {
        let documents = try RouteFormatListsTests.documents()
        let incomplete = documents.flatMap { Self.incompleteLists(in: $0.text, file: $0.file) }
        #expect(incomplete.isEmpty, "\(incomplete.joined(separator: "\n"))")
        // The lists this checks are there to check: replay.md's synopsis and table, the
        // error message in command-line.md, the README's prose.
        let checked = documents.filter { document in
            document.text.components(separatedBy: "\n").contains { line in
                Self.valueLists(in: line).contains { $0.contains("jsonl") && $0.contains("csv") }
            }
        }
        #expect(Set(checked.map(\.file)).isSuperset(of: ["docs/replay.md", "docs/command-line.md"]))
    }

    @Test("the check finds a list that leaves a format out, and passes inspect's and export's")
    func checkBites() {
        // Written from the declaration, so that the check still bites with a format added.
        let values = TimelineFormatName.allCases.map(\.rawValue)
        let names = TimelineFormatName.allCases.map(\.displayName)
        #expect(Self.incompleteLists(in: "[--format \(values.joined(separator: "|"))]", file: "x.md").isEmpty)
        #expect(
            Self.incompleteLists(in: "[--format jsonl|csv]", file: "x.md")
                == [
                    "x.md:1: lists --format's values without \(values.filter { $0 != "jsonl" && $0 != "csv" }.joined(separator: ", "))"
                ])
        let replayAndInspect = "replay (`jsonl`, `csv`), inspect (`text`, `jsonl`)"
        #expect(Self.incompleteLists(in: replayAndInspect, file: "x.md").count == 1)
        #expect(Self.incompleteLists(in: "inspect [--format text|jsonl]", file: "x.md").isEmpty)
        #expect(Self.incompleteLists(in: "export (`xcode-gpx`, `nmea`, `csv`)", file: "x.md").isEmpty)
        #expect(Self.incompleteLists(in: "JSON Lines and CSV carry the truth", file: "x.md").isEmpty)
        #expect(Self.incompleteLists(in: "written as text or CSV", file: "x.md").isEmpty)
        let prose = "a timeline as " + names.dropLast().joined(separator: ", ") + " or " + names.last!
        #expect(Self.incompleteLists(in: prose, file: "x.md").isEmpty)
        let wrapped = "a timeline as " + names.dropLast().joined(separator: ", ") + "\nor " + names.last!
        #expect(Self.incompleteLists(in: wrapped, file: "x.md").isEmpty)
        #expect(
            Self.incompleteLists(in: "a timeline as text, JSON Lines or CSV, or Markdown", file: "x.md").isEmpty)
        #expect(
            Self.incompleteLists(in: "a timeline as text or JSON Lines, not CSV", file: "x.md").isEmpty
                == names.allSatisfy { ["text", "JSON Lines", "CSV"].contains($0) })
    }

    @Test("replay's usage line and --format's message come from the declaration")
    func helpFromDeclaration() async throws {
        let help = try await TrailcastBinary.run(arguments: ["replay", "--help"], environment: ["COLUMNS": nil])
        #expect(help.status == 0)
        let values = TimelineFormatName.allCases.map(\.rawValue)
        #expect(help.stdout.contains("[-f \(values.joined(separator: "|"))]"), "\(help.stdout.prefix(300))")
        let refused = try await TrailcastBinary.run(arguments: [
            "replay", "gpx/sf-waterfront-walk.gpx", "--format", "json",
        ])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("must be one of \(values.joined(separator: ", "))"), "\(refused.stderr)")
    }
}
