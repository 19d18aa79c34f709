#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Region monitoring and visits at scale: a 24-hour 1 Hz track, 20 regions, visits on.

    python3 bench/regions.py --trailcast .build-bench/release/trailcast [--hours 24] [--runs 5]

Writes a walk of one point per second for --hours (86,400 points for 24 h) that stops for
ten minutes at the start of every hour (so that the visits service has visits to find), and
20 circular regions of 150 m: ten centred on points of the walk (crossed) and ten beside
it, 2 km off (never entered). Then times, as medians of --runs, alternating:
- `replay TRACK --weather none --format jsonl --output /dev/null` (the weather app);
- the same with `--regions REGIONS.csv --visits`.
Target (issue 24): the second within 1.2x of the first.
"""
import argparse
import math
import os
import resource
import statistics
import subprocess
import tempfile
import time
from datetime import datetime, timedelta, timezone


def write_track(path, hours):
    latitude, longitude = 47.0, 8.0
    heading = 0.3
    start = datetime(2026, 6, 13, 0, 0, 0, tzinfo=timezone.utc)
    points = []
    with open(path, "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench/regions.py" '
                  'xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>\n')
        for second in range(hours * 3600):
            standing = second % 3600 < 600
            if not standing:
                heading += 0.002 * math.sin(second / 900.0)
                latitude += 1.4 * math.cos(heading) / 111_320.0
                longitude += 1.4 * math.sin(heading) / (111_320.0 * math.cos(math.radians(latitude)))
            moment = (start + timedelta(seconds=second)).strftime("%Y-%m-%dT%H:%M:%SZ")
            out.write(f'<trkpt lat="{latitude:.7f}" lon="{longitude:.7f}"><time>{moment}</time></trkpt>\n')
            if second % 7200 == 3000:
                points.append((latitude, longitude))
        out.write("</trkseg></trk></gpx>\n")
    return points


def timed(command):
    """Wall seconds and CPU seconds (user + system) of one run: on a shared two-core VM the
    wall time wanders by a third from run to run, the CPU time far less."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trailcast", required=True)
    parser.add_argument("--hours", type=int, default=24)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="trailcast-regions-bench-")
    track = os.path.join(work, "day.gpx")
    crossed = write_track(track, args.hours)[:10]
    regions = os.path.join(work, "regions.csv")
    with open(regions, "w") as out:
        out.write("identifier,lat,lon,radius\n")
        for index, (latitude, longitude) in enumerate(crossed):
            out.write(f"on-{index},{latitude:.7f},{longitude:.7f},150\n")
            out.write(f"off-{index},{latitude + 0.018:.7f},{longitude:.7f},150\n")
    base = [args.trailcast, "replay", track, "--weather", "none", "--format", "jsonl", "--output", "/dev/null"]
    monitored = base + ["--regions", regions, "--visits"]
    plain, watched = [], []
    for _ in range(args.runs):
        plain.append(timed(base))
        watched.append(timed(monitored))
    timeline = subprocess.run(
        [args.trailcast, "replay", track, "--weather", "none", "--format", "jsonl", "--regions", regions, "--visits"],
        check=True, capture_output=True, text=True).stdout
    print(f"{args.hours * 3600:,} fixes at 1 Hz, {len(crossed) * 2} regions (half crossed), visits on; {args.runs} runs, alternating\n")
    print("| run | wall median | wall min-max | CPU median | CPU min-max |\n| --- | ---: | ---: | ---: | ---: |")
    for label, runs in [("weather app, no weather", plain), ("+ `--regions` (20) `--visits`", watched)]:
        walls, cpus = [run[0] for run in runs], [run[1] for run in runs]
        print(f"| {label} | {statistics.median(walls):.3f} | {min(walls):.3f}-{max(walls):.3f} | "
              f"{statistics.median(cpus):.3f} | {min(cpus):.3f}-{max(cpus):.3f} |")
    wall_ratio = statistics.median([run[0] for run in watched]) / statistics.median([run[0] for run in plain])
    cpu_ratio = statistics.median([run[1] for run in watched]) / statistics.median([run[1] for run in plain])
    enters, exits = timeline.count('"change":"enter"'), timeline.count('"change":"exit"')
    visits = timeline.count('"type":"visit"')
    print(f"\nratio of medians: wall {wall_ratio:.3f}, CPU {cpu_ratio:.3f} (target <= 1.2); the monitored run told "
          f"{enters} enters, {exits} exits, {visits} visit events")


if __name__ == "__main__":
    main()
