#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""The places app at scale: 100,000 places and an hour-long 1 Hz track on virtual time.

    python3 bench/places.py --trailcast .build-bench/release/trailcast [--places 100000] [--runs 5]

Makes the track with bench/make-1hz-gpx.py (3,600 points) and N places as a CSV scattered
over the track's area and around it (seeded), then times, as medians of --runs:
- `replay TRACK --weather none --format jsonl --output /dev/null` (the weather app, no weather);
- the same with `--places PLACES.csv` (reading the CSV, building the k-d tree, a nearest-5
  search per fix, a `places` line when the list changes).
Target (issue 14): the places run under 2 s.
"""
import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def median_seconds(command, runs):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return statistics.median(times), min(times), max(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trailcast", required=True)
    parser.add_argument("--places", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="trailcast-places-bench-")
    track = os.path.join(work, "hour.gpx")
    with open(track, "w") as out:
        subprocess.run([sys.executable, os.path.join(HERE, "make-1hz-gpx.py"), "3600"], check=True, stdout=out)
    text = open(track).read()
    coordinates = [(float(a), float(b)) for a, b in re.findall(r'lat="([-0-9.]+)" lon="([-0-9.]+)"', text)]
    lats, lons = [c[0] for c in coordinates], [c[1] for c in coordinates]
    pad = 0.05
    random.seed(7)
    places = os.path.join(work, "places.csv")
    with open(places, "w") as out:
        out.write("name,lat,lon\n")
        for index in range(args.places):
            out.write(f"place {index},{random.uniform(min(lats) - pad, max(lats) + pad):.6f},"
                      f"{random.uniform(min(lons) - pad, max(lons) + pad):.6f}\n")
    base = [args.trailcast, "replay", track, "--weather", "none", "--format", "jsonl", "--output", "/dev/null"]
    weather_app = median_seconds(base, args.runs)
    places_app = median_seconds(base + ["--places", places], args.runs)
    lists = subprocess.run(base[:-2] + ["--places", places], check=True, capture_output=True, text=True).stdout.count('"type":"places"')
    print(f"{len(coordinates):,} fixes at 1 Hz, {args.places:,} places, {args.runs} runs, wall seconds (median, min-max)\n")
    print("| case | wall | |")
    print("| --- | ---: | --- |")
    print(f"| replay, weather app, --weather none | {weather_app[0]:.3f} s | {weather_app[1]:.3f}-{weather_app[2]:.3f} |")
    print(f"| replay --places ({args.places:,}) | {places_app[0]:.3f} s | {places_app[1]:.3f}-{places_app[2]:.3f}; {lists:,} `places` lines (target < 2 s) |")


main()
