// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import TrailcastBasics
import TrailcastRoutes
import TrailcastRun
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `trailcast` command: argument parsing and output wiring only; the work
/// happens in the library modules.
@main
struct Trailcast: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trailcast",
        abstract:
            "Replay route files (\(RouteFormat.shortNames)) as a simulated device location stream, with weather.",
        discussion: """
            Exit status: 0 success (also when standard output's reader went away: `| head`), 1 a check whose expectations failed (or a failure of no other kind), 64 bad usage, 65 a malformed or invalid route file, \
            66 missing or unreadable input file, \
            69 a port cannot be listened on (serve-weather, an NMEA feed) or a peer cannot be had \
            (an emulator console, simctl), \
            73 an output file cannot be created, 74 an I/O error, 130/143 replay stopped by \
            SIGINT/SIGTERM (after writing the end of the timeline; serve-weather exits 0).
            """,
        version: TrailcastVersion.current,
        subcommands: [
            ReplayCommand.self, ReportCommand.self, CheckCommand.self, InspectCommand.self, ExportCommand.self,
            FleetCommand.self, ServeWeatherCommand.self,
        ])

    /// swift-argument-parser's `main`, and one more case: a ``RunFailure`` from a run
    /// (a file that cannot be created, a peer that cannot be had) is its line on standard
    /// error and its exit status, as every command reports them.
    static func main() async {
        // A reader that goes away (`| head`) is an EPIPE the command answers, not a death by
        // SIGPIPE that leaves staged outputs' temporaries behind and nothing ended.
        signal(SIGPIPE, SIG_IGN)
        let arguments = CommandShape.attachingNegativeValues(Array(CommandLine.arguments.dropFirst()))
        if let unknown = UsageErrorLine.unknownHelpTopic(in: arguments) {
            StandardStreams.writeError(unknown)
            exit(withError: ExitCode.validationFailure)
        }
        // Only a line that may name one option by two names can hold the conflict: the
        // parser's description is not made for the others.
        if CommandShape.mayNameAnOptionTwice(arguments), let conflict = CommandShape.conflictingNames(in: arguments) {
            StandardStreams.writeError(StandardStreams.errorLine(conflict))
            exit(withError: ExitCode.validationFailure)
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            // A command that printed its answer into a full disk or a closed file did not
            // succeed (`inspect ... > /dev/full` exited 0).
            if let failure = StandardStreams.outputFailure { throw failure }
        } catch let failure as RunFailure {
            exit(with: failure)
        } catch {
            // A plain exit status goes as the parser sends it; help, the version and a
            // completion script are answered below; a usage error is one line (git's and
            // cargo's form), with the name meant where one was mistyped.
            if error is ExitCode { exit(withError: error) }
            let status = exitCode(for: error)
            if status == .success { answer(error, arguments: arguments) }
            StandardStreams.writeError(UsageErrorLine.line(for: error, arguments: arguments))
            exit(withError: status)
        }
    }

    /// A run's failure: its line on standard error (unless that would change an input) and
    /// its status.
    private static func exit(with failure: RunFailure) -> Never {
        // The reader of standard output went away (`| head`): it had what it wanted. The
        // command stopped there, its files written whole; nothing to say, and a success.
        if failure.status == .ioError && DescriptorWrite.standardOutputReaderLeft { exit(withError: ExitCode.success) }
        if failure.writesMessage { StandardStreams.writeError(StandardStreams.errorLine(failure.message)) }
        exit(withError: ExitCode(failure.status))
    }

    /// Help, the version, a completion script: written here rather than by the parser's
    /// `print`, so that one that cannot be written (a full disk) exits 74 as every other
    /// output does. Help nobody asked for (no arguments; `-dash.gpx`, whose letters hold
    /// `-h`), or the version with more words, is a usage error instead.
    private static func answer(_ request: any Error, arguments: [String]) -> Never {
        if let unasked = UsageErrorLine.unaskedAnswer(to: arguments) {
            StandardStreams.writeError(unasked.isEmpty ? fullMessage(for: request) : StandardStreams.errorLine(unasked))
            exit(withError: ExitCode.validationFailure)
        }
        let message = fullMessage(for: request)
        StandardStreams.writeOutput(message.isEmpty ? "" : message + "\n")
        if let failure = StandardStreams.outputFailure { exit(with: failure) }
        exit(withError: ExitCode.success)
    }
}

extension ExitCode {
    /// The exit code of a run's status.
    init(_ status: RunExitStatus) {
        self.init(status.rawValue)
    }
}
