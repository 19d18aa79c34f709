#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Measure what each simulated GPS profile gives: is the reported accuracy honest?

    gps-accuracy.py [--trailcast BIN] [--hours 3] [--seed 1] [--json OUT]

For each profile, replays a 1 Hz track of --hours hours (bench/make-1hz-gpx.py,
made in a temporary folder) with `trailcast replay TRACK --gps PROFILE --seed N
--format jsonl --weather none`, and from every `location` line (whose `truth` is
the route's point before the error) computes:

- within: the share of fixes whose true error (haversine from truth to the fix)
  is at most the reported horizontalAccuracy; Core Location documents that radius
  as the uncertainty, read here as about 68% (target 60-76%);
- lag-1 autocorrelation of the error, per axis (north and east error in metres,
  pairs of fixes exactly 1 s apart), averaged: correlated, not white (target > 0.8);
- the median and 95th percentile error, and the median and the spread (5th-95th
  percentile) of the reported accuracy (it must vary, not be one value);
- vertical: the share within verticalAccuracy (a 1-sigma figure, also ~68%);
- how many fixes came, and the signal losses.

Prints a Markdown table (pasted into docs/simulated-gps.md) and exits 1 if a target fails.
"""
import argparse, json, math, os, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROFILES = ["open-sky", "suburban", "urban-canyon", "indoor"]
R = 6371008.8


def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * R * math.asin(min(1, math.sqrt(a)))


def autocorrelation(pairs):
    xs = [a for a, _ in pairs]
    ys = [b for _, b in pairs]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sx = math.sqrt(statistics.fmean([(x - mx) ** 2 for x in xs]))
    sy = math.sqrt(statistics.fmean([(y - my) ** 2 for y in ys]))
    return statistics.fmean([(x - mx) * (y - my) for x, y in pairs]) / (sx * sy)


def percentile(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def measure(binary, track, profile, seed):
    out = subprocess.run([binary, "replay", track, "--gps", profile, "--seed", str(seed),
                          "--format", "jsonl", "--weather", "none"],
                         check=True, capture_output=True, text=True).stdout
    errors, accuracies, within, vwithin, vcount = [], [], 0, 0, 0
    north_pairs, east_pairs = [], []
    previous = None
    losses = 0
    for line in out.splitlines():
        event = json.loads(line)
        if event["type"] == "signal" and event["state"] == "lost":
            losses += 1
        if event["type"] != "location":
            continue
        truth = event["truth"]
        error = haversine(truth["lat"], truth["lon"], event["lat"], event["lon"])
        errors.append(error)
        accuracies.append(event["horizontalAccuracy"])
        within += error <= event["horizontalAccuracy"]
        north = math.radians(event["lat"] - truth["lat"]) * R
        east = math.radians(event["lon"] - truth["lon"]) * R * math.cos(math.radians(truth["lat"]))
        if previous and abs(event["offset"] - previous[0] - 1) < 1e-6:
            north_pairs.append((previous[1], north))
            east_pairs.append((previous[2], east))
        previous = (event["offset"], north, east)
    return {
        "profile": profile,
        "fixes": len(errors),
        "signalLosses": losses,
        "within": within / len(errors),
        "autocorrelation": (autocorrelation(north_pairs) + autocorrelation(east_pairs)) / 2,
        "medianError": statistics.median(errors),
        "p95Error": percentile(errors, 0.95),
        "medianAccuracy": statistics.median(accuracies),
        "accuracyP5": percentile(accuracies, 0.05),
        "accuracyP95": percentile(accuracies, 0.95),
        "distinctAccuracies": len(set(accuracies)),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--trailcast", default=os.environ.get("TRAILCAST_BIN", ".build/release/trailcast"))
    ap.add_argument("--hours", type=float, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", metavar="OUT")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        track = os.path.join(folder, "track.gpx")
        with open(track, "w") as f:
            subprocess.run([sys.executable, os.path.join(HERE, "make-1hz-gpx.py"), str(int(a.hours * 3600))],
                           check=True, stdout=f)
        rows = [measure(a.trailcast, track, p, a.seed) for p in PROFILES]
    print("| profile | fixes | signal losses | within accuracy (60-76%) | lag-1 s autocorrelation (> 0.8) "
          "| median error | p95 error | reported accuracy: median (p5-p95) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    failed = False
    for r in rows:
        ok = 0.60 <= r["within"] <= 0.76 and r["autocorrelation"] > 0.8 and r["distinctAccuracies"] > 1
        failed |= not ok
        print("| %s | %d | %d | %.1f%%%s | %.3f | %.1f m | %.1f m | %.1f m (%.1f-%.1f) |" % (
            r["profile"], r["fixes"], r["signalLosses"], 100 * r["within"], "" if ok else " FAIL",
            r["autocorrelation"], r["medianError"], r["p95Error"], r["medianAccuracy"],
            r["accuracyP5"], r["accuracyP95"]))
    medians = [r["medianError"] for r in rows]
    ordered = all(x < y for x, y in zip(medians, medians[1:]))
    print("\nmedian error ordered open-sky < suburban < urban-canyon < indoor: %s" % ("yes" if ordered else "NO"))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=2)
    sys.exit(1 if failed or not ordered else 0)


if __name__ == "__main__":
    main()
