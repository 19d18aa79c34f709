#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""The report of a big run: page size, what --report costs the replay, `trailcast report`
on the saved timeline, and how long headless Chromium takes to render the page.

    python3 bench/report.py --trailcast .build-bench/release/trailcast --gpx FILE [--runs 3]

Rows (printed as a Markdown table, medians of --runs):
- replay jsonl to a file, without and with --report: wall seconds and peak RSS;
- report FILE.jsonl: wall seconds, peak RSS, the page's bytes (identical to --report's);
- Chromium: `--screenshot` of the page minus the same for a one-line page (the browser's
  own start), as the render time.
Targets (issue 13): the million-point page under 5 MB, rendered in under 2 s.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def timed(command, **kwargs):
    """Wall seconds and peak RSS (KiB, from /usr/bin/time -v) of one run."""
    with tempfile.NamedTemporaryFile("r") as report:
        started = time.perf_counter()
        subprocess.run(["/usr/bin/time", "-v", "-o", report.name] + command, check=True,
                       stdout=kwargs.get("stdout", subprocess.DEVNULL), stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - started
        rss = next(int(line.split(":")[1]) for line in report.read().splitlines() if "Maximum resident" in line)
    return wall, rss


def browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("bench/report.py: no chromium")


def render_seconds(page, work):
    started = time.perf_counter()
    subprocess.run([browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                    f"--user-data-dir={work}/profile", "--window-size=1200,1700",
                    f"--screenshot={work}/shot.png", "file://" + page],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trailcast", required=True)
    parser.add_argument("--gpx", required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="trailcast-report-bench-")
    try:
        jsonl, page, again = (os.path.join(work, name) for name in ("run.jsonl", "run.html", "again.html"))
        replay = [args.trailcast, "replay", args.gpx, "--format", "jsonl", "--output", jsonl]
        plain = [timed(replay) for _ in range(args.runs)]
        with_report = [timed(replay + ["--report", page]) for _ in range(args.runs)]
        from_file = [timed([args.trailcast, "report", jsonl, "--output", again]) for _ in range(args.runs)]
        identical = open(page, "rb").read() == open(again, "rb").read()
        tiny = os.path.join(work, "tiny.html")
        with open(tiny, "w") as handle:
            handle.write("<!DOCTYPE html><html><body><p>baseline</p></body></html>\n")
        render_seconds(page, work)  # a first run warms the browser's files
        big = [render_seconds(page, work) for _ in range(args.runs)]
        base = [render_seconds(tiny, work) for _ in range(args.runs)]
        size = os.path.getsize(page)
        lines = sum(1 for _ in open(jsonl, "rb"))

        def row(name, samples, extra=""):
            wall = statistics.median(s[0] for s in samples)
            rss = max(s[1] for s in samples)
            print(f"| {name} | {wall:.2f} s | {rss / 1024:.1f} MiB | {extra} |")

        print(f"{os.path.basename(args.gpx)}: {lines:,} timeline lines, {args.runs} runs each\n")
        print("| case | wall (median) | peak RSS | |")
        print("| --- | ---: | ---: | --- |")
        row("replay --format jsonl --output FILE", plain)
        row("replay ... --report run.html", with_report,
            f"+{statistics.median(s[0] for s in with_report) / statistics.median(s[0] for s in plain) - 1:.0%} wall")
        row("report run.jsonl", from_file, f"page {size / 1e6:.2f} MB (target < 5 MB), identical to --report: {identical}")
        render = statistics.median(big) - statistics.median(base)
        print(f"| Chromium --screenshot of the page, minus a one-line page | {render:.2f} s | | "
              f"{statistics.median(big):.2f} s - {statistics.median(base):.2f} s (target < 2 s) |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


main()
