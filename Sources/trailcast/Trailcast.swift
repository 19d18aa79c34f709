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
            66 missing or unreadable input file, \
            73 the output file cannot be created, 74 an I/O error, 130/143 stopped by \
            SIGINT/SIGTERM (after writing the end of the timeline).
            """,
        version: "0.1.0",
        subcommands: [ReplayCommand.self, InspectCommand.self, ServeWeatherCommand.self])
}
