// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import TrailcastBasics
import TrailcastRun

/// A usage error as one line, `trailcast: error: ...`, naming what was probably meant where a
/// name was mistyped (git and cargo do the same): an unknown subcommand, flag or value of a
/// list gets the nearest name (`did you mean 'replay'?`), and any other fault the parser's own
/// words and where the help is.
///
/// The arguments are read against ``CommandShape`` before the parser's message is used: the
/// parser stops at its first complaint, which for `export x.gpx --too csv` is the missing
/// `--to` rather than the misspelled flag that caused it.
///
/// Where swift-argument-parser has an extension point, the words are the command's own, not
/// rewritten: every rule of a value is the command's `validate()` (``DurationArgument``, the
/// ranges, the pairs), help, the version and the completion scripts are its `CleanExit`
/// written by `Trailcast.main`, and a negative value reaches its option by
/// ``CommandShape/attachingNegativeValues(_:)``. Four of the parser's messages are still
/// rewritten after the fact, because the parser makes them before any code of ours runs and
/// offers no hook for their words: an unknown name (its guess is plain edit distance, which
/// suggested `--prompt` for `--fromat`; ``misspelling(in:tool:)``), a value its type cannot
/// read (`The value 'abc' is invalid for '--speed <N>'` as `--speed must be a number, not
/// 'abc'`: an `ExpressibleByArgument` failing or a `transform` throwing only appends to that
/// sentence; ``unreadableValue(in:)``), a missing choice (the list of values added;
/// ``missingChoice(in:arguments:)``), and the capitals and full stops of its sentences, for
/// the one-line form.
enum UsageErrorLine {
    static let prefix = StandardStreams.toolPrefix + "error: "

    static func line(for error: any Error, arguments: [String]) -> String {
        if let fault = CommandShape.tool.flatMap({ misspelling(in: arguments, tool: $0) }) {
            return prefix + fault
        }
        var message = Trailcast.message(for: error)
            .split(separator: "\n").map { $0.trimmingSpaces.droppingListDash }.joined(separator: " ")
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        // A sentence's capital goes (the parser's `Missing expected argument`); a name keeps
        // its case: an acronym or a variable (`URL`, `JOB_COMPLETION_INDEX='x' is not a number`).
        let second = message.dropFirst().first
        if let first = message.first, first.isUppercase, second == " " || second?.isLowercase == true {
            message = first.lowercased() + message.dropFirst()
        }
        while message.hasSuffix(".") || message.hasSuffix(",") { message.removeLast() }
        if let unreadable = unreadableValue(in: message) { return prefix + unreadable }
        if let missing = missingChoice(in: message, arguments: arguments) { return prefix + missing }
        if comesFromTheParser(error) {
            message += " (see '\(commandPath(of: arguments).joined(separator: " ")) --help')"
        }
        return prefix + message
    }

    /// `help repaly`: the parser prints the top-level help and exits 0 for a name it does
    /// not know; this is the line to print instead, or nil when every name is known.
    static func unknownHelpTopic(in arguments: [String]) -> String? {
        guard arguments.first == "help", let tool = CommandShape.tool else { return nil }
        let named = tool.resolve(Array(arguments.dropFirst()))
        return named.unknown.map { prefix + unknownCommand($0, of: named.command, path: ["trailcast"]) }
    }

    /// When the parser answered with help or the version where the words did not ask for it
    /// alone: no arguments at all ("" : the help goes to standard error, exit 64); a word
    /// such as `-dash.gpx` that the parser read as short flags with `-h` among them (its
    /// line, "unknown option"); `--version` with more words. Nil for a plain request.
    static func unaskedAnswer(to arguments: [String]) -> String? {
        if arguments.isEmpty { return "" }
        if arguments.contains("--version") {
            let rest = arguments.filter { $0 != "--version" }
            return rest.isEmpty ? nil : "error: --version takes no arguments, not '\(rest[0])'"
        }
        let requests: Set = ["-h", "--help", "help", "--experimental-dump-help"]
        if arguments.contains(where: { requests.contains($0) || $0.hasPrefix("--generate-completion-script") }) {
            return nil
        }
        let word =
            arguments.first { $0.hasPrefix("-") && $0 != "-" && !$0.hasPrefix("--") && !$0.isNegativeNumber }
            ?? arguments[0]
        let path = commandPath(of: arguments).joined(separator: " ")
        return "error: unknown option '\(word)' (a file named so: write ./\(word); see '\(path) --help')"
    }

