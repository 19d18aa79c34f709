#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Many live pages on one run: does watching a run slow it?

Runs, interleaved, `--runs` times each:

    trailcast replay TRACK --speed S --format jsonl --weather none --serve 127.0.0.1:0

once with no page open ("no pages"), once with what `--pages` pages ask of the server but
no browser (an event stream each with curl, and the map every 2 s each), and once with
`--pages` (100) copies of the live page
(`GET /`) open in one headless Chromium, each in its own window and its own browser
context (Chromium opens at most six HTTP/1.1 connections per host and context, so 100
EventSource streams need 17 contexts or more: one each keeps it simple). The pages follow
the run as a person's would: the event log, the state bar, the position on the map and the
map itself fetched again every 2 s. Chromium runs in the idle scheduling class (see
PIN_BROWSER), so that what is measured is trailcast's share of the work, not two cores
shared with 100 renderers.

Pacing is measured much as bench/pacing.py does: each timeline line on the pipe is stamped
when read (by a thread at SCHED_FIFO where allowed, so that it reads as soon as the line is
written), line i is expected at t0 + offset_i / S, and its lateness is the difference,
where t0 is the earliest zero any line allows (so no line is early). Only lines past the
moment every page had settled (heard events and fetched the map twice: loading 100 pages
is Chromium's busiest moment) count, the same offset for the runs with pages and without.
After each run with pages every page is asked for the last event id it saw and the gaps it
counted: each should have every event.

Target (issue 28): the runs with pages have a p99 lateness within 1.5x of the runs without
(or within 5 ms), and every page has every event. The run with the pages' requests and no
browser tells the server's share of any difference from the browser's (100 renderers on
the same two cores).

Needs Chromium and Python's websocket-client (pip install websocket-client).

    live-pages.py --trailcast BIN [--pages 100] [--speed 10] [--points 3000] [--runs 1] [--json OUT]

`--unpainted` opens the pages with their `<body>` at `display: none`: each page runs its
script, reads every event, and asks for the map and legend every 2 s as a shown page does
(the server sees the same requests), but Chromium neither lays it out nor paints it. Painted,
a live page at 10 events a second took 5.4% of a core of this machine (Chromium's
renderer 4.5-5.4%, its display compositor about 1%), so 100 of them want five to six cores and
on the one core of `--split-cores` never settled (log.md, "A hundred live pages, unpainted");
unpainted, 100 pages took about half of that core.

`--without-browser` runs only the two runs without Chromium (no pages, and the pages'
requests from curl), counted from `--from-offset` seconds (default 30): the server's share
alone, in a third of the time.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from headless_chromium import HeadlessChromium  # noqa: E402
# Chromium's 100 renderers run at the idle scheduling class (chrt --idle): any runnable
# process of normal priority goes first, so trailcast's timer wakes on time however busy the
# renderers are, and what is measured is trailcast's own work for the pages. (At nice 19
# they would not do: the scheduler weighs each process, and 100 of them outweigh one. In
# use the pages are on other machines.)
PIN_TRAILCAST = []
PIN_BROWSER = ["chrt", "--idle", "0"]
# --split-cores: trailcast alone on core 0 in every run, Chromium on core 1, so that the
# pages' renderers take nothing from the run's own core and what is left is the server's
# share. (Not at the idle class there: on one core its 100 renderers starved its own
# browser process, and opening a page timed out.)
SPLIT_TRAILCAST = ["taskset", "-c", "0"]
SPLIT_BROWSER = ["taskset", "-c", "1"]
CLIENT_PIN = []
# The kernel's threads whose work the renderers' memory makes: DAMON's monitor (kdamond,
# which this machine's kernel runs) and RCU's grace-period thread. Left free, the scheduler
# put them on core 0 beside trailcast (core 1 being full), and `perf sched` showed them there
# as every delay of trailcast's threads over 3 ms in the pages run: kdamond for up to 20 ms at
# a stretch, 1.0 s of core 0 in 25 s (0.18 s in the run with curl's requests), rcu_preempt for
# up to 9 ms (bench/results/log.md, "A hundred live pages: the kernel's share"). With
# --split-cores they go to core 1 with the renderers, whose work they are, and back after.
KERNEL_THREADS_OF_THE_BROWSER = ("kdamond", "rcu_preempt")


def kernel_threads():
    """(pid, name) of the kernel threads in KERNEL_THREADS_OF_THE_BROWSER."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/comm") as comm:
                    name = comm.read().strip()
            except OSError:
                continue
            if name.startswith(KERNEL_THREADS_OF_THE_BROWSER):
                found.append((int(entry), name))
    return found


# Set when the reader thread could not be made SCHED_FIFO (printed with the results).
READER_POLICY = []


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    return sorted_values[max(1, math.ceil(p / 100.0 * len(sorted_values))) - 1]


class Browser:
    """One headless Chromium at the idle scheduling class, its pages each in a browser
    context of its own (six streams per host and context)."""

    # --unpainted: the page's own script runs as it is, then finds its body hidden.
    HIDE_BODY = "document.addEventListener('DOMContentLoaded', () => { document.body.style.display = 'none'; });"

    def __init__(self, unpainted=False):
        self.chromium = HeadlessChromium(prefix=PIN_BROWSER)
        self.devtools = self.chromium.devtools
        self.pages = []
        self.before_load = self.HIDE_BODY if unpainted else None

    def open(self, url):
        context = self.devtools.call("Target.createBrowserContext", {})["browserContextId"]
        self.pages.append((context, self.chromium.open_window(url, browser_context=context, before_load=self.before_load)))

    def evaluate(self, session, expression):
        return self.devtools.evaluate(session, expression)

    def close_pages(self):
        for context, _ in self.pages:
            self.devtools.call("Target.disposeBrowserContext", {"browserContextId": context})
        self.pages = []

    def quit(self):
        self.chromium.quit()


def page_traffic(port, pages):
    """What `pages` live pages ask of the server, without a browser: an event stream each
    (curl), and the map and its legend every 2 s each, as live.js asks. Returns the
    processes to kill. (Until 2026-11-27 the legend was left out, which hid its cost.)

    The map requests run in a process of their own beside the curls (on core 1 with
    --split-cores). Until 2026-11-28 they ran in a thread of this script, on core 0: the line
    reader then waited for Python's lock behind them, and the stamps counted that wait as
    the run's lateness."""
    readers = [subprocess.Popen(CLIENT_PIN + ["curl", "-sN", f"http://127.0.0.1:{port}/events"], stdout=subprocess.DEVNULL)
               for _ in range(pages)]
    readers.append(subprocess.Popen(CLIENT_PIN + [sys.executable, os.path.abspath(__file__), "--map-requests", str(port), str(pages)]))
    return readers


def map_requests(port, pages):
    """The map and its legend asked for every 2 s by each of `pages` pages, until killed."""
    interval = 2.0 / pages
    while True:
        started = time.perf_counter()
        for path in ("map.svg", "legend"):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}", timeout=10).read()
            except OSError:
                pass
        time.sleep(max(0.0, interval - (time.perf_counter() - started)))


