#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Record what `trailcast replay` writes for the samples, as hashes, so a test can show
that later versions (with `--gps perfect`, the default) write the same timelines.

    make-baseline.py TRAILCAST > perfect-gps.txt

Each line: FNV-1a 64 of the normalised output, its line count, then the arguments. The
wall-clock figure is the only part normalised here (it differs between any two runs);
the test strips what later versions deliberately add (the `truth` key, the GPS settings,
the truth columns) before hashing the same way. Recorded with the binary of commit
55922c0, before the simulated GPS existed.
"""
import re, subprocess, sys

CASES = [
    "gpx/sf-waterfront-walk.gpx",
    "gpx/sf-waterfront-walk.gpx --format jsonl",
    "gpx/sf-waterfront-walk.gpx --format csv",
    "gpx/sf-waterfront-walk.gpx --format jsonl --interval 1",
    "gpx/sf-waterfront-walk.gpx --format jsonl --interval 0.7 --prompt once --event 20m:app=background --event 25m:app=foreground",
    "gpx/sf-waterfront-walk.gpx --format csv --accuracy reduced --distance-filter 20 --event 30m:accuracy=full",
    "gpx/sf-waterfront-walk.gpx --format jsonl --loop 2 --event 10m:services=off --event 12m:services=on",
    "gpx/zurich-lake-ride.gpx --format jsonl",
    "gpx/zurich-lake-ride.gpx --interval 2.5",
    "gpx/xcode-waypoints.gpx --format jsonl",
    "gpx/xcode-waypoints.gpx --format jsonl --interval 1",
    "gpx/route-no-times.gpx --format jsonl",
    "gpx/route-no-times.gpx --format jsonl --interval 5 --travel-speed 3",
]


def fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def normalise(text: str) -> str:
    """The wall-clock figure, the one thing two identical runs differ in, becomes 0."""
    text = re.sub(r'"wallSeconds":[0-9.]+', '"wallSeconds":0', text)
    text = re.sub(r"[0-9.]+ s wall", "0 s wall", text)
    lines = text.split("\n")
    if lines and lines[0].startswith("t,offset,type,"):
        wall = lines[0].split(",").index("wallSeconds")
        for i, line in enumerate(lines):
            if ",end," in line:
                cells = line.split(",")
                cells[wall] = "0"
                lines[i] = ",".join(cells)
    return "\n".join(lines)


def main():
    binary = sys.argv[1]
    for case in CASES:
        out = subprocess.run([binary, "replay", *case.split(), "--color", "never"], check=True,
                             capture_output=True, text=True).stdout
        text = normalise(out)
        print("%016x %d %s" % (fnv1a64(text.encode()), text.count("\n"), case))


if __name__ == "__main__":
    main()
