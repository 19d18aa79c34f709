#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Trailcast benchmark measurer (stdlib only).

Runs every case in CASES against the benchmark files, N times each, under
`/usr/bin/time -v` (for peak RSS), times each run with time.perf_counter in
this process (stdout to /dev/null), and prints a markdown table with the
median and minimum wall time, the peak RSS and the ratio to xmllint's median
wall time on the same file. Rows that declare a target get PASS/FAIL.

Normally called by bench/run, which installs the tools, builds trailcast and
makes the files:

    measure.py --file 100k=PATH --file 1m=PATH --trailcast BIN [--runs 3]
               [--pacing-file TRACK] [--pacing-runs 1]
               [--quick] [--only PATTERN] [--strict] [--json OUT] [--list]
    measure.py --only PATTERN --selected   # exit 0 if PATTERN selects anything here

Runs are interleaved (run 1 of every case, then run 2 of every case, ...) so
that drift on the machine hits all tools alike.

With --pacing-file (a 1 Hz track from bench/make-1hz-gpx.py), it then runs the
pacing measurement of bench/pacing.py (`trailcast replay TRACK --speed 60
--format jsonl` read line by line through a pipe; p99 lateness against 5 ms)
and prints its table under the first.

The weather fetch latency is not measured here but by bench/fetch-latency.py,
which bench/run calls afterwards.
"""
import argparse
import fnmatch
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

import pacing

# The stand-in for xmllint ratios: the case whose median wall time on a file
# is the denominator of every ratio on that file.
REFERENCE = "xmllint"


@dataclass(frozen=True)
class Target:
    ratio: float    # max wall time as a multiple of xmllint's median on the same file
    rss_mib: float  # max peak RSS in MiB
    # measure the ratio against this case's median instead of xmllint's
    relative_to: str = ""


@dataclass(frozen=True)
class Case:
    name: str
    # argv; placeholders: {file} {trailcast} {python}
    argv: list
    # file keys this case runs on (keys given with --file: "100k", "1m")
    files: tuple = ("100k", "1m")
    # file key -> Target; files not listed here are reported untargeted
    targets: dict = field(default_factory=dict)
    # what the case needs: "trailcast" (the built binary), "gpxpy" (importable)
    needs: tuple = ()
    # skipped by --quick (slow or memory hungry)
    heavy: bool = False


# ============================================================================
# CASES: the benchmark rows. Add new rows here.
#   * argv placeholders: {file} = the benchmark file, {trailcast} = the
#     trailcast binary, {python} = the Python running this script.
#   * targets: {"1m": Target(ratio=3.0, rss_mib=64)} makes the row on the
#     1M-point file print PASS/FAIL against 3x xmllint and 64 MiB.
#   * Real-time pacing is not a row here: see PACING below and bench/pacing.py.
#     Nor is weather fetch latency: bench/fetch-latency.py, run by bench/run.
# ============================================================================
CASES = [
    Case("xmllint", ["xmllint", "--stream", "--noout", "{file}"]),
    Case("trailcast inspect",
         ["{trailcast}", "inspect", "--format", "jsonl", "{file}"],
         targets={"1m": Target(ratio=1.0, rss_mib=24)},
         needs=("trailcast",)),
    # Virtual time (--speed 0): parse once (on a reader thread, a few batches ahead),
    # run every fix through the simulated app, format a JSON line per event, write
    # them away.
    # No weather: the row as measured before the weather service existed.
    Case("trailcast replay jsonl (no weather)",
         ["{trailcast}", "replay", "{file}", "--format", "jsonl", "--output", "/dev/null",
          "--weather", "none"],
         targets={"1m": Target(ratio=3.0, rss_mib=64)},
         needs=("trailcast",)),
    # The same with the default --weather builtin: every location is a weather
    # lookup (cache per --weather-cell and 15-minute window; a miss runs the
    # built-in model and writes a weather line).
    # Issue 15's target: at most 1.5x xmllint --stream, memory as before (about 30 MiB).
    Case("trailcast replay jsonl +weather",
         ["{trailcast}", "replay", "{file}", "--format", "jsonl", "--output", "/dev/null"],
         targets={"1m": Target(ratio=1.5, rss_mib=48)},
         needs=("trailcast",)),
    # The same with the noisiest outdoor GPS: every fix through the receiver's
    # correlated error, multipath and dropouts, a `truth` object on every line.
    # Its target is relative to the row above (the default --gps perfect).
    Case("trailcast replay jsonl +weather --gps urban-canyon",
         ["{trailcast}", "replay", "{file}", "--format", "jsonl", "--output", "/dev/null",
          "--gps", "urban-canyon"],
         targets={"1m": Target(ratio=1.15, rss_mib=64, relative_to="trailcast replay jsonl +weather")},
         needs=("trailcast",)),
    Case("gpsbabel",
         ["gpsbabel", "-i", "gpx", "-f", "{file}", "-o", "unicsv", "-F", "/dev/null"]),
    Case("gpxpy",
         ["{python}", "-c",
          "import gpxpy,sys; g=gpxpy.parse(open(sys.argv[1])); print(g.length_2d())",
          "{file}"],
         needs=("gpxpy",), heavy=True),
]
# ============================================================================

# The pacing measurement (bench/pacing.py), run when --pacing-file is given:
# `trailcast replay TRACK --speed PACING_SPEED --format jsonl` on a 1 Hz track,
# p99 lateness of lines read from the pipe at most PACING_TARGET_P99_MS.
PACING_SPEED = 60.0
PACING_TARGET_P99_MS = 5.0

RSS_RE = re.compile(r"Maximum resident set size \(kbytes\):\s*(\d+)")
CPU_RE = re.compile(r"(?:User|System) time \(seconds\):\s*([\d.]+)")


def gpxpy_importable():
    return subprocess.run([sys.executable, "-c", "import gpxpy"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def run_once(argv, timeout):
    """One timed run. Returns (wall s, peak RSS KiB, user+sys CPU s). Raises on failure."""
    with tempfile.NamedTemporaryFile("r", prefix="bench-time-", suffix=".txt") as tf, \
         tempfile.TemporaryFile("w+") as err:
        cmd = ["/usr/bin/time", "-v", "-o", tf.name, "--"] + argv
        t0 = time.perf_counter()
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=err, timeout=timeout)
        wall = time.perf_counter() - t0
        report = tf.read()
        if p.returncode != 0:
            err.seek(0)
            raise RuntimeError("exit %d: %s\n%s" % (p.returncode, " ".join(argv),
                                                      err.read()[-2000:]))
        m = RSS_RE.search(report)
        if not m:
            raise RuntimeError("no 'Maximum resident set size' in /usr/bin/time output")
        cpu = sum(float(x) for x in CPU_RE.findall(report))
        return wall, int(m.group(1)), cpu


def fmt_s(x):
    return "%.3f" % x if x < 10 else "%.2f" % x


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", action="append", default=[], metavar="KEY=PATH",
                    help="benchmark file, e.g. 1m=bench/.data/gpx-1000000-ext.gpx")
    ap.add_argument("--trailcast", default=os.environ.get("TRAILCAST_BIN", ""),
                    help="trailcast binary (default $TRAILCAST_BIN); cases needing it "
                         "are skipped when it is missing")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true",
                    default=os.environ.get("BENCH_QUICK", "") not in ("", "0"),
                    help="skip heavy cases (gpxpy); bench/run also drops the 1M file")
    ap.add_argument("--only", action="append", default=[], metavar="PATTERN",
                    help="run only cases whose name contains PATTERN (or matches it as a "
                         "glob); repeatable. xmllint always runs, for the ratios")
    ap.add_argument("--strict", action="store_true",
                    help="exit 1 if a targeted row fails (or cannot run)")
    ap.add_argument("--timeout", type=float, default=900, help="seconds per run")
    ap.add_argument("--json", metavar="OUT", help="also write raw results as JSON")
    ap.add_argument("--pacing-file", metavar="TRACK",
                    help="1 Hz track (bench/make-1hz-gpx.py): also measure real-time pacing")
    ap.add_argument("--pacing-runs", type=int, default=1,
                    help="pacing runs (each: trailcast, then the Python control pacer)")
    ap.add_argument("--source-id", default="",
                    help="which sources the trailcast binary was built from (printed)")
    ap.add_argument("--list", action="store_true", help="list cases and exit")
    ap.add_argument("--selected", action="store_true",
                    help="exit 0 if --only selects any case besides xmllint, or the pacing "
                         "measurement, else 1; measure nothing")
    a = ap.parse_args()

    def selected(c):
        name = c if isinstance(c, str) else c.name
        if name == REFERENCE or not a.only:
            return True
        return any(p.lower() in name.lower() or fnmatch.fnmatch(name, p) for p in a.only)

    def selects_anything(pacing_too):
        return (any(selected(c) for c in CASES if c.name != REFERENCE)
                or (pacing_too and selected(pacing.NAME)))

    if a.selected:
        return 0 if selects_anything(True) else 1
    if a.list:
        for c in CASES:
            print("%-36s files=%s targets=%s%s" % (
                c.name, ",".join(c.files),
                {k: (v.ratio, v.rss_mib) for k, v in c.targets.items()} or "-",
                " (heavy)" if c.heavy else ""))
        print("%-36s files=--pacing-file targets=p99 lateness <= %g ms at --speed %g" % (
            pacing.NAME, PACING_TARGET_P99_MS, PACING_SPEED))
        return 0
    if a.runs < 1:
        ap.error("--runs must be >= 1")
    if not os.access("/usr/bin/time", os.X_OK):
        sys.exit("measure.py: /usr/bin/time is missing (apt-get install time)")

    files = {}
    for spec in a.file:
        key, sep, path = spec.partition("=")
        if not sep or not os.path.isfile(path):
            sys.exit("measure.py: bad --file %r (want KEY=PATH of an existing file)" % spec)
        files[key] = path
    if not files:
        ap.error("give at least one --file KEY=PATH")
    if not selects_anything(bool(a.pacing_file)):
        # Only xmllint would run: nothing to compare it with.
        print("measure.py: --only %s selects no case here; nothing to measure"
              % " ".join(a.only), file=sys.stderr)
        return 0
    if a.pacing_file and not os.path.isfile(a.pacing_file):
        sys.exit("measure.py: --pacing-file %s does not exist" % a.pacing_file)

    have = {
        "trailcast": bool(a.trailcast) and os.access(a.trailcast, os.X_OK),
        "gpxpy": gpxpy_importable(),
    }
    subst = {"trailcast": a.trailcast, "python": sys.executable}

    # Plan: (file key, case) pairs to run, plus rows reported as skipped.
    plan, skipped = [], []
    for fkey in files:
        for c in CASES:
            if fkey not in c.files or not selected(c):
                continue
            if a.quick and c.heavy:
                skipped.append((fkey, c, "skipped (--quick)"))
                continue
            missing = [n for n in c.needs if not have.get(n)]
            if missing:
                why = ("skipped: no trailcast binary (%s)" % (a.trailcast or "not built")
                       if "trailcast" in missing else
                       "skipped: %s not importable" % ", ".join(missing))
                skipped.append((fkey, c, why))
                print("measure.py: %s on %s %s" % (c.name, fkey, why), file=sys.stderr)
                continue
            plan.append((fkey, c))

    load_before = os.getloadavg()[0]
    if load_before > 0.5:
        print("measure.py: warning: 1-min load average is %.2f; other work on the machine "
              "skews wall times (run on a quiet machine, or raise --runs)" % load_before,
              file=sys.stderr)

    for fkey, path in files.items():  # warm the page cache so run 1 is not special
        with open(path, "rb") as f:
            while f.read(1 << 24):
                pass

    results = {}  # (fkey, name) -> {"walls": [...], "rss_kib": [...]} or {"error": str}
    for i in range(a.runs):
        for fkey, c in plan:
            r = results.setdefault((fkey, c.name), {"walls": [], "rss_kib": [], "cpu": []})
            if "error" in r:
                continue
            argv = [s.format(file=files[fkey], **subst) for s in c.argv]
            print("run %d/%d  %-6s %s" % (i + 1, a.runs, fkey, c.name),
                  file=sys.stderr, end="", flush=True)
            try:
                wall, rss, cpu = run_once(argv, a.timeout)
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                r["error"] = str(e).strip().splitlines()[0]
                print("  FAILED: %s" % e, file=sys.stderr)
                continue
            r["walls"].append(wall)
            r["rss_kib"].append(rss)
            r["cpu"].append(cpu)
            print("  %.3f s  (cpu %.2f s)  %.1f MiB" % (wall, cpu, rss / 1024), file=sys.stderr)

    # Table.
    failed = False
    lines = ["| file | tool | median s | min s | peak RSS MiB | ratio to xmllint (wall) | target | pass/fail |",
             "| --- | --- | ---: | ---: | ---: | ---: | --- | --- |"]
    out = []
    for fkey in files:
        ref = results.get((fkey, REFERENCE), {})
        ref_med = statistics.median(ref["walls"]) if ref.get("walls") and "error" not in ref else None
        for c in CASES:
            t = c.targets.get(fkey)
            tgt = "<= %gx, <= %g MiB" % (t.ratio, t.rss_mib) if t else ""
            if t and t.relative_to:
                tgt = "<= %gx %s, <= %g MiB" % (t.ratio, t.relative_to, t.rss_mib)
            skip = next((w for (fk, sc, w) in skipped if fk == fkey and sc is c), None)
            if skip:
                if t and a.strict:
                    failed = True
                lines.append("| %s | %s | | | | | %s | %s |" % (fkey, c.name, tgt, skip))
                continue
            r = results.get((fkey, c.name))
            if r is None:
                continue
            if "error" in r:
                if t:
                    failed = True
                lines.append("| %s | %s | | | | | %s | %s |" % (
                    fkey, c.name, tgt, "FAIL (error: %s)" % r["error"].replace("|", "/")))
                out.append({"file": fkey, "case": c.name, "error": r["error"]})
                continue
            med, mn = statistics.median(r["walls"]), min(r["walls"])
            rss = max(r["rss_kib"]) / 1024
            ratio = med / ref_med if ref_med else None
            verdict = ""
            target_ratio = ratio
            if t and t.relative_to:
                base = results.get((fkey, t.relative_to), {})
                base_med = statistics.median(base["walls"]) if base.get("walls") and "error" not in base else None
                target_ratio = med / base_med if base_med else None
                tgt += " (%s)" % ("%.3fx" % target_ratio if target_ratio is not None else "n/a")
            if t:
                ok = target_ratio is not None and target_ratio <= t.ratio and rss <= t.rss_mib
                verdict = "PASS" if ok else "FAIL"
                failed |= not ok
            lines.append("| %s | %s | %s | %s | %.1f | %s | %s | %s |" % (
                fkey, c.name, fmt_s(med), fmt_s(mn), rss,
                "%.2fx" % ratio if ratio is not None else "n/a", tgt, verdict))
            out.append({"file": fkey, "path": files[fkey], "case": c.name,
                        "walls_s": r["walls"], "cpu_s": r["cpu"], "median_s": med, "min_s": mn,
                        "peak_rss_mib": rss, "ratio_to_xmllint": ratio,
                        "target": {"ratio": t.ratio, "rss_mib": t.rss_mib, "relative_to": t.relative_to or REFERENCE,
                                   "measured": target_ratio} if t else None,
                        "pass": (verdict == "PASS") if t else None})

    print("\n%d run(s) per row, interleaved; median/min wall time; peak RSS is the max "
          "over runs. 1-min load average before/after: %.2f/%.2f."
          % (a.runs, load_before, os.getloadavg()[0]))
    if a.source_id:
        print("trailcast built from %s." % a.source_id)
    print("\n".join(lines))

    # Pacing: absolute target, no reference ratio; runs after the timed rows.
    pacing_out = None
    if a.pacing_file and selected(pacing.NAME):
        tgt = "p99 <= %g ms" % PACING_TARGET_P99_MS
        if not have["trailcast"]:
            why = "skipped: no trailcast binary (%s)" % (a.trailcast or "not built")
            print("measure.py: %s %s" % (pacing.NAME, why), file=sys.stderr)
            plines, ok = ["| tool | target | pass/fail |", "| --- | --- | --- |",
                          "| %s | %s | %s |" % (pacing.NAME, tgt, why)], not a.strict
        else:
            # With gpsd installed, also the feeds issue's row: an NMEA feed gpsd reads.
            has_gpsd = any(os.access(os.path.join(d, "gpsd"), os.X_OK)
                           for d in os.environ.get("PATH", "").split(":") + ["/usr/sbin"])
            presults = pacing.run_pacing(a.trailcast, a.pacing_file, PACING_SPEED,
                                         a.pacing_runs, timeout=a.timeout, gpsd=has_gpsd)
            plines, ok = pacing.table(presults, PACING_TARGET_P99_MS, PACING_SPEED)
            pacing_out = {"file": a.pacing_file, "speed": PACING_SPEED,
                          "target_p99_ms": PACING_TARGET_P99_MS, "pass": ok, "results": presults}
        failed |= not ok
        print("\nPacing: `trailcast replay %s --speed %g --format jsonl` read through a pipe; "
              "lateness = arrival - (first line's arrival + offset/%g), clipped at 0, over "
              "every line but the first; %d run(s)."
              % (os.path.basename(a.pacing_file), PACING_SPEED, PACING_SPEED, a.pacing_runs))
        print("\n".join(plines))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"runs": a.runs, "source": a.source_id or None, "results": out,
                       "pacing": pacing_out}, f, indent=2)
    if failed:
        print("\nsome targeted rows FAILED%s" % ("" if a.strict else " (report only; --strict to fail)"),
              file=sys.stderr)
        return 1 if a.strict else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