def run_once(trailcast, track, speed, browser, pages, traffic=0):
    """One run; with pages, opens them once the server listens. Returns (arrivals, offsets,
    the offset at which the last page was connected or None, the pages' states)."""
    argv = PIN_TRAILCAST + [trailcast, "replay", track, "--speed", "%g" % speed, "--format", "jsonl", "--weather", "none",
            "--serve", "127.0.0.1:0"]
    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
    arrivals, offsets = [], []

    def read():
        pending = b""
        fd = process.stdout.fileno()
        # The stamp is the moment trailcast wrote the line only if this thread wakes at once.
        # On trailcast's core, a normal thread woke behind the server's work that the line
        # itself starts (the event sent to 100 streams): 1.77 ms at p99 with curl's 100
        # streams, 0.32 ms with this thread first in line (SCHED_FIFO; log.md, "the reader's
        # share"). Where that is not allowed (not root), the stamps include the wait.
        try:
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(10))
        except (OSError, AttributeError) as error:
            READER_POLICY.append(f"normal ({error})")
        while True:
            chunk = os.read(fd, 1 << 16)
            now = time.perf_counter()
            if not chunk:
                return
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                if line:
                    offsets.append(float(json.loads(line)["offset"]))
                    arrivals.append(now)

    reader = threading.Thread(target=read)
    reader.start()
    stderr_lines = []
    port = None
    for raw in process.stderr:
        line = raw.decode(errors="replace")
        stderr_lines.append(line)
        found = re.search(r"serving the live run on http://127\.0\.0\.1:(\d+)", line)
        if found:
            port = int(found.group(1))
            break
    if port is None:
        raise RuntimeError("no live server: " + "".join(stderr_lines)[-2000:])
    threading.Thread(target=lambda: stderr_lines.extend(l.decode(errors="replace") for l in process.stderr),
                     daemon=True).start()
    connected_at = None
    states = []
    if traffic:
        readers = page_traffic(port, traffic)
        process.wait()
        for reader_process in readers:
            reader_process.kill()
            reader_process.wait()
    if pages:
        for _ in range(pages):
            browser.open(f"http://127.0.0.1:{port}/")
        # Settled: every page has heard events and fetched the map twice (its first load,
        # Chromium's busiest moment for it, is over).
        deadline = time.monotonic() + 300
        while not all((browser.evaluate(s, "window.trailcastLive && trailcastLive.lastId > 0 ? trailcastLive.mapRefreshes : 0") or 0) >= 2
                      for _, s in browser.pages):
            if time.monotonic() > deadline:
                raise RuntimeError("the pages did not all connect")
            time.sleep(0.2)
        connected_at = offsets[-1] if offsets else 0
        # Left alone until the run ends; then each page says what it has, once it has caught
        # up with the stream (a renderer on a busy core lags; at most two minutes).
        while process.poll() is None:
            time.sleep(0.2)
        reader.join()
        expected = len(offsets)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not all(
                browser.evaluate(s, "trailcastLive.lastId") == expected for _, s in browser.pages):
            time.sleep(0.5)
        for _, session in browser.pages:
            states.append(browser.evaluate(session, "JSON.stringify({last: trailcastLive.lastId, gaps: trailcastLive.gaps, errors: trailcastLive.errors.length})"))
        browser.close_pages()
    process.wait()
    reader.join()
    if process.returncode != 0:
        raise RuntimeError(f"exit {process.returncode}: {''.join(stderr_lines)[-2000:]}")
    return arrivals, offsets, connected_at, [json.loads(s) for s in states]


