#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Reading a million points in each route format: `trailcast inspect` of the same track as
GPX, KML, KMZ, GeoJSON, TCX and FIT.

    python3 bench/route-formats.py --trailcast .build-bench/release/trailcast [--points 1000000] [--runs 3] [--json OUT]

The GPX is ../shared/tools/make-gpx.py POINTS (seeded); KML (a timed gx:Track), TCX and
GeoJSON (with coordTimes) are Trailcast's own `export` of it (perfect GPS: the file's own
points); KMZ is that KML deflated by Python's zipfile; FIT is GPSBabel's `garmin_fit` of the
GPX. Each file is inspected --runs times (interleaved, after one warm-up read of each), and
the median wall time and the peak RSS (from wait4) are reported, with the time as a ratio
to the GPX's.
Target (issue 26): KML and FIT within 1.5x of the GPX's time for the same points.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import zipfile

from timed_run import timed

HERE = os.path.dirname(os.path.abspath(__file__))
MAKE_GPX = os.path.join(HERE, "..", "..", "shared", "tools", "make-gpx.py")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trailcast", required=True)
    parser.add_argument("--points", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="trailcast-formats-bench-")
    files = {"gpx": os.path.join(work, "track.gpx")}
    with open(files["gpx"], "w") as out:
        subprocess.run([sys.executable, MAKE_GPX, str(args.points), "--seed", "26"], check=True, stdout=out)
    for format in ["kml", "tcx", "geojson"]:
        files[format] = os.path.join(work, f"track.{format}")
        subprocess.run([args.trailcast, "export", files["gpx"], "--to", format, "--output", files[format]], check=True)
    files["kmz"] = os.path.join(work, "track.kmz")
    with zipfile.ZipFile(files["kmz"], "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(files["kml"], "doc.kml")
    files["fit"] = os.path.join(work, "track.fit")
    subprocess.run(["gpsbabel", "-t", "-i", "gpx", "-f", files["gpx"], "-o", "garmin_fit", "-F", files["fit"]], check=True)

    order = ["gpx", "kml", "kmz", "geojson", "tcx", "fit"]
    counts = {}
    for format in order:
        summary = json.loads(subprocess.run([args.trailcast, "inspect", "--format", "jsonl", files[format]],
                                            check=True, capture_output=True, text=True).stdout)
        counts[format] = summary["trackPoints"]
    times = {format: [] for format in order}
    peaks = {format: 0 for format in order}
    for _ in range(args.runs):
        for format in order:
            run = timed([args.trailcast, "inspect", "--format", "jsonl", files[format]])
            seconds, peak = run.wall_seconds, run.peak_rss_kib
            times[format].append(seconds)
            peaks[format] = max(peaks[format], peak)
    gpx = statistics.median(times["gpx"])
    rows = []
    print(f"{args.points:,} points, median of {args.runs} runs of `trailcast inspect --format jsonl FILE`")
    print(f"{'format':8} {'points':>10} {'size':>10} {'median':>9} {'vs GPX':>7} {'peak RSS':>10}")
    for format in order:
        median = statistics.median(times[format])
        size = os.path.getsize(files[format])
        rows.append({"format": format, "points": counts[format], "bytes": size, "medianSeconds": round(median, 3),
                     "ratioToGPX": round(median / gpx, 2), "peakRSSKiB": peaks[format],
                     "seconds": [round(t, 3) for t in times[format]]})
        print(f"{format:8} {counts[format]:>10,} {size / 1e6:>8.1f}MB {median:>8.2f}s {median / gpx:>6.2f}x "
              f"{peaks[format] / 1024:>8.1f}MiB")
    failed = [row["format"] for row in rows if row["format"] in ("kml", "fit") and row["ratioToGPX"] > 1.5]
    print("target (KML and FIT within 1.5x of GPX):", "met" if not failed else f"NOT met for {', '.join(failed)}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"points": args.points, "runs": args.runs, "rows": rows}, out, indent=1)


if __name__ == "__main__":
    main()
