// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import TrailcastRun
import TrailcastWire

/// The options of `trailcast fleet` nearly every run sets: how big, how long, and where
/// its messages and totals go; first in its help.
struct FleetRunOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How many devices the whole fleet has (all shards).", valueName: "N"))
    var devices: Int

    @Option(
        help: ArgumentHelp("Simulated time to run (45s, 10m, 1h30m); needed with --virtual.", valueName: "DURATION"))
    var duration: String?

    @Flag(help: "Run on virtual time, as fast as it goes, and write the messages instead of sending them.")
    var virtual = false

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp(
            "With --virtual: write the messages to OUTPUT (- for standard output).", valueName: "OUTPUT"),
        completion: .file())
    var output: String?

    @Option(
        name: [.customShort("f"), .long],
        help: ArgumentHelp(
            "With --virtual: each message as its backend receives it: owntracks (TOPIC PAYLOAD) or osmand (the request target). (default: owntracks)",
            valueName: "format"))
    var format: VirtualMessageFormat?

    @Option(
        help: ArgumentHelp("Write the run's totals as JSON to OUTPUT (- for standard output).", valueName: "OUTPUT"),
        completion: .file())
    var summary: String?

    @Flag(help: "Subscribe to the broker and count what arrives per device: loss, duplicates, order, latency.")
    var verify = false

    @Flag(name: [.customShort("q"), .long], help: "No progress lines; errors and warnings still go to standard error.")
    var quiet = false

    @Flag(help: "A progress line every second even when standard error is not a terminal (a log file, CI).")
    var progress = false
}
