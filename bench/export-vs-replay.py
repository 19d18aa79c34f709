#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""`trailcast export` to every format against `trailcast replay` of the same track (issue 58).

    python3 bench/export-vs-replay.py --trailcast .build-bench/release/trailcast [--points 1000000] [--runs 3] [--json OUT]

The track is ../shared/tools/make-gpx.py POINTS --seed 58. The reference is `replay FILE
--format jsonl --weather none -o FILE` (virtual time: the whole engine, Core Location's model
and the app, and a timeline that writes more than any export); each export writes the device
stream of the same run (`export FILE -f FORMAT -o FILE`). Every command runs --runs times,
interleaved (one round of all of them, then the next), after a warm-up read of the file; the
median wall time and user+system CPU time are reported, with the export's ratio to the replay's.

Target (issue 58): every export <= the replay (ratio <= 1.00).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

from timed_run import timed

HERE = os.path.dirname(os.path.abspath(__file__))
MAKE_GPX = os.path.join(HERE, "..", "..", "shared", "tools", "make-gpx.py")
FORMATS = ["xcode-gpx", "nmea", "geojson", "csv", "kml", "tcx"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trailcast", required=True)
    parser.add_argument("--points", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="trailcast-export-bench-")
    track = os.path.join(work, "track.gpx")
    with open(track, "w") as out:
        subprocess.run([sys.executable, MAKE_GPX, str(args.points), "--seed", "58"], check=True, stdout=out)
    output = os.path.join(work, "out")
    commands = {"replay jsonl": [args.trailcast, "replay", track, "--format", "jsonl", "--weather", "none", "-o", output]}
    for format in FORMATS:
        commands[f"export {format}"] = [args.trailcast, "export", track, "-f", format, "-o", output]
    timed(commands["replay jsonl"])  # warm-up: the file in the page cache
    samples = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            run = timed(command)
            samples[name].append((run.wall_seconds, run.cpu_seconds))
    rows = {}
    for name, runs in samples.items():
        rows[name] = {"wall": statistics.median(r[0] for r in runs), "cpu": statistics.median(r[1] for r in runs)}
    reference = rows["replay jsonl"]
    print(f"{args.points:,} points, median of {args.runs} (interleaved)")
    print(f"{'command':<18} {'wall s':>8} {'cpu s':>8} {'wall/replay':>12} {'cpu/replay':>11}")
    for name, row in rows.items():
        row["wall_ratio"] = row["wall"] / reference["wall"]
        row["cpu_ratio"] = row["cpu"] / reference["cpu"]
        print(f"{name:<18} {row['wall']:>8.2f} {row['cpu']:>8.2f} {row['wall_ratio']:>12.2f} {row['cpu_ratio']:>11.2f}")
    worst = max((row["wall_ratio"], name) for name, row in rows.items() if name != "replay jsonl")
    print(f"target: every export <= replay; slowest {worst[1]} at {worst[0]:.2f}x: {'met' if worst[0] <= 1.0 else 'NOT met'}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"points": args.points, "runs": args.runs, "rows": rows}, out, indent=2)
    for name in os.listdir(work):
        os.remove(os.path.join(work, name))
    os.rmdir(work)


if __name__ == "__main__":
    main()
