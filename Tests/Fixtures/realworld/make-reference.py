#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Write gpxpy-reference.json: what gpxpy 1.6.2 reads from every fixture.

    pip install gpxpy==1.6.2
    python3 Tests/Fixtures/realworld/make-reference.py

Covers every *.gpx in this folder and the four samples in gpx/.  Keys are
paths relative to the repository root.  Each file is handed to gpxpy as raw
bytes (gpxpy.parse(bytes)), which is how gpxpy is usually fed from disk in
binary mode; gpxpy then decodes the bytes as UTF-8 itself.

If that fails, the entry is {"gpxpyError": "<type>: <message>"} plus, when
the text can be decoded by its BOM / XML declaration, "decodedAs" and
"fromDecodedText": the same values gpxpy gives when handed the decoded str.

Values:
  version         the gpx version attribute as gpxpy saw it (null if absent)
  waypoints       len(gpx.waypoints)
  routes          len(gpx.routes)
  routePoints     points in all routes
  tracks          len(gpx.tracks)
  segments        segments in all tracks
  trackPoints     points in all track segments
  length2DMeters  gpx.length_2d(), tracks only (routes are not counted),
                  rounded to 3 decimals
  startTime       gpx.get_time_bounds(): time of the first timed track point
  endTime         and of the last one, in file order (not min/max), tracks
                  only; UTC, ISO 8601 with milliseconds and Z; null if none
"""

import datetime
import glob
import json
import os
import re
import sys

import gpxpy

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
EXPECTED_GPXPY = "1.6.2"


def utc_iso(dt):
    if dt is None:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=datetime.timezone.utc)  # gpxpy: no zone means UTC here
    dt = dt.astimezone(datetime.timezone.utc)
    return "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond // 1000)


def summarize(gpx):
    bounds = gpx.get_time_bounds()
    return {
        "version": gpx.version,
        "waypoints": len(gpx.waypoints),
        "routes": len(gpx.routes),
        "routePoints": sum(len(r.points) for r in gpx.routes),
        "tracks": len(gpx.tracks),
        "segments": sum(len(t.segments) for t in gpx.tracks),
        "trackPoints": sum(len(s.points) for t in gpx.tracks for s in t.segments),
        "length2DMeters": round(float(gpx.length_2d() or 0.0), 3),
        "startTime": utc_iso(bounds.start_time),
        "endTime": utc_iso(bounds.end_time),
    }


def sniff_encoding(data):
    if data.startswith(b"\xff\xfe"):
        return "utf-16-le", 2
    if data.startswith(b"\xfe\xff"):
        return "utf-16-be", 2
    if data.startswith(b"\xef\xbb\xbf"):
        return "utf-8", 3
    m = re.match(rb'<\?xml[^>]*encoding=["\']([A-Za-z0-9._-]+)["\']', data)
    return (m.group(1).decode("ascii").lower() if m else "utf-8"), 0


def reference(path):
    with open(path, "rb") as fh:
        data = fh.read()
    try:
        return summarize(gpxpy.parse(data))
    except Exception as e:  # record what gpxpy does, whatever it is
        entry = {"gpxpyError": "%s: %s" % (type(e).__name__, e)}
    enc, skip = sniff_encoding(data)
    try:
        text = data[skip:].decode(enc)
        entry["decodedAs"] = enc
        entry["fromDecodedText"] = summarize(gpxpy.parse(text))
    except Exception as e:
        entry["decodedError"] = "%s: %s" % (type(e).__name__, e)
    return entry


def main():
    if gpxpy.__version__ != EXPECTED_GPXPY:
        sys.exit("need gpxpy==%s, found %s" % (EXPECTED_GPXPY, gpxpy.__version__))
    files = sorted(glob.glob(os.path.join(ROOT, "gpx", "*.gpx")))
    files += sorted(glob.glob(os.path.join(HERE, "*.gpx")))
    out = {}
    for path in files:
        key = os.path.relpath(path, ROOT).replace(os.sep, "/")
        out[key] = reference(path)
        print(key, json.dumps(out[key], ensure_ascii=False))
    with open(os.path.join(HERE, "gpxpy-reference.json"), "w", encoding="utf-8", newline="\n") as fh:
        json.dump(out, fh, indent=2, ensure_ascii=False)
        fh.write("\n")


if __name__ == "__main__":
    main()
