// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// Every option of every command, as the built binary's help lists it, is named in README.md
/// or docs/: an option added to a command without its line in the docs fails here. The
/// commands come from `trailcast --help` itself, so a new command is checked too. The docs
/// are taken together: an option one command shares by name with another (`--format`) is
/// counted documented once either is, so this finds a new name, not a new use of an old one.
@Suite("Every option of every command is in the docs")
struct OptionsDocumentedTests {
    /// The long options a help screen lists (`--format`, `--weather-cache-max`), without
    /// `--help` and `--version`, which every command has, and a family named by a glob
    /// (`--server-*`).
    static func options(inHelp help: String) -> Set<String> {
        let pattern = /(?:^|[^A-Za-z0-9-])(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?![-*A-Za-z0-9])/.anchorsMatchLineEndings()
        return Set(help.matches(of: pattern).map { String($0.output.1) }).subtracting(["--help", "--version"])
    }

    /// The subcommands `trailcast --help` lists, the first word of each line of that section
    /// indented by two spaces.
    static func commands(inHelp help: String) -> [String] {
        let section = help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first ?? ""
        return section.components(separatedBy: "\n").prefix { !$0.isEmpty }.compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }

    /// Whether `option` is named in `text` as itself, not as the start of a longer one
    /// (`--weather` in `--weather-cache`).
    static func names(_ option: String, in text: String) -> Bool {
        var searched = text[...]
        while let range = searched.range(of: option) {
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(after.map { $0.isLetter || $0.isNumber || $0 == "-" } ?? false) { return true }
            searched = text[range.upperBound...]
        }
        return false
    }

    @Test("each command's options are named in README.md or docs/")
    func everyOptionDocumented() async throws {
        let docs = try DocsCommandsTests.documents().map {
            try String(contentsOf: Repository.url($0), encoding: .utf8)
        }.joined(separator: "\n")
        let top = try await TrailcastBinary.run(arguments: ["--help"])
        #expect(top.status == 0)
        let commands = Self.commands(inHelp: top.stdout)
        #expect(commands.contains("replay") && commands.contains("serve-weather") && commands.count >= 7)
        for command in commands {
            let help = try await TrailcastBinary.run(arguments: [command, "--help"])
            #expect(help.status == 0, "\(command): \(help.stderr)")
            let options = Self.options(inHelp: help.stdout)
            #expect(!options.isEmpty, "\(command)'s help lists no options")
            let missing = options.filter { !Self.names($0, in: docs) }.sorted()
            #expect(missing.isEmpty, "trailcast \(command): \(missing.joined(separator: ", ")) in no doc")
        }
    }

    @Test("the check reads options and commands from help, and tells an option from a longer one")
    func checkBites() {
        let help = """
            SUBCOMMANDS:
              replay                  Replay a route file.
                                      A second line.
              serve-weather           Serve weather.

            OPTIONS:
              --weather-cache <DIR>   A cache (see --weather-cache-max, --server-* faults).
              -f, --format <format>   The format.
              -h, --help              Show help information.
            """
        #expect(Self.commands(inHelp: help) == ["replay", "serve-weather"])
        #expect(Self.options(inHelp: help) == ["--weather-cache", "--weather-cache-max", "--format"])
        #expect(!Self.names("--weather", in: "`--weather-cache DIR`"))
        #expect(Self.names("--weather", in: "`--weather none`, --weather-cache"))
        #expect(Self.names("--port", in: "[--port 8080]"))
    }
}
