// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import TrailcastRun
import TrailcastTimeline

/// Where `trailcast replay` writes its timeline and in what form: the options nearly every
/// run sets, first in its help.
struct TimelineOptions: ParsableArguments {
    @Option(name: [.customShort("f"), .long], help: "How the timeline is written (jsonl: JSON Lines).")
    var format: TimelineFormatName = .text

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp(
            "Write the timeline to OUTPUT (- for standard output).", valueName: "OUTPUT"), completion: .file())
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Also write the run's HTML report (map, bands, weather, events) to OUTPUT.",
            valueName: "OUTPUT"), completion: .file())
    var report: String?
}