    /// The first name in `arguments` that the command line does not know, said with the
    /// nearest it does: a subcommand, then each flag and each value of a list in order.
    static func misspelling(in arguments: [String], tool: CommandShape) -> String? {
        // A command with subcommands takes no arguments of its own here.
        let named = tool.resolve(arguments)
        let (command, path) = (named.command, named.path)
        if let unknown = named.unknown { return unknownCommand(unknown, of: command, path: path) }
        var rest = named.rest
        while let word = rest.popFirst() {
            if word == "--" { return nil }
            guard word.hasPrefix("-"), word != "-", !word.isNegativeNumber else { continue }
            let spelled = String(word.prefix { $0 != "=" })
            let attached = spelled.count < word.count ? String(word.dropFirst(spelled.count + 1)) : nil
            guard let argument = command.argument(spelled: spelled) else {
                guard !command.spelledNames.contains(spelled), !isShortFlagCluster(spelled, of: command) else {
                    continue
                }
                var line = "unknown option '\(spelled)'"
                if let suggestion = Spelling.closest(
                    to: spelled, in: command.spelledNames.filter { $0.hasPrefix("--") })
                {
                    line += " (did you mean '\(suggestion)'?)"
                } else {
                    line += " (see '\(path.joined(separator: " ")) --help')"
                }
                return line
            }
            guard argument.kind == "option" else { continue }
            guard let value = attached ?? rest.popFirst() else { return nil }
            let older = olderValueNames[(path + [spelled]).joined(separator: " ")] ?? []
            if let values = argument.allValues, !values.isEmpty, !values.contains(value), !older.contains(value) {
                var line = "\(spelled) must be one of \(values.joined(separator: ", ")), not '\(value)'"
                if let suggestion = Spelling.closest(to: value, in: values) {
                    line += " (did you mean '\(suggestion)'?)"
                }
                return line
            }
        }
        return nil
    }

    /// Values an option still takes under an older name that its help no longer lists
    /// (the parser knows them through the type's `init?(argument:)`, the dump does not).
    static let olderValueNames = ["trailcast inspect --format": ["json"]]

    private static func unknownCommand(_ name: String, of command: CommandShape, path: [String]) -> String {
        if let suggestion = Spelling.closest(to: name, in: command.subcommandNames) {
            return "unknown command '\(name)' (did you mean '\(suggestion)'?)"
        }
        return
            "unknown command '\(name)'; the commands are \(command.subcommandNames.joined(separator: ", ")) (see '\(path.joined(separator: " ")) --help')"
    }

    /// `-qo out.txt`-style clusters of single-letter flags the command has.
    private static func isShortFlagCluster(_ spelled: String, of command: CommandShape) -> Bool {
        guard !spelled.hasPrefix("--"), spelled.count > 2 else { return false }
        return spelled.dropFirst().allSatisfy { command.spelledNames.contains("-\($0)") }
    }

    /// The subcommands named at the start of `arguments`, after `trailcast`.
    private static func commandPath(of arguments: [String]) -> [String] {
        CommandShape.tool?.resolve(arguments).path ?? ["trailcast"]
    }

    /// The parser's `The value 'abc' is invalid for '--speed <N>'` (a number that is not
    /// one) as `--speed must be a number, not 'abc'`: the flag first, as every other value
    /// error, and what it takes in words where its value name says (`N`, `DURATION`).
    private static func unreadableValue(in message: String) -> String? {
        let opening = "the value '", middle = "' is invalid for '"
        guard message.hasPrefix(opening), let split = message.firstRange(of: middle) else { return nil }
        let value = message[message.index(message.startIndex, offsetBy: opening.count)..<split.lowerBound]
        let described = message[split.upperBound...].prefix { $0 != "'" }
        guard let space = described.firstIndex(of: " ") else { return nil }
        let valueName = String(described[described.index(after: space)...].dropFirst().dropLast())
        let expected = valueWords[valueName] ?? valueName
        // A negative number the option's type cannot hold (a seed, a count): a range, not a form.
        if value.hasPrefix("-"), Double(value) != nil, expected == "a number" {
            return "\(described[..<space]) must be 0 or more, not \(value)"
        }
        return "\(described[..<space]) must be \(expected), not '\(value)'"
    }

    /// The parser's `missing expected argument '--format <format>'` for an option that takes
    /// one of a list, as `--format is needed: one of xcode-gpx, nmea, ...`: the fix in the line.
    private static func missingChoice(in message: String, arguments: [String]) -> String? {
        let opening = "missing expected argument '"
        guard message.hasPrefix(opening) else { return nil }
        let spelled = String(message.dropFirst(opening.count).prefix { $0 != " " && $0 != "'" })
        guard spelled.hasPrefix("-"), let command = CommandShape.tool?.resolve(arguments).command,
            let values = command.argument(spelled: spelled)?.allValues, !values.isEmpty
        else { return nil }
        return "\(spelled) is needed: one of \(values.joined(separator: ", "))"
    }

    /// What the value names of the tool's options stand for.
    private static let valueWords = [
        "N": "a number", "M": "a number of metres", "S": "a number of seconds", "MS": "a number of milliseconds",
        "P": "a share from 0 to 1", "DURATION": "a duration such as 45s, 10m or 250ms", "port": "a port number",
        "PORT": "a port number",
    ]

    /// The parser's own complaints (a missing value, an unexpected argument), as against a
    /// command's `validate()`, whose messages already say what to do.
    private static func comesFromTheParser(_ error: any Error) -> Bool {
        if error is ValidationError { return false }
        guard let parserError = Mirror(reflecting: error).children.first(where: { $0.label == "parserError" })?.value
        else {
            return false
        }
        return !String(describing: parserError).hasPrefix("userValidationError")
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var trimmed = self
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        return trimmed
    }

    /// `- gpx` of the parser's bulleted list of values, as `gpx,`.
    fileprivate var droppingListDash: String {
        hasPrefix("- ") ? String(dropFirst(2)) + "," : String(self)
    }
}

extension String {
    fileprivate var isNegativeNumber: Bool { hasPrefix("-") && Double(dropFirst()) != nil }
}
