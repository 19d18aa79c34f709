#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Write a GPX 1.1 track with exactly one point per second (for the pacing benchmark).

    make-1hz-gpx.py POINTS [--seed N] > track.gpx

../shared/tools/make-gpx.py spaces its points one second apart on average but
adds 0-875 ms of jitter to every timestamp, so its offsets are not a 1 Hz grid.
This writes whole-second timestamps (06:00:00Z, 06:00:01Z, ...), so every
location is one second of simulated time after the previous one: at
`--speed 60` one event every 16.7 ms of wall time. Positions are a smooth
random walk at walking-to-cycling speeds; output is deterministic for a seed.
"""
import argparse
import math
import random
import sys
from datetime import datetime, timedelta, timezone


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("points", type=int)
    ap.add_argument("--seed", type=int, default=46)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    lat, lon, ele = 37.5665, 126.9780, 38.0
    heading = rnd.uniform(0, 2 * math.pi)
    t = datetime(2026, 11, 22, 6, 0, 0, tzinfo=timezone.utc)
    w = sys.stdout.write
    w('<?xml version="1.0" encoding="UTF-8"?>\n')
    w('<gpx version="1.1" creator="make-1hz-gpx" xmlns="http://www.topografix.com/GPX/1/1">\n')
    w('  <trk>\n    <name>1 Hz track</name>\n    <trkseg>\n')
    for i in range(a.points):
        speed = 1.2 + 4.0 * (0.5 + 0.5 * math.sin(i / 600.0))  # m/s
        heading += rnd.gauss(0, 0.05)
        lat += speed * math.cos(heading) / 111_320.0
        lon += speed * math.sin(heading) / (111_320.0 * math.cos(math.radians(lat)))
        ele += rnd.gauss(0, 0.3)
        stamp = (t + timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
        w('      <trkpt lat="%.7f" lon="%.7f"><ele>%.1f</ele><time>%s</time></trkpt>\n'
          % (lat, lon, ele, stamp))
    w('    </trkseg>\n  </trk>\n</gpx>\n')


if __name__ == "__main__":
    main()
