#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""What trailcast prints and writes, recorded before the rebuild of issue 23 and checked after.

Runs trailcast on every sample scenario and on runs that cover each feature (noise, signal
loss, permission flows, places, taps, the weather cache, exports, reports, inspect, check),
normalises the few wall-clock figures, and either records each run's SHA-256 in
digests.txt beside this file or checks the runs against it. A changed digest means changed
behaviour: a rebuild must change none.

  baseline.py --trailcast PATH --check            exit 1 and a line per run that differs
  baseline.py --trailcast PATH --record           rewrite digests.txt (only for a change of
                                                  behaviour meant and said in its commit)
  baseline.py --trailcast PATH --write-to DIR     the normalised outputs themselves, to diff
                                                  two builds: record both, then diff -r

Run from anywhere; the runs use the repository's root as their working directory.
"""
import argparse
import concurrent.futures
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
DIGESTS = os.path.join(HERE, "digests.txt")

WALK = "gpx/sf-waterfront-walk.gpx"
RIDE = "gpx/zurich-lake-ride.gpx"
SCENARIOS = sorted(
    name[:-5] for name in os.listdir(os.path.join(ROOT, "gpx/scenarios")) if name.endswith(".yaml"))

# Each run: a name and trailcast's arguments. {scratch} is a fresh directory of the run's own;
# every file the run writes there is part of its recording.
RUNS = [(f"scenario-{name}", ["replay", "--scenario", f"gpx/scenarios/{name}.yaml", "--format", "jsonl"])
        for name in SCENARIOS if name != "flaky-weather-server"]
RUNS += [
    ("check-text", ["check"] + [f"gpx/scenarios/{name}.yaml" for name in SCENARIOS if name != "flaky-weather-server"]),
    ("check-junit", ["check", "--format", "junit", "gpx/scenarios/tunnel.yaml", "gpx/scenarios/happy-path.yaml"]),
    ("check-html", ["check", "--format", "html", "--output", "{scratch}/check.html",
                    "gpx/scenarios/revoked-halfway.yaml", "gpx/scenarios/places-nearest.yaml"]),
    # The timeline formats.
    ("walk-jsonl", ["replay", WALK, "--format", "jsonl"]),
    ("walk-text", ["replay", WALK, "--format", "text", "--color", "never"]),
    ("walk-csv", ["replay", WALK, "--format", "csv"]),
    ("walk-output-and-report", ["replay", WALK, "--output", "{scratch}/run.jsonl", "--format", "jsonl",
                                "--report", "{scratch}/run.html"]),
    ("report-of-a-timeline", ["report", "Tests/Fixtures/baseline/noisy-run.jsonl"]),
    # The simulated GPS: noise, dropouts, jitter, seeds, a custom profile.
    ("gps-urban-canyon", ["replay", WALK, "--format", "jsonl", "--gps", "urban-canyon", "--seed", "7"]),
    ("gps-indoor", ["replay", RIDE, "--format", "jsonl", "--gps", "indoor", "--seed", "3"]),
    ("gps-open-sky-jitter", ["replay", WALK, "--format", "jsonl", "--gps", "open-sky", "--jitter", "400", "--seed", "11"]),
    ("gps-custom", ["replay", WALK, "--format", "jsonl", "--gps-sigma", "6", "--gps-correlation", "40",
                    "--gps-multipath", "0.02", "--seed", "5"]),
    ("gps-suburban-text", ["replay", RIDE, "--format", "text", "--color", "never", "--gps", "suburban"]),
    # Signal loss, timing, sources.
    ("signal-loss", ["replay", WALK, "--format", "jsonl", "--event", "10m:signal=lost", "--event", "14m:signal=restored"]),
    ("interval-and-loop", ["replay", RIDE, "--format", "jsonl", "--interval", "30", "--loop", "2"]),
    ("distance-filter", ["replay", WALK, "--format", "jsonl", "--distance-filter", "50"]),
    ("max-gap", ["replay", RIDE, "--format", "jsonl", "--max-gap", "10s"]),
    ("route-no-times", ["replay", "gpx/route-no-times.gpx", "--format", "jsonl", "--travel-speed", "3"]),
    ("waypoints", ["replay", "gpx/xcode-waypoints.gpx", "--format", "jsonl", "--source", "waypoints"]),
    # Permission flows from the command line.
    ("denied-prompt", ["replay", WALK, "--format", "jsonl", "--prompt", "deny"]),
    ("allow-once-background", ["replay", WALK, "--format", "jsonl", "--prompt", "once",
                               "--event", "5m:app=background", "--event", "20m:app=foreground"]),
    ("always-request", ["replay", WALK, "--format", "jsonl", "--request", "always", "--prompt-always", "deny",
                        "--event", "3m:app=background"]),
    ("revoke-reduce-services", ["replay", WALK, "--format", "jsonl", "--event", "5m:accuracy=reduced",
                                "--event", "10m:authorization=denied", "--event", "12m:authorization=whenInUse",
                                "--event", "20m:services=off", "--event", "25m:services=on"]),
    ("approximate-text", ["replay", RIDE, "--format", "text", "--color", "never", "--accuracy", "reduced"]),
    # The places app and its taps.
    ("places-geojson", ["replay", WALK, "--format", "jsonl", "--app", "places", "--places", "gpx/places/sf-clinics.geojson"]),
    ("places-csv-taps", ["replay", WALK, "--format", "jsonl", "--app", "places", "--places", "gpx/places/sf-clinics.csv",
                         "--places-limit", "3", "--authorization", "denied", "--event", "2m:tap=openSettings",
                         "--event", "3m:authorization=whenInUse", "--event", "4m:app=foreground"]),
    # Region monitoring (issue 24).
    ("regions-geojson", ["replay", WALK, "--format", "jsonl", "--regions", "gpx/places/sf-regions.geojson"]),
    ("regions-csv-urban-text", ["replay", WALK, "--format", "text", "--color", "never", "--gps", "urban-canyon",
                                "--regions", "gpx/places/sf-regions.csv", "--weather", "none"]),
    ("reminders-terminated-report", ["replay", WALK, "--app", "reminders", "--regions", "gpx/places/sf-regions.geojson",
                                     "--event", "5m:app=terminated", "--format", "jsonl", "--output", "{scratch}/run.jsonl",
                                     "--report", "{scratch}/run.html"]),
    ("significant-changes-ride", ["replay", RIDE, "--format", "jsonl", "--significant-changes"]),
    ("always-background-updates-visits", ["replay", WALK, "--format", "jsonl", "--request", "always", "--visits",
                                          "--background-updates", "--event", "3m:app=background"]),
    # Weather: every event, a log, the recorded cache offline, none.
    ("weather-all-events-log", ["replay", WALK, "--format", "jsonl", "--weather-events", "all",
                                "--weather-log", "{scratch}/weather.csv", "--weather-cell", "0.02", "--weather-ttl", "5m"]),
    ("weather-cache-offline", ["replay", WALK, "--format", "jsonl", "--weather", "local", "--weather-cache",
                               "{scratch}/cache", "--weather-offline"]),
    ("weather-none", ["replay", RIDE, "--format", "csv", "--weather", "none"]),
    # Exports.
    ("export-xcode-gpx", ["export", RIDE, "--to", "xcode-gpx"]),
    ("export-nmea-noisy", ["export", WALK, "--to", "nmea", "--gps", "suburban", "--seed", "2"]),
    ("export-geojson", ["export", RIDE, "--to", "geojson", "--interval", "20"]),
    ("export-csv-events", ["export", WALK, "--to", "csv", "--event", "10m:signal=lost", "--event", "12m:signal=restored"]),
    ("nmea-file-feed", ["replay", RIDE, "--format", "jsonl", "--nmea", "{scratch}/feed.nmea"]),
    # The GPX reader.
    ("inspect-text", ["inspect", WALK]),
    ("inspect-json", ["inspect", "--format", "json", RIDE]),
    ("inspect-waypoints", ["inspect", "gpx/xcode-waypoints.gpx"]),
    ("malformed", ["inspect", "Fuzz/Crashes/gpx-reader/gpx-reader-doctype-subset.gpx"]),
    ("missing-file", ["replay", "gpx/no-such-file.gpx"]),
    ("bad-flag", ["replay", WALK, "--gps", "cloudy"]),
]

WALL_CLOCK = [
    (re.compile(rb'"wallSeconds":[-+0-9.eE]+'), b'"wallSeconds":_'),
    (re.compile(rb'[0-9.]+ s wall'), b'_ s wall'),
    # The report's and the check page's summaries, and the JSON they quote (HTML-escaped).
    (re.compile(rb'wallSeconds: [-+0-9.eE]+'), b'wallSeconds: _'),
    (re.compile(rb'&quot;wallSeconds&quot;:[-+0-9.eE]+'), b'&quot;wallSeconds&quot;:_'),
    (re.compile(rb'(<td>wallSeconds</td><td class="num">)[-+0-9.eE]+'), rb'\1_'),
    (re.compile(rb'(<testsuites?\b[^>]*\btime=")[0-9.]+'), rb'\1_'),
    (re.compile(rb'(<testcase\b[^>]*\btime=")[0-9.]+'), rb'\1_'),
]


def normalise(data, scratch):
    data = data.replace(scratch.encode(), b"{scratch}")
    for pattern, replacement in WALL_CLOCK:
        data = pattern.sub(replacement, data)
    return data


def normalise_csv(data):
    """Blanks the wallSeconds column of a CSV timeline or export."""
    lines = data.split(b"\n")
    if not lines or b"wallSeconds" not in lines[0]:
        return data
    column = lines[0].split(b",").index(b"wallSeconds")
    out = [lines[0]]
    for line in lines[1:]:
        fields = line.split(b",")
        if len(fields) > column and fields[column]:
            fields[column] = b"_"
        out.append(b",".join(fields))
    return b"\n".join(out)


def run(trailcast, name, arguments):
    scratch = tempfile.mkdtemp(prefix="trailcast-baseline-")
    try:
        if name == "weather-cache-offline":
            shutil.copytree(os.path.join(ROOT, "gpx/scenarios/recorded-weather"), os.path.join(scratch, "cache"))
        arguments = [argument.replace("{scratch}", scratch) for argument in arguments]
        result = subprocess.run([trailcast] + arguments, cwd=ROOT, stdin=subprocess.DEVNULL,
                                capture_output=True, timeout=600, env=dict(os.environ, COLUMNS="100"))
        parts = [b"exit %d\n" % result.returncode,
                 b"--- stdout\n", normalise_csv(result.stdout), b"--- stderr\n", result.stderr]
        for directory, _, files in sorted(os.walk(scratch)):
            if os.path.relpath(directory, scratch).startswith("cache"):
                continue
            for file in sorted(files):
                path = os.path.join(directory, file)
                with open(path, "rb") as handle:
                    parts += [b"--- file %s\n" % os.path.relpath(path, scratch).encode(), normalise_csv(handle.read())]
        return normalise(b"".join(parts), scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main():
    parser = command_line(__doc__.split("\n")[0])
    options = parser.parse_args()
    trailcast = os.path.abspath(options.trailcast)

    with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
        outputs = dict(zip([name for name, _ in RUNS],
                           pool.map(lambda item: run(trailcast, *item), RUNS)))
    return settle("baseline", outputs, [name for name, _ in RUNS], DIGESTS, options)


def command_line(description):
    """The options both recordings take: the binary, and --check, --record or --write-to."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--trailcast", required=True)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--record", action="store_true")
    mode.add_argument("--write-to", metavar="DIR")
    parser.add_argument("--jobs", type=int, default=2)
    return parser


