import Testing

/// A negative number is a value, not a flag: `--speed -1` gets the value's own error, not
/// swift-argument-parser's "Missing value for '--speed <N>'".
@Suite("Negative numbers are values")
struct NegativeNumberTests {
    @Test("the value's own error, exit 64", arguments: [
        (["replay", "gpx/sf-waterfront-walk.gpx", "--speed", "-1"], "--speed must be"),
        (["replay", "gpx/sf-waterfront-walk.gpx", "--interval", "-5"], "--interval must be"),
        (["replay", "gpx/sf-waterfront-walk.gpx", "--gps-sigma", "-3"], "--gps-sigma"),
        (["replay", "gpx/sf-waterfront-walk.gpx", "--travel-speed", "-2"], "--travel-speed must be"),
        (["export", "gpx/sf-waterfront-walk.gpx", "--to", "csv", "--interval", "-5"], "--interval must be"),
        (["fleet", "gpx/sf-waterfront-walk.gpx", "--devices", "-3", "--virtual"], "--devices"),
    ])
    func negative(arguments: [String], fragment: String) async throws {
        let result = try await TrailcastBinary.run(arguments: arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("Missing value"), "\(arguments): \(result.stderr)")
    }

    @Test("the rest of the tool names route files, not GPX, where any format is meant")
    func routeFilesNotGPX() async throws {
        let help = try await TrailcastBinary.run(arguments: ["--help"])
        #expect(help.stdout.contains("Replay route files"), "\(help.stdout.prefix(200))")
        #expect(help.stdout.contains("65 a malformed or invalid route file"))
        let replayHelp = try await TrailcastBinary.run(arguments: ["replay", "--help"])
        #expect(replayHelp.stdout.contains("Replay a route file"))
        let directory = try await TrailcastBinary.run(arguments: ["inspect", "gpx"])
        #expect(directory.stderr.contains("is a directory, not a route file"), "\(directory.stderr)")
    }
}