def lateness(arrivals, offsets, speed, from_offset):
    # The run's zero: the earliest any line allows (every line is then on time or late). The
    # first line alone would not do: the run writes `start` before its server is up.
    t0 = min(a - o / speed for a, o in zip(arrivals, offsets))
    return [a - (t0 + o / speed) for a, o in zip(arrivals, offsets) if o >= from_offset]


def main():
    if sys.argv[1:2] == ["--map-requests"]:
        return map_requests(int(sys.argv[2]), int(sys.argv[3]))
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--trailcast", required=True)
    options.add_argument("--pages", type=int, default=100)
    options.add_argument("--speed", type=float, default=10.0)
    options.add_argument("--points", type=int, default=3000, help="1 Hz track length (default 3000: 5 minutes at 10x, opening 100 pages takes about 2)")
    options.add_argument("--runs", type=int, default=1)
    options.add_argument("--json")
    options.add_argument("--split-cores", action="store_true", help="trailcast on core 0, Chromium on core 1")
    options.add_argument("--unpainted", action="store_true", help="pages with their body hidden: their script and requests, not their painting")
    options.add_argument("--without-browser", action="store_true", help="only the runs without Chromium: no pages, and the pages' requests from curl")
    options.add_argument("--without-requests", action="store_true", help="leave out the run with the pages' requests from curl (the server's share alone)")
    options.add_argument("--from-offset", type=float, default=30.0, help="with --without-browser: count the lines from this offset (s)")
    arguments = options.parse_args()
    if arguments.split_cores:
        global PIN_TRAILCAST, PIN_BROWSER
        PIN_TRAILCAST, PIN_BROWSER = SPLIT_TRAILCAST, SPLIT_BROWSER
        # This script reads trailcast's lines and stamps their arrival: it stays on core 0
        # with trailcast (on core 1, behind 100 renderers, its own lateness was measured);
        # the curl readers go to core 1, where the pages would be.
        os.sched_setaffinity(0, {0})
        global CLIENT_PIN
        CLIENT_PIN = ["taskset", "-c", "1"]
        moved = []
        for pid, name in kernel_threads():
            try:
                moved.append((pid, os.sched_getaffinity(pid)))
                os.sched_setaffinity(pid, {1})
                print(f"{name} ({pid}) on core 1 for the runs", file=sys.stderr)
            except OSError as error:
                print(f"{name} ({pid}) left where it is: {error}", file=sys.stderr)
        import atexit
        atexit.register(lambda: [os.sched_setaffinity(pid, cpus) for pid, cpus in moved])

    track = os.path.join(tempfile.gettempdir(), f"live-pages-{arguments.points}.gpx")
    with open(track, "w") as file:
        subprocess.run([sys.executable, os.path.join(HERE, "make-1hz-gpx.py"), str(arguments.points)], stdout=file, check=True)
    browser = None if arguments.without_browser else Browser(unpainted=arguments.unpainted)
    traffic_name = f"{arguments.pages} pages' requests, no browser"
    results = {"no pages": [], f"{arguments.pages} pages": [], traffic_name: []}
    page_states = []
    connected_offsets = []
    raw_runs = []
    try:
        for run in range(arguments.runs):
            kinds = [(f"{arguments.pages} pages", arguments.pages, 0), (traffic_name, 0, arguments.pages), ("no pages", 0, 0)]
            if arguments.without_requests:
                del kinds[1]
            for name, pages, traffic in kinds[1:] if arguments.without_browser else kinds:
                print(f"run {run + 1}/{arguments.runs}: {name}", file=sys.stderr, flush=True)
                arrivals, offsets, connected_at, states = run_once(
                    arguments.trailcast, track, arguments.speed, browser, pages, traffic)
                if connected_at is not None:
                    connected_offsets.append(connected_at)
                    # Each page should have seen the last event: its id is the count of lines.
                    page_states.append([state | {"expected": len(offsets)} for state in states])
                raw_runs.append((name, arrivals, offsets))
    finally:
        if browser:
            browser.quit()
    # Both kinds of run counted from the same moment: the latest the pages were all connected.
    start = max(connected_offsets) if connected_offsets else arguments.from_offset
    for name, arrivals, offsets in raw_runs:
        results[name].extend(lateness(arrivals, offsets, arguments.speed, start))
    last_event_ids = sorted({state["last"] for states in page_states for state in states})
    summary = {}
    for name, values in results.items():
        values.sort()
        summary[name] = {"samples": len(values), "p50_ms": percentile(values, 50) * 1e3,
                         "p99_ms": percentile(values, 99) * 1e3, "max_ms": values[-1] * 1e3 if values else float("nan")}
    pages_name = f"{arguments.pages} pages"
    if arguments.without_browser:
        del summary[pages_name]
    if arguments.without_requests:
        del summary[traffic_name]
    ratio = summary[pages_name]["p99_ms"] / max(summary["no pages"]["p99_ms"], 1e-9) if pages_name in summary else float("nan")
    every_event = all(state["gaps"] == 0 and state["errors"] == 0 and state["last"] == state["expected"]
                      for states in page_states for state in states)
    print(f"\nlateness over the lines from offset {start:g} s on (speed {arguments.speed:g}, 1 Hz, {arguments.runs} runs each):")
    print("| run | lines | p50 ms | p99 ms | max ms |\n| --- | --- | --- | --- | --- |")
    for name, row in summary.items():
        print(f"| {name} | {row['samples']} | {row['p50_ms']:.2f} | {row['p99_ms']:.2f} | {row['max_ms']:.2f} |")
    traffic_ratio = summary[traffic_name]["p99_ms"] / max(summary["no pages"]["p99_ms"], 1e-9) if traffic_name in summary else float("nan")
    print(f"\np99 with pages / without: {ratio:.2f}x; with their requests and no browser / without: "
          f"{traffic_ratio:.2f}x (target at most 1.5x, or within 5 ms)")
    print(f"the line reader: {READER_POLICY[0] if READER_POLICY else 'SCHED_FIFO'}")
    if not arguments.without_browser:
        print(f"the pages: {'unpainted (body display: none)' if arguments.unpainted else 'painted'}")
    print(f"pages: {sum(len(s) for s in page_states)} read at the end; last event ids seen {last_event_ids}; "
          f"{'every page had every event in order, no script errors' if every_event else 'GAPS OR ERRORS'}")
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump({"summary": summary, "ratio": ratio, "traffic_ratio": traffic_ratio, "start_offset": start, "pages": page_states}, file, indent=1)


if __name__ == "__main__":
    main()
