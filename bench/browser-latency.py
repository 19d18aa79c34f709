#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
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

With `--engine firefox`, Debian's Firefox ESR headless over WebDriver BiDi instead: only one
BiDi session may drive it and the feed holds it, so the page (the same watch, served from a
local HTTP server) reports each callback to that server, which the bench reads. `--speed N`
replays at N x (the fixes then come N a second); `--busy` keeps the other core busy with a
spinning process for the run (issue 40's condition).

Needs Python's websocket-client (pip install websocket-client) to read Chromium's page.

    browser-latency.py --trailcast BIN [--engine chromium|firefox|both] [--runs N] [--speed 1] [--busy]
                       [--track FILE] [--seconds 60] [--json OUT]
"""
import argparse
import http.server
import json
import threading
import urllib.parse
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


REPORTING_PAGE = """<!doctype html><meta charset="utf-8"><script>
let sequence = 0;
const tell = entry => fetch("/heard?" + encodeURIComponent(JSON.stringify([sequence++, ...entry])));
navigator.permissions.query({name: "geolocation"}).then(status => {
  tell(["permission", status.state]);
  let watching = false;
  const start = () => {
    if (watching || status.state !== "granted") return;
    watching = true;
    navigator.geolocation.watchPosition(p => tell(["fix", p.coords.latitude, p.coords.longitude, 0, 0, 0, 0, 0, Date.now()]),
      e => tell(["error", e.code]), {maximumAge: 0});
  };
  status.onchange = start;
  start();
});
</script>"""


class Reports(http.server.ThreadingHTTPServer):
    """Serves the reporting page and keeps what it reports."""
    def __init__(self):
        self.entries = []
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), ReportHandler)


class ReportHandler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        path = self.path
        if path.startswith("/heard?"):
            entry = json.loads(urllib.parse.unquote(path[len("/heard?"):]))
            with self.server.lock:
                self.server.entries.append(entry)
            body, kind = b"", "text/plain"
        else:
            body, kind = REPORTING_PAGE.encode(), "text/html"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class HeadlessFirefox:
    """firefox-esr --headless on a port it picks (WebDriverBiDiServer.json in its profile)."""
    def __init__(self, url):
        self.profile = tempfile.mkdtemp(prefix="trailcast-firefox-")
        self.process = subprocess.Popen(
            ["firefox-esr", "--headless", "--no-remote", "--profile", self.profile, "--remote-debugging-port", "0", url],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "WebDriverBiDiServer.json")
        deadline = time.time() + 60
        while not os.path.exists(port_file):
            if time.time() > deadline or self.process.poll() is not None:
                raise SystemExit("firefox-esr did not start")
            time.sleep(0.05)
        time.sleep(0.05)
        with open(port_file) as handle:
            self.port = json.load(handle)["ws_port"]
        self.version = subprocess.run(["firefox-esr", "--version"], capture_output=True, text=True).stdout.strip()

    def quit(self):
        self.process.kill()
        self.process.wait()


def run_and_stamp(command):
    """Runs trailcast, stamping each location line with its arrival."""
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    arrivals = {}
    for raw in run.stdout:
        arrived = time.time()
        line = json.loads(raw)
        if line.get("type") == "location":
            arrivals[(round(line["lat"], 7), round(line["lon"], 7))] = arrived
    run.wait()
    return arrivals


def firefox_fixes(args, track):
    reports = Reports()
    threading.Thread(target=reports.serve_forever, daemon=True).start()
    firefox = HeadlessFirefox(f"http://127.0.0.1:{reports.server_address[1]}/watch.html")
    try:
        while not reports.entries:
            time.sleep(0.05)
        arrivals = run_and_stamp(
            [args.trailcast, "replay", track, "--speed", str(args.speed), "--gps", "perfect", "--weather", "none", "--format", "jsonl",
             "--browser", f"http://127.0.0.1:{firefox.port}"])
        time.sleep(0.5)  # the last reports' requests
        with reports.lock:
            entries = sorted(reports.entries, key=lambda entry: entry[0])
        return arrivals, [entry[1:] for entry in entries if entry[1] == "fix"], firefox.version
    finally:
        firefox.quit()
        reports.shutdown()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trailcast", required=True)
    parser.add_argument("--engine", choices=["chromium", "firefox", "both"], default="chromium",
                        help="both: the engines in turn, in one run, under the same load")
    parser.add_argument("--runs", type=int, default=1, help="runs of each engine (with --engine both: alternated)")
    parser.add_argument("--speed", type=float, default=1)
    parser.add_argument("--busy", action="store_true")
    parser.add_argument("--track", help="a 1 Hz GPX track (default: made with make-1hz-gpx.py)")
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--json")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="trailcast-browser-bench-")
    track = args.track or os.path.join(work, "track.gpx")
    if not args.track:
        with open(track, "w") as out:
            subprocess.run([sys.executable, os.path.join(HERE, "make-1hz-gpx.py"), str(int(args.seconds * args.speed))],
                           stdout=out, check=True)
    engines = ["chromium", "firefox"] if args.engine == "both" else [args.engine]
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if args.busy else None
    results = []
    try:
        for _ in range(args.runs):
            for engine in engines:
                if engine == "firefox":
                    arrivals, fixes, browser = firefox_fixes(args, track)
                else:
                    arrivals, fixes, browser = chromium_fixes(args, track)
                results.append(report(args, engine, arrivals, fixes, browser))
    finally:
        if busy:
            busy.kill()
    if args.json:
        with open(args.json, "w") as out:
            json.dump(results if len(results) > 1 else results[0], out)
    if len(results) > 1:
        print_table(results)


def print_table(results):
    """The runs side by side, as bench/results/log.md keeps them."""
    print("| run | engine | fixes heard | p50 | p99 | p99 settled | max |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for number, result in enumerate(results, 1):
        settled = result["p99_after_first_second_ms"]
        print(f"| {number} | {result['browser']} | {result['fixes_heard']} of {result['fixes_sent']} | {result['p50_ms']} ms "
              f"| {result['p99_ms']} ms | {'-' if settled is None else f'{settled} ms'} | {result['max_ms']} ms |")


def chromium_fixes(args, track):
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
        arrivals = run_and_stamp(
            [args.trailcast, "replay", track, "--speed", str(args.speed), "--gps", "perfect", "--weather", "none", "--format", "jsonl",
             "--browser", f"http://127.0.0.1:{port}"])
        fixes = [entry for entry in heard() if entry[0] == "fix"]
    finally:
        chromium.quit()
    return arrivals, fixes, chromium.version


def report(args, engine, arrivals, fixes, browser):
    delays = []
    # Firefox: the page open before the run is reloaded after the first override, and the
    # overrides of the reload's first second wait for it (one is in flight at a time): the
    # settled figure leaves that second out; the overall one keeps it.
    first_arrival = min(arrivals.values()) if arrivals else 0
    settled = []
    for fix in fixes:
        arrived = arrivals.get((round(fix[1], 7), round(fix[2], 7)))
        if arrived is not None:
            delays.append(fix[8] / 1000.0 - arrived)
            if arrived >= first_arrival + 1:
                settled.append((fix[8] / 1000.0 - arrived) * 1000)
    delays_ms = sorted(d * 1000 for d in delays)
    settled.sort()
    result = {
        "fixes_sent": len(arrivals), "fixes_heard": len(fixes), "matched": len(delays),
        "p50_ms": round(percentile(delays_ms, 50), 2), "p99_ms": round(percentile(delays_ms, 99), 2),
        "p99_after_first_second_ms": round(percentile(settled, 99), 2) if settled else None,
        "max_ms": round(delays_ms[-1], 2) if delays_ms else None, "min_ms": round(delays_ms[0], 2) if delays_ms else None,
        "engine": engine, "browser": browser, "speed": args.speed, "busy": args.busy, "target_p99_ms": 20 if args.speed >= 30 else 100,
    }
    print(json.dumps(result), flush=True)
    return result


if __name__ == "__main__":
    main()
