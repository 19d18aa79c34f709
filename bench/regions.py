#!/usr/bin/env python3
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


def median_seconds(command, runs):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return times


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
    plain_times, monitored_times = [], []
    for _ in range(args.runs):
        plain_times += median_seconds(base, 1)
        monitored_times += median_seconds(monitored, 1)
    timeline = subprocess.run(monitored[:-2], check=True, capture_output=True, text=True).stdout
    plain, with_regions = statistics.median(plain_times), statistics.median(monitored_times)
    print(f"{args.hours * 3600:,} fixes at 1 Hz, {len(crossed) * 2} regions (half crossed), visits on; {args.runs} runs, wall seconds\n")
    print(f"| run | median | min | max |\n| --- | ---: | ---: | ---: |")
    print(f"| weather app, no weather | {plain:.3f} | {min(plain_times):.3f} | {max(plain_times):.3f} |")
    print(f"| + `--regions` (20) `--visits` | {with_regions:.3f} | {min(monitored_times):.3f} | {max(monitored_times):.3f} |")
    enters, exits = timeline.count('"change":"enter"'), timeline.count('"change":"exit"')
    visits = timeline.count('"type":"visit"')
    print(f"\nratio {with_regions / plain:.3f} (target <= 1.2); the monitored run told "
          f"{enters} enters, {exits} exits, {visits} visit events")


if __name__ == "__main__":
    main()
