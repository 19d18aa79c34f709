// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser

/// The names the command line knows: each command's subcommands, flags and options, and the
/// values of each option that takes one of a list. Read from swift-argument-parser's own
/// description of the commands (`--experimental-dump-help`), so a flag added to a command is
/// known here with no second list to keep.
struct CommandShape: Decodable, Sendable {
    let commandName: String
    let subcommands: [CommandShape]?
    let arguments: [ArgumentShape]?

    struct ArgumentShape: Decodable, Sendable {
        /// `positional`, `option` (takes a value) or `flag`.
        let kind: String
        let names: [Name]?
        let allValues: [String]?
        let isRepeating: Bool?

        struct Name: Decodable, Sendable {
            /// `long`, `short` or `longWithSingleDash`.
            let kind: String
            let name: String

            /// As typed: `--format`, `-o`.
            var spelled: String { kind == "short" ? "-\(name)" : kind == "long" ? "--\(name)" : "-\(name)" }
        }
    }

    /// The whole tool, described by the parser; nil if that description cannot be read
    /// (the messages then fall back to the parser's own).
    static let tool: CommandShape? = {
        struct Dump: Decodable { let command: CommandShape }
        do {
            _ = try Trailcast.parseAsRoot(["--experimental-dump-help"])
            return nil
        } catch {
            let json = Trailcast.fullMessage(for: error)
            return try? JSONDecoder().decode(Dump.self, from: Data(json.utf8)).command
        }
    }()

    /// The command `arguments` name (`fleet` of `fleet gpx/ --devices 3`), the names walked
    /// to it (`trailcast fleet`) and the arguments after them; `unknown` is the first word
    /// that should name a subcommand (its command has some) and names none.
    func resolve(_ arguments: [String]) -> (
        command: CommandShape, path: [String], rest: ArraySlice<String>, unknown: String?
    ) {
        var command = self
        var path = [commandName]
        var rest = arguments[...]
        while let word = rest.first, !word.hasPrefix("-"), command.hasSubcommands {
            guard let subcommand = command.subcommand(named: word) else { return (command, path, rest, word) }
            command = subcommand
            path.append(word)
            rest = rest.dropFirst()
        }
        return (command, path, rest, nil)
    }

    func subcommand(named name: String) -> CommandShape? {
        subcommands?.first { $0.commandName == name }
    }

    var hasSubcommands: Bool { !(subcommands ?? []).isEmpty }

    /// The subcommands a user would pick (not the parser's own `help`).
    var subcommandNames: [String] { (subcommands ?? []).map(\.commandName).filter { $0 != "help" } }

    /// Every way a flag or option of this command is typed, the parser's own included
    /// (`--help`, `-h`, and at the top `--version`).
    var spelledNames: [String] {
        let own = (arguments ?? []).flatMap { ($0.names ?? []).map(\.spelled) }
        return own + ["--help", "-h", "--experimental-dump-help"]
            + (hasSubcommands ? ["--version", "--generate-completion-script"] : [])
    }

    func argument(spelled: String) -> ArgumentShape? {
        arguments?.first { ($0.names ?? []).contains { $0.spelled == spelled } }
    }

    /// The arguments with one rule for values that look like flags: a word that starts with
    /// `-` and a digit (`-1`, `-1m`, `-2m:authorization=denied`, `-.5`) after an option that
    /// takes a value is that option's value, attached as `--max-gap=-1m`, so the option's
    /// own check answers (`--max-gap must be 0 or more, not -1m`) rather than the parser's
    /// "missing value". swift-argument-parser has no such parsing strategy of its own
    /// (`.unconditional` takes any next word, `--max-gap --quiet` too), and no option of
    /// this tool is named like a negative number, so nothing else can be meant.
    static func attachingNegativeValues(_ arguments: [String]) -> [String] {
        // Most command lines have no such word: the parser's description is not worth making.
        guard arguments.contains(where: looksNegative), let tool else { return arguments }
        let (command, path, rest, _) = tool.resolve(arguments)
        var result = Array(arguments.prefix(path.count - 1))
        var words = rest[...]
        while let word = words.first {
            words = words.dropFirst()
            if word == "--" {
                result.append(word)
                result += words
                break
            }
            if word.hasPrefix("-"), !word.contains("="), let next = words.first, looksNegative(next),
                command.argument(spelled: word)?.kind == "option"
            {
                // A long name takes `=VALUE`; a short one its value attached (`-o-1.txt`).
                result.append(word.hasPrefix("--") ? word + "=" + next : word + next)
                words = words.dropFirst()
            } else {
                result.append(word)
            }
        }
        return result
    }

    private static func looksNegative(_ word: String) -> Bool {
        let utf8 = Array(word.utf8.prefix(3))
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "-") else { return false }
        let digit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        return digit(utf8[1]) || (utf8[1] == UInt8(ascii: ".") && utf8.count == 3 && digit(utf8[2]))
    }

    /// Whether `arguments` can name one option by two of its names, without the parser's
    /// description (making it costs about 330 million instructions, a fifth of a 10,000-point
    /// export): every option has one long name and at most one short one, the long name's
    /// first letter (`-o`, `--output`), but for the older names in ``olderOptionNames``. So
    /// only a line with a short name and a long one of its letter, or an older name and one of
    /// its option's others, can (UsageErrorTests keeps the tool so).
    static func mayNameAnOptionTwice(_ arguments: [String]) -> Bool {
        let flags = arguments.prefix { $0 != "--" }.filter { $0.hasPrefix("-") && $0 != "-" && !looksNegative($0) }
            .map { String($0.prefix { $0 != "=" }) }
        let longs = flags.filter { $0.hasPrefix("--") }
        for flag in flags {
            if let others = olderOptionNames[flag], flags.contains(where: others.contains) { return true }
            if !flag.hasPrefix("--"), let letter = flag.dropFirst().first,
                longs.contains(where: { $0.dropFirst(2).first == letter })
            {
                return true
            }
        }
        return false
    }

    /// Long names an option keeps beside its own for the scripts that used them, with the
    /// option's other names (`export --to`, `--format`'s first name).
    static let olderOptionNames: [String: Set<String>] = ["--to": ["-f", "--format"]]

    /// `export --to kml --format tcx`: one option given under two of its names with two
    /// values. The parser keeps the last without a word; a person meant one of them. (The
    /// same name twice is an override, as in git and curl: the last wins.)
    static func conflictingNames(in arguments: [String]) -> String? {
        guard let tool else { return nil }
        let (command, _, rest, _) = tool.resolve(arguments)
        var given: [String: (spelled: String, value: String)] = [:]
        var words = rest[...]
        while let word = words.popFirst() {
            if word == "--" { break }
            guard word.hasPrefix("-"), word != "-" else { continue }
            let spelled = String(word.prefix { $0 != "=" })
            guard let argument = command.argument(spelled: spelled), argument.kind == "option" else { continue }
            let attached = spelled.count < word.count ? String(word.dropFirst(spelled.count + 1)) : nil
            guard let value = attached ?? words.popFirst() else { break }
            guard argument.isRepeating != true, let key = argument.names?.first?.spelled else { continue }
            if let earlier = given[key], earlier.spelled != spelled, earlier.value != value {
                return
                    "\(earlier.spelled) \(earlier.value) and \(spelled) \(value) give one option two values: give one"
            }
            given[key] = (spelled, value)
        }
        return nil
    }
}
