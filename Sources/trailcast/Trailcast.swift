import ArgumentParser

/// The `trailcast` command: argument parsing and output wiring only; the work
/// happens in the library modules.
@main
struct Trailcast: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trailcast",
        abstract: "Replay GPX routes as a simulated device location stream.",
        discussion: """
            Exit status: 0 success, 64 bad usage, 65 malformed or invalid GPX, \
            66 missing or unreadable input file.
            """,
        version: "0.1.0",
        subcommands: [InspectCommand.self])
}
