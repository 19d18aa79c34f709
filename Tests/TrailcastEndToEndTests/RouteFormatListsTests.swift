// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastRoutes

/// The route formats are declared once, `RouteFormat`: the help and the messages are written
/// from `RouteFormat.allCases`, and prose that lists them is checked here. A line of the docs
/// (README.md, ARCHITECTURE.md, CONTRIBUTING.md, docs/, the DocC articles) or of a `///`
/// comment in Sources/ that names most of the formats must name every one, with the lines
/// beside it (a list may wrap), so a new format cannot be left out of a list that looks
/// complete. Left alone: a line naming a few formats (`GeoJSON or Takeout`), a line about
/// exports (their formats are another list, `export --to`'s), and CHANGELOG.md (what a
/// release read).
@Suite("Every list of route formats in the docs names every format")
struct RouteFormatListsTests {
    /// What counts as naming a format: its short name as a word, or plural (`GPX`, `GeoJSON`,
    /// `CSVs`), or its `--input-format` value in backticks or beside a `|` (`kmz`, `fit|`).
    static func names(_ format: RouteFormat, in line: String) -> Bool {
        let value = format.rawValue
        return ["`\(value)`", "|\(value)|", "\(value)|", "|\(value)]", "|\(value)`"].contains { line.contains($0) }
            || containsWord(format.shortName, in: line)
    }

    static func containsWord(_ word: String, in line: String) -> Bool {
        var searched = line[...]
        while let range = searched.range(of: word) {
            var end = range.upperBound
            if end < line.endIndex, line[end] == "s" { end = line.index(after: end) }
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = end == line.endIndex ? nil : line[end]
            let isWordCharacter = { (character: Character?) in
                character?.isLetter == true || character?.isNumber == true
            }
            if !isWordCharacter(before) && !isWordCharacter(after) { return true }
            searched = line[range.upperBound...]
        }
        return false
    }

    /// The lines that name more than half the formats while they and the lines beside them
    /// do not name all, as `file:line: lists route formats without ...`.
    static func incompleteLists(in text: String, file: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        let all = RouteFormat.allCases
        return lines.indices.compactMap { number in
            let line = lines[number]
            guard !line.lowercased().contains("export") else { return nil }
            guard all.filter({ names($0, in: line) }).count * 2 > all.count else { return nil }
            let window = lines[max(0, number - 1)...min(lines.count - 1, number + 1)].joined(separator: " ")
            let missing = all.filter { !names($0, in: window) }
            guard !missing.isEmpty else { return nil }
            return
                "\(file):\(number + 1): lists route formats without \(missing.map(\.shortName).joined(separator: ", "))"
        }
    }

    /// README.md, ARCHITECTURE.md, CONTRIBUTING.md, docs/*.md, every DocC article and every `///` line under Sources/.
    static func documents() throws -> [(file: String, text: String)] {
        let root = Repository.url("")
        var files = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"]
        files += try FileManager.default.contentsOfDirectory(atPath: Repository.url("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        let sources = FileManager.default.enumerator(atPath: Repository.url("Sources").path)
        var sourceFiles: [String] = []
        while let path = sources?.nextObject() as? String {
            if path.hasSuffix(".swift") || (path.contains(".docc/") && path.hasSuffix(".md")) {
                sourceFiles.append("Sources/" + path)
            }
        }
        #expect(sourceFiles.count > 100, "Sources/ should hold the package's code")
        return try (files + sourceFiles.sorted()).map { file in
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            guard file.hasSuffix(".swift") else { return (file, text) }
            // Only the documentation: code is checked by the compiler, and help is derived.
            let comments = text.components(separatedBy: "\n").map {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("///") ? $0 : ""
            }
            return (file, comments.joined(separator: "\n"))
        }
    }

    @Test("no doc lists most route formats but not all")
    func listsAreWhole() throws {
        let documents = try Self.documents()
        #expect(documents.count > 120)
        let incomplete = documents.flatMap { Self.incompleteLists(in: $0.text, file: $0.file) }
        #expect(incomplete.isEmpty, "\(incomplete.joined(separator: "\n"))")
    }

    @Test("the check finds a list that leaves a format out, and passes a whole one or a short one")
    func checkBites() {
        let shortNames = RouteFormat.allCases.map(\.shortName)
        #expect(Self.incompleteLists(in: shortNames.joined(separator: ", "), file: "x.md").isEmpty)
        let values = RouteFormat.allCases.map { "`\($0.rawValue)`" }
        #expect(
            Self.incompleteLists(in: values.dropLast().joined(separator: ", "), file: "x.md")
                == ["x.md:1: lists route formats without \(shortNames.last!)"])
        #expect(Self.incompleteLists(in: shortNames.dropFirst().joined(separator: "|"), file: "x.md").count == 1)
        #expect(Self.incompleteLists(in: "read as a route, GeoJSON or Takeout", file: "x.md").isEmpty)
        #expect(Self.incompleteLists(in: "a FITness GPXish KMZed TCX2 line: GeoJSON, CSV", file: "x.md").isEmpty)
        let wrapped =
            shortNames.dropLast(2).joined(separator: ", ") + ",\n" + shortNames.suffix(2).joined(separator: ", ")
        #expect(Self.incompleteLists(in: wrapped, file: "x.md").isEmpty)
        let export = shortNames.dropLast(2).joined(separator: ", ") + ": what export writes"
        #expect(Self.incompleteLists(in: export, file: "x.md").isEmpty)
    }

    /// docs/route-formats.md's table "What each format gives" has a row for every format, its
    /// first cell starting with the format's usual name (`NMEA 0183 log`, `GPX 1.0/1.1`).
    @Test("docs/route-formats.md has a row for every format")
    func tableRows() throws {
        let text = try String(contentsOf: Repository.url("docs/route-formats.md"), encoding: .utf8)
        // The first table after the heading only: the later ones ("what it keeps", bad input)
        // have rows for most formats too.
        let section = text.components(separatedBy: "## What each format gives").dropFirst().first ?? ""
        let table = section.components(separatedBy: "\n").drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        let firstCells = table.filter { $0.hasPrefix("| ") }.map {
            $0.dropFirst(2).prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces)
        }
        #expect(firstCells.count >= RouteFormat.allCases.count + 1)
        let missing = RouteFormat.allCases.filter { format in
            !firstCells.contains { $0 == format.displayName || $0.hasPrefix(format.displayName + " ") }
        }
        #expect(missing.isEmpty, "no row for \(missing.map(\.displayName))")
    }
}
