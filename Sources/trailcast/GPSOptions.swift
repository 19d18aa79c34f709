// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import TrailcastSettings
import TrailcastBasics
import TrailcastDevice

/// The flags of `trailcast replay` that shape the simulated GPS receiver.
///
/// Optional for the same reason as ``RouteOptions``: a scenario may set them, and a flag
/// given on the command line overrides it.
struct GPSOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The simulated GPS: perfect (the route itself), open-sky, suburban, urban-canyon, indoor. (default: perfect)",
            valueName: "PROFILE"), completion: .list(GPSProfile.presets.map(\.name)))
    var gps: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Custom GPS: the error's standard deviation per axis, in metres (the reported accuracy is about 1.5x it).",
            valueName: "M"))
    var gpsSigma: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Custom GPS: how long the error takes to wander, in seconds.", valueName: "S"))
    var gpsCorrelation: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Custom GPS: the chance per second of a multipath jump (tens of metres, a few seconds).", valueName: "P"))
    var gpsMultipath: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seeds the GPS noise, dropouts and jitter: the same seed gives the same run. (default: 1)", valueName: "N"))
    var seed: UInt64?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Deliver each fix up to MS milliseconds after its moment, seeded, as receivers deliver roughly at 1 Hz. (default: 0)",
            valueName: "MS"))
    var jitter: Double?

    @Option(
        help: ArgumentHelp(
            "A leg between two recorded times longer than this is a pause in the recording (no signal), not a line walked; 0: never. (default: 5m)",
            valueName: "DURATION"))
    var maxGap: String?

    func validate() throws {
        _ = try profile(base: .perfect)
        _ = try maxGapSeconds()
    }

    /// The flags given, laid over `configuration` (the defaults, or a scenario's settings).
    func apply(to configuration: inout ReplayConfiguration) throws {
        configuration.gps = try profile(base: configuration.gps)
        if let seed { configuration.seed = seed }
        if let jitter { configuration.jitterMilliseconds = jitter }
        if let maxGap = try maxGapSeconds() { configuration.maxGapSeconds = maxGap }
    }

    private func profile(base: GPSProfile) throws -> GPSProfile {
        var profile = base
        if let gps {
            guard let preset = GPSProfile.preset(named: gps) else {
                let names = GPSProfile.presets.map(\.name)
                let meant = Spelling.closest(to: gps, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                throw ValidationError(
                    "unknown GPS profile '\(gps)'\(meant); use \(names.joined(separator: ", ")), or --gps-sigma for a custom one"
                )
            }
            profile = preset
        }
        return profile.overriding(
            sigmaMeters: gpsSigma, correlationSeconds: gpsCorrelation, multipathPerSecond: gpsMultipath)
    }

    private func maxGapSeconds() throws -> Double? {
        guard let maxGap else { return nil }
        return try DurationArgument(option: "--max-gap", examples: "5m, 90s, 1h or 0 for never").seconds(maxGap)
    }
}