def settle(label, outputs, names, digests_path, options, partial=False):
    """Writes, records or checks the runs' normalised outputs against digests_path (NAME
    SHA256 BYTES a line), printing as LABEL; the exit status. With `partial` (some runs
    only), a recorded run not among them is not missing."""
    digests = {name: "%s %d" % (hashlib.sha256(data).hexdigest(), len(data)) for name, data in outputs.items()}
    if options.write_to:
        os.makedirs(options.write_to, exist_ok=True)
        for name, data in outputs.items():
            with open(os.path.join(options.write_to, name), "wb") as handle:
                handle.write(data)
        print(f"{label}: {len(outputs)} runs written to {options.write_to}")
        return 0
    if options.record:
        with open(digests_path, "w") as handle:
            handle.write(f"# Written by {label}.py --record: NAME SHA256 BYTES of each run's normalised output.\n")
            for name in names:
                handle.write(f"{name} {digests[name]}\n")
        print(f"{label}: {len(outputs)} runs recorded in {digests_path}")
        return 0
    recorded = {}
    with open(digests_path) as handle:
        for line in handle:
            if line.strip() and not line.startswith("#"):
                name, rest = line.rstrip("\n").split(" ", 1)
                recorded[name] = rest
    differing = [name for name in digests if recorded.get(name) != digests[name]]
    missing = [] if partial else [name for name in recorded if name not in digests]
    for name in differing:
        print(f"{label}: {name} differs (recorded {recorded.get(name)}, now {digests[name]})")
    for name in missing:
        print(f"{label}: {name} is recorded but no longer run")
    print(f"{label}: {len(digests) - len(differing)} of {len(digests) if partial else len(recorded)} runs as recorded")
    return 1 if differing or missing else 0

if __name__ == "__main__":
    sys.exit(main())
