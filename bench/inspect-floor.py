#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""`trailcast inspect` against the floor under it (issue 58): a C program that only parses the
same GPX with libxml2's SAX2 push parser, as GPXStreamReader drives it (64 KiB chunks,
XML_PARSE_NONET), and counts elements and text bytes (sax-floor/sax_floor.c).

    python3 bench/inspect-floor.py --trailcast .build-bench/release/trailcast [--points 1000000] [--runs 5]

Needs a C compiler and libxml2's headers (`libxml2-dev`, which the build needs anyway). The
track is ../shared/tools/make-gpx.py POINTS --seed 58; both programs read it --runs times,
interleaved, after a warm-up read; the median wall and CPU times are reported.

Target (issue 58): inspect <= 1.3x the floor.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from timed_run import timed

HERE = os.path.dirname(os.path.abspath(__file__))
MAKE_GPX = os.path.join(HERE, "..", "..", "shared", "tools", "make-gpx.py")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trailcast", required=True)
    parser.add_argument("--points", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="trailcast-floor-bench-")
    try:
        floor = os.path.join(work, "sax_floor")
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libxml-2.0"], capture_output=True,
                               text=True, check=True).stdout.split()
        compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
        subprocess.run([compiler, "-O2", "-o", floor, os.path.join(HERE, "sax-floor", "sax_floor.c")] + flags,
                       check=True)
        track = os.path.join(work, "track.gpx")
        with open(track, "w") as out:
            subprocess.run([sys.executable, MAKE_GPX, str(args.points), "--seed", "58"], check=True, stdout=out)
        commands = {"sax floor": [floor, track], "trailcast inspect": [args.trailcast, "inspect", track]}
        timed(commands["sax floor"])
        samples = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                run = timed(command)
                samples[name].append((run.wall_seconds, run.cpu_seconds))
        rows = {name: (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs))
                for name, runs in samples.items()}
        print(f"{args.points:,} points, median of {args.runs} (interleaved)")
        for name, (wall, cpu) in rows.items():
            print(f"{name:<18} wall {wall:6.3f} s  cpu {cpu:6.3f} s")
        ratio = rows["trailcast inspect"][0] / rows["sax floor"][0]
        print(f"inspect / floor: {ratio:.2f}x (target <= 1.3x: {'met' if ratio <= 1.3 else 'NOT met'})")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
