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
    func resolve(_ arguments: [String]) -> (command: CommandShape, path: [String], rest: ArraySlice<String>, unknown: String?) {
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
        return own + ["--help", "-h", "--experimental-dump-help"] + (hasSubcommands ? ["--version", "--generate-completion-script"] : [])
    }

    func argument(spelled: String) -> ArgumentShape? {
        arguments?.first { ($0.names ?? []).contains { $0.spelled == spelled } }
    }
}
