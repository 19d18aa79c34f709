#!/usr/bin/env python3
"""The browser feed's delay: from a fix's moment to a web page's watchPosition callback.

Starts Debian's Chromium headless with a DevTools port, opens the feed test's page
(Tests/Fixtures/browser/watch.html: it watches while permitted and notes Date.now() at each
callback), and runs

    trailcast replay TRACK --speed 1 --gps perfect --format jsonl --browser URL

reading the timeline from a pipe as it comes, each line stamped with time.time() when read.
A location line is written right after the feed has queued the same fix for the page (the
device's epoch is tapped first, then Core Location delivers it), so a fix's moment is its
line's arrival; the delay of a fix is the page's callback time minus that arrival (both the
machine's wall clock). Fixes are matched by latitude and longitude. Reported: how many of the
fixes the page heard, and the delay's p50, p99 and max. The target (issue 28): p99 under
100 ms on this machine.

Needs Python's websocket-client (pip install websocket-client) to read the page.

    browser-latency.py --trailcast BIN [--track FILE] [--seconds 60] [--json OUT]
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from headless_chromium import HeadlessChromium  # noqa: E402
ROOT = os.path.dirname(HERE)
PAGE = "file://" + os.path.join(ROOT, "Tests/Fixtures/browser/watch.html")


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    return sorted_values[max(1, math.ceil(p / 100.0 * len(sorted_values))) - 1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trailcast", required=True)
    parser.add_argument("--track", help="a 1 Hz GPX track (default: made with make-1hz-gpx.py)")
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--json")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="trailcast-browser-bench-")
    track = args.track or os.path.join(work, "track.gpx")
    if not args.track:
        with open(track, "w") as out:
            subprocess.run([sys.executable, os.path.join(HERE, "make-1hz-gpx.py"), str(args.seconds)], stdout=out, check=True)
    chromium = HeadlessChromium()
    try:
        port = chromium.port
        devtools = chromium.devtools
        session = chromium.open_window(PAGE)

        def heard():
            result = devtools.call("Runtime.evaluate", {"expression": "JSON.stringify(window.heard || [])", "returnByValue": True}, session)
            return json.loads(result["result"]["value"])

        while not heard():
            time.sleep(0.05)
        run = subprocess.Popen(
            [args.trailcast, "replay", track, "--speed", "1", "--gps", "perfect", "--weather", "none", "--format", "jsonl",
             "--browser", f"http://127.0.0.1:{port}"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        arrivals = {}
        for raw in run.stdout:
            arrived = time.time()
            line = json.loads(raw)
            if line.get("type") == "location":
                arrivals[(round(line["lat"], 7), round(line["lon"], 7))] = arrived
        run.wait()
        fixes = [entry for entry in heard() if entry[0] == "fix"]
    finally:
        chromium.quit()
    delays = []
    for fix in fixes:
        arrived = arrivals.get((round(fix[1], 7), round(fix[2], 7)))
        if arrived is not None:
            delays.append(fix[8] / 1000.0 - arrived)
    delays_ms = sorted(d * 1000 for d in delays)
    result = {
        "fixes_sent": len(arrivals), "fixes_heard": len(fixes), "matched": len(delays),
        "p50_ms": round(percentile(delays_ms, 50), 2), "p99_ms": round(percentile(delays_ms, 99), 2),
        "max_ms": round(delays_ms[-1], 2) if delays_ms else None, "min_ms": round(delays_ms[0], 2) if delays_ms else None,
        "chromium": chromium.version, "target_p99_ms": 100,
    }
    print(json.dumps(result))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(result, out)


if __name__ == "__main__":
    main()
