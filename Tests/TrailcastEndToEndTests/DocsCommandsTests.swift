// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// Every `trailcast ...` command shown in README.md and docs/ runs, against the built
/// binary, and what a transcript (`$ trailcast ...` and the lines after it) shows is what it
/// prints: the docs cannot drift from the tool. A code block that cannot run here (a peer
/// this machine lacks, the network, a server that runs until stopped) says so on the line
/// before it: `<!-- not run by DocsCommandsTests: REASON -->`.
@Suite("The commands in README.md and docs/")
struct DocsCommandsTests {
    /// One fenced code block's commands, run in order in one scratch directory.
    struct Block: Sendable, CustomTestStringConvertible {
        var file: String
        var line: Int
        var commands: [Command]
        var testDescription: String { "\(file):\(line)" }
    }

    struct Command: Sendable {
        var text: String
        /// The output a transcript shows after the command, in order (maybe abridged).
        var shown: [String]
    }

    struct Skipped: Sendable {
        var file: String
        var line: Int
        var reason: String
    }

    static let marker = "<!-- not run by DocsCommandsTests:"

    /// README.md and the guides in docs/. A folder or file that cannot be read throws: the
    /// tests fail, rather than find no command and pass.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Repository.url("docs").path).filter {
            $0.hasSuffix(".md")
        }
        guard !docs.isEmpty else { throw NothingToRun(what: "no .md file in docs/") }
        return ["README.md"] + docs.sorted().map { "docs/" + $0 }
    }

    /// Every document's blocks of commands, and the blocks marked not to be run.
    static func parsed() throws -> (blocks: [Block], skipped: [Skipped]) {
        var blocks: [Block] = []
        var skipped: [Skipped] = []
        for document in try documents() {
            let text = try String(contentsOf: Repository.url(document), encoding: .utf8)
            let (found, marked) = parse(text, file: document)
            blocks += found
            skipped += marked
        }
        guard !blocks.isEmpty else { throw NothingToRun(what: "no command in README.md or docs/") }
        return (blocks, skipped)
    }

    struct NothingToRun: Error, CustomStringConvertible {
        var what: String
        var description: String { what }
    }

    /// The blocks of `text` with at least one command, and the marked blocks that have one.
    static func parse(_ text: String, file: String) -> ([Block], [Skipped]) {
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var skipped: [Skipped] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```") else { index += 1; continue }
            let fence = index
            var end = fence + 1
            while end < lines.count && !lines[end].hasPrefix("```") { end += 1 }
            let body = Array(lines[(fence + 1)..<min(end, lines.count)])
            let commands = Self.commands(in: body)
            let before = lines[..<fence].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            if !commands.isEmpty {
                if before.hasPrefix(marker) {
                    let reason = before.dropFirst(marker.count).replacingOccurrences(of: "-->", with: "")
                        .trimmingCharacters(in: .whitespaces)
                    skipped.append(Skipped(file: file, line: fence + 1, reason: reason))
                } else {
                    blocks.append(Block(file: file, line: fence + 1, commands: commands))
                }
            }
            index = end + 1
        }
        return (blocks, skipped)
    }

    /// The commands of a block's lines: `trailcast ...`, `$ trailcast ...` (a transcript),
    /// `swift run trailcast ...`; lines ending in `\` continue; `  # ...` comments go. A
    /// synopsis (`trailcast inspect FILE... [--strict]`) is not a command.
    static func commands(in body: [String]) -> [Command] {
        var commands: [Command] = []
        var index = 0
        while index < body.count {
            var line = body[index]
            index += 1
            let transcript = line.hasPrefix("$ ")
            if transcript { line.removeFirst(2) }
            for prefix in ["swift run -c release trailcast ", "swift run trailcast "] where line.hasPrefix(prefix) {
                line = "trailcast " + line.dropFirst(prefix.count)
            }
            guard line.hasPrefix("trailcast ") else { continue }
            while line.hasSuffix("\\"), index < body.count {
                line = String(line.dropLast()) + " " + body[index].trimmingCharacters(in: .whitespaces)
                index += 1
            }
            if let comment = line.range(of: #"\s{2,}#.*$"#, options: .regularExpression) {
                line.removeSubrange(comment)
            }
            let isSynopsis =
                line.contains(" [") || line.contains("...") || line.contains(" | ")
                || line.split(separator: " ").contains { word in word.count > 1 && word.allSatisfy(\.isUppercase) }
            var shown: [String] = []
            if transcript {
                while index < body.count && !body[index].hasPrefix("$ ") {
                    shown.append(body[index])
                    index += 1
                }
            }
            if !isSynopsis { commands.append(Command(text: line.trimmingCharacters(in: .whitespaces), shown: shown)) }
        }
        return commands
    }

    /// Wall-clock figures differ from run to run.
    static func normalised(_ line: String) -> String {
        line.replacingOccurrences(of: #"[0-9.]+ s wall"#, with: "_ s wall", options: .regularExpression)
            .replacingOccurrences(
                of: #""wallSeconds":[-+0-9.eE]+"#, with: #""wallSeconds":_"#, options: .regularExpression
            )
            .trimmingCharacters(in: .whitespaces)
    }

    /// Whether an output line is what the docs show: the same, or, for a shown line that
    /// ends in `...` (abridged), one that starts the same.
    static func matches(_ shown: String, _ line: String) -> Bool {
        if shown.hasSuffix("...") { return line.hasPrefix(shown.dropLast(3)) }
        return line == shown
    }

    @Test("the docs have commands, and every block that is not run says why")
    func everyBlockIsRunOrSaysWhy() throws {
        #expect(try Self.documents().count >= 5, "README.md and the guides")
        let (blocks, skipped) = try Self.parsed()
        #expect(blocks.count == 18, "\(blocks.map(\.testDescription))")
        #expect(blocks.map(\.commands.count).reduce(0, +) == 24)
        #expect(skipped.count == 13, "\(skipped.map { "\($0.file):\($0.line)" })")
        for block in skipped {
            #expect(!block.reason.isEmpty, "\(block.file):\(block.line) is not run and does not say why")
        }
    }

    @Test(arguments: try parsed().blocks)
    func runs(_ block: Block) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // The commands name the sample routes by their repository paths, and the examples
        // by their names alone.
        try FileManager.default.createSymbolicLink(
            at: scratch.url.appendingPathComponent("gpx"), withDestinationURL: Repository.url("gpx"))
        for example in try FileManager.default.contentsOfDirectory(atPath: Repository.url("docs/examples").path) {
            try FileManager.default.copyItem(
                at: Repository.url("docs/examples/" + example), to: scratch.url.appendingPathComponent(example))
        }
        // The binary's environment as every end-to-end run has it (sanitizer options
        // included), with the built `trailcast` first on PATH.
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let environment = TrailcastBinary.environment([
            "PATH": TrailcastBinary.url.deletingLastPathComponent().path + ":" + path, "COLUMNS": "100",
        ])
        for command in block.commands {
            let result = try await TrailcastBinary.runTool(
                "sh", ["-c", command.text], in: scratch.url, environment: environment)
            let shownError = command.shown.contains { $0.contains(": error: ") }
            if shownError {
                #expect(
                    result.status != 0, "\(block.file):\(block.line): `\(command.text)` shows an error but exited 0")
            } else {
                #expect(
                    result.status == 0,
                    "\(block.file):\(block.line): `\(command.text)` exited \(result.status): \(result.stderr)")
            }
            // What the transcript shows appears in the output, in order (it may leave lines out).
            let output = (result.stdout + result.stderr).components(separatedBy: "\n").map(Self.normalised)
            var next = output.startIndex
            for shown in command.shown.map(Self.normalised) where !shown.isEmpty && shown != "..." && shown != "…" {
                guard let found = output[next...].firstIndex(where: { Self.matches(shown, $0) }) else {
                    Issue.record(
                        "\(block.file):\(block.line): `\(command.text)` does not print, in this order: \(shown)")
                    break
                }
                next = found + 1
            }
        }
    }
}
