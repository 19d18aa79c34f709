#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Trailcast pacing benchmark (stdlib only): how late real-time replay lines arrive.

Starts `trailcast replay TRACK --speed 60 --format jsonl` with its standard
output on a pipe, reads the pipe as lines arrive and stamps each line with
time.perf_counter() when the read that completed it returned. The first line
defines zero; every later line is expected at

    arrival(first line) + offset / speed        (offset: the line's JSON "offset")

and its lateness is arrival - expected. Lateness is clipped at 0 for the
percentiles (a line cannot usefully be early; the unclipped minimum is
reported too, as a check on the zero). p50, p99 and max are over every line
but the first.

A control row runs the same reader against a minimal Python pacer (this script
with --emit: one line per simulated second, each written at its deadline with
clock_nanosleep-backed time.sleep and an unbuffered write). It has no parsing
or formatting to do, so its lateness is the floor this machine and reader
impose (scheduler wake-up, pipe, Python); compare trailcast's row with it.

Normally run by bench/measure.py (through bench/run) with --pacing-file; also
usable alone:

    pacing.py --trailcast BIN --file TRACK [--speed 60] [--runs 1]
              [--target-p99-ms 5] [--no-control] [--gpsd] [--json OUT]

--gpsd adds a row with `--nmea tcp://127.0.0.1:0` and gpsd connected to that feed (gpspipe
-w watching it), whose p99 must stay within 1.5x of the row without feeds.

TRACK should have one point per second (bench/make-1hz-gpx.py) and last
long enough for ~20-30 s of wall time at the speed (1800 points at 60x: 30 s).
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time

NAME = "trailcast replay pacing"
NAME_GPSD = "trailcast replay pacing +nmea tcp, gpsd connected"
CONTROL = "python pacer (control)"
# The feeds issue's target: with an NMEA feed and a connected gpsd, p99 lateness at most
# this multiple of the same run without feeds.
GPSD_TARGET_RATIO = 1.5


def percentile(sorted_values, p):
    """Nearest-rank percentile of an ascending list (p in 0..100)."""
    if not sorted_values:
        return float("nan")
    k = max(1, math.ceil(p / 100.0 * len(sorted_values)))
    return sorted_values[k - 1]


def cpu_times():
    """(busy, total) jiffies over all CPUs from /proc/stat, or None."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    total = sum(fields[:8])  # guest time is already counted in user/nice
    return total - idle, total


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_gpsd(p):
    """Reads trailcast's `serving NMEA on tcp://127.0.0.1:PORT` line from its stderr and
    starts gpsd on that feed, with gpspipe -w watching (so gpsd decodes and reports every
    epoch). Returns the processes to stop."""
    line = p.stderr.readline().decode()
    if "serving NMEA on tcp://" not in line:
        raise RuntimeError("no NMEA feed address on stderr: %r" % line)
    port = int(line.rsplit(":", 1)[1])
    gpsd_port = free_port()
    gpsd = subprocess.Popen(["gpsd", "-N", "-n", "-S", str(gpsd_port), "tcp://127.0.0.1:%d" % port],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.perf_counter() + 10
    while True:
        pipe = subprocess.Popen(["gpspipe", "-w", "127.0.0.1:%d" % gpsd_port],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.2)  # gpspipe exits at once while gpsd is not listening yet
        if pipe.poll() is None or time.perf_counter() > deadline:
            return [pipe, gpsd]


def read_timeline(argv, speed, timeout, with_gpsd=False):
    """Runs argv, reads its stdout as lines arrive. Returns a result dict."""
    load_before = os.getloadavg()[0]
    cpu0 = cpu_times()
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, bufsize=0)
    # gpsd starts beside the reader, which must stamp the first line when it arrives.
    peers = []
    starter = None
    if with_gpsd:
        import threading
        starter = threading.Thread(target=lambda: peers.extend(start_gpsd(p)))
        starter.start()
    fd = p.stdout.fileno()
    arrivals, offsets = [], []
    reads = 0
    pending = b""
    started = time.perf_counter()
    deadline = started + timeout
    while True:
        chunk = os.read(fd, 1 << 16)
        now = time.perf_counter()
        if not chunk:
            break
        reads += 1
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for line in lines:
            if not line:
                continue
            try:
                offsets.append(float(json.loads(line)["offset"]))
            except (ValueError, KeyError, TypeError):
                continue  # not a timeline line
            arrivals.append(now)
        if now > deadline:
            p.kill()
            break
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if starter:
        starter.join()
    for peer in peers:
        peer.kill()
        peer.wait()
    stderr = p.stderr.read().decode(errors="replace")
    p.stdout.close()
    p.stderr.close()
    cpu1 = cpu_times()
    busy = None
    if cpu0 and cpu1 and cpu1[1] > cpu0[1]:
        busy = (cpu1[0] - cpu0[0]) / (cpu1[1] - cpu0[1])
    if p.returncode != 0:
        raise RuntimeError("exit %d: %s\n%s" % (p.returncode, " ".join(argv), stderr[-2000:]))
    if len(arrivals) < 2:
        raise RuntimeError("fewer than 2 timeline lines from: %s" % " ".join(argv))
    t0 = arrivals[0]
    raw = [a - (t0 + o / speed) for a, o in zip(arrivals[1:], offsets[1:])]
    return {
        "argv": argv,
        "lines": len(arrivals),
        "reads": reads,
        "wall_s": arrivals[-1] - t0,
        "simulated_s": offsets[-1] - offsets[0],
        "lateness_s": raw,
        "child_cpu_s": usage.ru_utime + usage.ru_stime,
        "load_before": load_before,
        "load_after": os.getloadavg()[0],
        "cpu_busy": busy,  # fraction of all CPUs busy during the run (any process)
    }


def summarize(raw):
    clipped = sorted(max(0.0, x) for x in raw)
    return {
        "samples": len(raw),
        "p50_ms": percentile(clipped, 50) * 1e3,
        "p99_ms": percentile(clipped, 99) * 1e3,
        "max_ms": clipped[-1] * 1e3,
        "min_raw_ms": min(raw) * 1e3,
        "late_over_5ms": sum(1 for x in raw if x > 0.005),
    }


def emit(points, speed):
    """The control pacer: line k at start + k/speed, as trailcast should."""
    start = time.perf_counter()
    for k in range(points):
        delay = start + k / speed - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        os.write(1, b'{"offset":%d,"type":"location"}\n' % k)
    return 0


def count_points(path):
    with open(path, "rb") as f:
        return f.read().count(b"<trkpt ")


def run_pacing(trailcast, track, speed=60.0, runs=1, control=True, timeout=900, log=sys.stderr, gpsd=False):
    """Interleaved runs of trailcast (and the control; with gpsd, also with an NMEA feed
    gpsd reads). Returns {name: result dict}."""
    base = [trailcast, "replay", track, "--speed", "%g" % speed, "--format", "jsonl"]
    subjects = [(NAME, base, False)]
    if gpsd:
        subjects.append((NAME_GPSD, base + ["--nmea", "tcp://127.0.0.1:0"], True))
    if control:
        subjects.append((CONTROL, [sys.executable, os.path.abspath(__file__), "--emit",
                                   str(count_points(track)), "--speed", "%g" % speed], False))
    results = {}
    for i in range(runs):
        for name, argv, with_gpsd in subjects:
            r = results.setdefault(name, {"runs": [], "lateness_s": []})
            if "error" in r:
                continue
            print("pacing %d/%d  %s" % (i + 1, runs, name), file=log, end="", flush=True)
            try:
                one = read_timeline(argv, speed, timeout, with_gpsd)
            except RuntimeError as e:
                r["error"] = str(e).strip().splitlines()[0]
                print("  FAILED: %s" % e, file=log)
                continue
            s = summarize(one["lateness_s"])
            r["lateness_s"].extend(one["lateness_s"])
            r["runs"].append({k: v for k, v in one.items() if k != "lateness_s"} | {"summary": s})
            print("  %d lines in %d reads, %.1f s  p50 %.2f ms  p99 %.2f ms  max %.2f ms  "
                  "(load %.2f, CPUs %s busy)"
                  % (one["lines"], one["reads"], one["wall_s"], s["p50_ms"], s["p99_ms"],
                     s["max_ms"], one["load_before"],
                     "%.0f%%" % (100 * one["cpu_busy"]) if one["cpu_busy"] is not None else "?"),
                  file=log)
    for r in results.values():
        if r["lateness_s"]:
            r["summary"] = summarize(r["lateness_s"])
    return results


CONTROL_TARGET_RATIO = 1.5


def control_ratio(results):
    """trailcast's p99 over the Python control pacer's: pooled over the runs, and run by run
    (the runs interleave, so each pair saw the same machine)."""
    ours, control = results.get(NAME, {}), results.get(CONTROL, {})
    if "summary" not in ours or "summary" not in control or not control["summary"]["p99_ms"]:
        return None
    per_run = [o["summary"]["p99_ms"] / c["summary"]["p99_ms"]
               for o, c in zip(ours["runs"], control["runs"]) if c["summary"]["p99_ms"] > 0]
    per_run_sorted = sorted(per_run)
    return {"pooled": ours["summary"]["p99_ms"] / control["summary"]["p99_ms"], "runs": per_run,
            "median": per_run_sorted[len(per_run_sorted) // 2] if per_run_sorted else float("nan")}


def table(results, target_p99_ms, speed):
    """Markdown rows and whether the targeted (trailcast) row passed."""
    lines = ["| tool | lines | wall s | p50 ms | p99 ms | max ms | min (unclipped) ms | > 5 ms "
             "| load before | CPUs busy | target | pass/fail |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"]
    ok = True
    base_p99 = results.get(NAME, {}).get("summary", {}).get("p99_ms")
    for name, r in results.items():
        tgt = "p99 <= %g ms" % target_p99_ms if name == NAME else ""
        if name == NAME_GPSD:
            tgt = "p99 <= %gx the row without feeds" % GPSD_TARGET_RATIO
        if "error" in r or "summary" not in r:
            if name in (NAME, NAME_GPSD):
                ok = False
            lines.append("| %s | | | | | | | | | | %s | %s |" % (
                name, tgt, "FAIL (error: %s)" % r.get("error", "no data").replace("|", "/")
                if name == NAME else "error"))
            continue
        s = r["summary"]
        verdict = ""
        if name == NAME:
            passed = s["p99_ms"] <= target_p99_ms
            verdict = "PASS" if passed else "FAIL"
            ok &= passed
        elif name == NAME_GPSD:
            passed = base_p99 is not None and s["p99_ms"] <= GPSD_TARGET_RATIO * base_p99
            verdict = ("PASS" if passed else "FAIL") + (" (%.2fx)" % (s["p99_ms"] / base_p99) if base_p99 else "")
            ok &= passed
        loads = [x["load_before"] for x in r["runs"]]
        busy = [x["cpu_busy"] for x in r["runs"] if x["cpu_busy"] is not None]
        lines.append("| %s | %d | %.1f | %.2f | %.2f | %.2f | %.2f | %d (%.1f%%) | %s | %s | %s | %s |" % (
            name, sum(x["lines"] for x in r["runs"]), sum(x["wall_s"] for x in r["runs"]),
            s["p50_ms"], s["p99_ms"], s["max_ms"], s["min_raw_ms"],
            s["late_over_5ms"], 100.0 * s["late_over_5ms"] / max(1, s["samples"]),
            "/".join("%.2f" % x for x in loads),
            "/".join("%.0f%%" % (100 * x) for x in busy) or "?", tgt, verdict))
    return lines, ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trailcast", default=os.environ.get("TRAILCAST_BIN", ""))
    ap.add_argument("--file", help="a 1 Hz track (bench/make-1hz-gpx.py)")
    ap.add_argument("--speed", type=float, default=60.0)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--target-p99-ms", type=float, default=5.0)
    ap.add_argument("--no-control", action="store_true", help="skip the Python control pacer")
    ap.add_argument("--gpsd", action="store_true",
                    help="also run with --nmea tcp:// and a connected gpsd (target: p99 within 1.5x)")
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--strict", action="store_true", help="exit 1 if the target fails")
    ap.add_argument("--json", metavar="OUT")
    ap.add_argument("--emit", type=int, metavar="POINTS", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.emit is not None:
        return emit(a.emit, a.speed)
    if not a.file or not a.trailcast:
        ap.error("give --trailcast BIN and --file TRACK")
    results = run_pacing(a.trailcast, a.file, a.speed, a.runs, not a.no_control, a.timeout, gpsd=a.gpsd)
    lines, ok = table(results, a.target_p99_ms, a.speed)
    print("\nPacing at --speed %g: lateness of each line's arrival against first arrival + "
          "offset/%g (all lines but the first; %d run(s) pooled)." % (a.speed, a.speed, a.runs))
    print("\n".join(lines))
    ratio = control_ratio(results)
    if ratio:
        print("\np99 as a ratio to the control (issue 15's target: at most %gx): pooled %.2fx; "
              "per run %s (median %.2fx)" % (CONTROL_TARGET_RATIO, ratio["pooled"],
                                             " ".join("%.2fx" % x for x in ratio["runs"]), ratio["median"]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({k: {kk: vv for kk, vv in v.items()} for k, v in results.items()}, f, indent=2)
    return 1 if (a.strict and not ok) else 0


if __name__ == "__main__":
    sys.exit(main())
