#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""A wide net of exact outputs: what every reader, writer, flag and answer makes, recorded.

Tests that check one rule each catch the bugs their authors thought of. This net catches
the rest that show in an output: it runs trailcast over every route file in the repository
(inspect in both formats, an export of every fix), every export format, every replay flag at
values other than its default (and at the edges of its range), a bad value for each, every
event, the fleet on virtual time, and serve-weather answering a corpus of requests (its
archive endpoint, whose dates do not move with the day), and compares each run's normalised
output (wall-clock figures and the server's own timings blanked) with the SHA-256 recorded
in digests.txt beside this file. A changed digest is changed behaviour: either a bug, or a
change meant and said in its commit, with the digests recorded again.

  golden.py --trailcast PATH --check            exit 1 and a line per run that differs
  golden.py --trailcast PATH --record           rewrite digests.txt
  golden.py --trailcast PATH --write-to DIR     the normalised outputs, to diff two builds
  golden.py ... --only REGEX                    just the runs whose names match

The mutation runner (.ci/mutants/run) runs this net beside every mutant's own tests.
"""
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import struct
import sys
import tempfile
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
DIGESTS = os.path.join(HERE, "digests.txt")
sys.path.insert(0, os.path.join(ROOT, "Tests", "Fixtures", "baseline"))
from baseline import command_line, normalise, normalise_csv, settle  # noqa: E402

WALK = "gpx/sf-waterfront-walk.gpx"
RIDE = "gpx/zurich-lake-ride.gpx"
FIT = "Tests/Fixtures/fit/garmin-edge-820-bike.fit"
NMEA = "Tests/Fixtures/realworld/nmea/ublox8-rx210-gn.nmea"


def repository_files(*patterns):
    found = []
    for pattern in patterns:
        found += glob.glob(os.path.join(ROOT, pattern), recursive=True)
    return sorted(os.path.relpath(path, ROOT) for path in found if os.path.isfile(path))


# Every route file the repository keeps (samples, real-world files, the readers' fixtures,
# the fuzzers' crashes): what inspect says of each is exact.
ROUTE_FILES = repository_files(
    "gpx/*.gpx", "gpx/places/*.gpx", "Tests/Fixtures/realworld/**/*.gpx", "Tests/Fixtures/realworld/**/*.nmea",
    "Tests/Fixtures/realworld/**/*.csv", "Tests/Fixtures/realworld/takeout/*.json", "Tests/Fixtures/fit/*.fit",
    "Tests/Fixtures/kmz/*.kmz", "Tests/Fixtures/cut/*", "Fuzz/Crashes/gpx-reader/*", "Fuzz/Crashes/nmea/*",
    "Fuzz/Crashes/route-formats/*", "Fuzz/Crashes/replay/*")


def slug(text):
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()


RUNS = []


def add(name, *commands, setup=None):
    """A run: one or more trailcast commands (lists of arguments) in one scratch directory."""
    RUNS.append((name, [list(command) for command in commands], setup))


# ---- Readers: every route file, inspected both ways; every readable one exported whole.
for path in ROUTE_FILES:
    add(f"inspect-{slug(path)}", ["inspect", "--format", "jsonl", path], ["inspect", path])
    add(f"fixes-{slug(path)}", ["export", path, "--to", "csv"])
add("inspect-strict-walk", ["inspect", "--strict", "Tests/Fixtures/realworld/phone-export.gpx"])
add("inspect-several", ["inspect", WALK, RIDE, FIT, "--format", "jsonl"])
for fmt in ["gpx", "kml", "geojson", "tcx", "fit", "nmea", "csv"]:
    add(f"inspect-as-{fmt}", ["inspect", "--input-format", fmt, WALK])

# ---- Writers: every export format, of every kind of source, perfect and noisy; then read back.
EXPORTS = ["xcode-gpx", "nmea", "geojson", "csv", "kml", "tcx"]
for fmt in EXPORTS:
    for source in [WALK, RIDE, FIT, NMEA, "gpx/route-no-times.gpx", "gpx/xcode-waypoints.gpx"]:
        add(f"export-{fmt}-{slug(os.path.basename(source))}", ["export", source, "--to", fmt])
    add(f"export-{fmt}-noisy", ["export", WALK, "--to", fmt, "--gps", "urban-canyon", "--seed", "9",
                                "--jitter", "300", "--event", "5m:signal=lost", "--event", "7m:signal=restored"])
    extension = {"xcode-gpx": "gpx", "nmea": "nmea", "geojson": "geojson", "csv": "csv", "kml": "kml", "tcx": "tcx"}[fmt]
    add(f"export-{fmt}-read-back", ["export", RIDE, "--to", fmt, "--output", "{scratch}/ride." + extension],
        ["inspect", "--format", "jsonl", "{scratch}/ride." + extension],
        ["replay", "{scratch}/ride." + extension, "--format", "jsonl", "--weather", "none", "--interval", "30"])
add("export-kmz-read-back", ["export", RIDE, "--to", "kml", "--output", "{scratch}/doc.kml"],
    ["replay", "{scratch}/ride.kmz", "--format", "jsonl", "--weather", "none"], setup="kmz")

# ---- Replay: every flag away from its default, at its edges, and wrong.
BASE = ["replay", WALK, "--format", "jsonl"]
FLAG_VALUES = {
    "--prompt": ["once", "deny"],
    "--authorization": ["restricted", "denied", "whenInUse", "always"],
    "--accuracy": ["reduced"],
    "--services": ["off"],
    "--prompt-always": ["allow", "once", "deny"],
    "--request": ["always"],
    "--distance-filter": ["0", "1", "25", "1000"],
    "--app": ["places", "reminders"],
    "--plist-missing": ["NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationWhenInUseUsageDescription",
                        "UIBackgroundModes"],
    "--gps": ["open-sky", "suburban", "urban-canyon", "indoor"],
    "--gps-sigma": ["0", "0.5", "30"],
    "--gps-correlation": ["0", "0.001", "1", "86400"],
    "--gps-multipath": ["0", "0.5", "1"],
    "--seed": ["0", "18446744073709551615"],
    "--jitter": ["1", "999"],
    "--max-gap": ["1s", "2m"],
    "--source": ["track", "route", "waypoints"],
    "--travel-speed": ["0.5", "40"],
    "--interval": ["1", "7", "120"],
    "--loop": ["2"],
    "--weather": ["none", "local"],
    "--weather-cell": ["0", "0.0001", "0.001", "1", "10"],
    "--weather-ttl": ["0s", "1s", "1m", "2h"],
    "--weather-events": ["all"],
    # (Not the server's latency, timeouts or rate limit: they are real time, and would measure
    # the machine; their own tests hold them.)
    "--server-fail-rate": ["0.3"],
    "--server-malformed-rate": ["0.3"],
    "--server-seed": ["4"],
    "--places-limit": ["1", "1000"],
}
NEEDS = {
    "--app": {"places": ["--places", "gpx/places/sf-clinics.geojson"],
              "reminders": ["--regions", "gpx/places/sf-regions.geojson"]},
    "--places-limit": ["--app", "places", "--places", "gpx/places/sf-clinics.csv"],
    "--server-fail-rate": ["--weather", "local"], "--server-latency": ["--weather", "local"],
    "--server-timeout-rate": ["--weather", "local"], "--server-malformed-rate": ["--weather", "local"],
    "--server-rate-limit": ["--weather", "local"], "--server-seed": ["--weather", "local", "--server-fail-rate", "0.5"],
    "--gps-sigma": ["--seed", "3"], "--gps-correlation": ["--gps-sigma", "5", "--seed", "3"],
    "--gps-multipath": ["--gps-sigma", "5", "--seed", "3"], "--seed": ["--gps", "suburban"],
    "--jitter": ["--seed", "2"], "--prompt-always": ["--request", "always", "--event", "3m:app=background"],
    "--plist-missing": ["--request", "always", "--background-updates"],
}
for flag, values in FLAG_VALUES.items():
    for value in values:
        extra = NEEDS.get(flag, [])
        if isinstance(extra, dict):
            extra = extra.get(value, [])
        source = "gpx/xcode-waypoints.gpx" if flag == "--source" else WALK
        add(f"replay{flag}-{slug(value)}", ["replay", source, "--format", "jsonl", flag, value] + extra)
for flag in ["--strict", "--significant-changes", "--visits", "--background-updates", "--plist-default-accuracy-reduced",
             "--weather-offline"]:
    extra = {"--background-updates": ["--request", "always", "--event", "2m:app=background"],
             "--visits": ["--request", "always"],
             "--weather-offline": ["--weather", "local", "--weather-cache", "{scratch}/cache"]}.get(flag, [])
    add(f"replay{flag}", BASE + [flag] + extra)
EVENTS = ["authorization=notDetermined", "authorization=restricted", "authorization=denied", "authorization=whenInUse",
          "authorization=always", "accuracy=reduced", "services=off", "app=background", "app=terminated",
          "signal=lost", "tap=currentLocation", "tap=refresh", "tap=requestPermission", "tap=openSettings"]
for event in EVENTS:
    add(f"replay-event-{slug(event)}", BASE + ["--event", "4m:" + event, "--event", "9m30s:app=foreground",
                                                 "--event", "12m:signal=restored"])
    add(f"replay-event-{slug(event)}-text", ["replay", RIDE, "--format", "text", "--color", "never",
                                              "--event", "2m:" + event, "--event", "5m:authorization=whenInUse"])
for fmt in ["text", "jsonl", "csv"]:
    for source in [WALK, RIDE, FIT, NMEA]:
        add(f"replay-{fmt}-{slug(os.path.basename(source))}", ["replay", source, "--format", fmt, "--color", "never"])
add("replay-text-color", ["replay", WALK, "--format", "text", "--color", "always", "--event", "5m:signal=lost"])
add("replay-places-text", ["replay", WALK, "--format", "text", "--color", "never", "--app", "places",
                           "--places", "gpx/places/sf-clinics.gpx"])
add("replay-reminders-text", ["replay", WALK, "--format", "text", "--color", "never", "--app", "reminders",
                              "--regions", "gpx/places/sf-21-regions.csv", "--prompt-always", "allow"])
add("replay-regions-21", BASE + ["--regions", "gpx/places/sf-21-regions.csv", "--request", "always"])
add("replay-weather-log", BASE + ["--weather-log", "{scratch}/weather.csv", "--weather-events", "all"])
add("replay-nmea-file", ["replay", RIDE, "--format", "jsonl", "--weather", "none", "--nmea", "{scratch}/feed.nmea",
                         "--gps", "suburban", "--seed", "4"])
add("replay-report", ["replay", RIDE, "--format", "jsonl", "--output", "{scratch}/run.jsonl", "--report",
                      "{scratch}/run.html", "--event", "3m:authorization=denied", "--event", "6m:authorization=whenInUse"],
    ["report", "{scratch}/run.jsonl", "--output", "{scratch}/again.html"])
for scenario in repository_files("gpx/scenarios/*.yaml"):
    if "flaky" in scenario:
        continue
    add(f"scenario-text-{slug(os.path.basename(scenario))}", ["replay", "--scenario", scenario, "--format", "text",
                                                              "--color", "never"])
add("check-every-scenario-junit", ["check", "--format", "junit"]
    + [s for s in repository_files("gpx/scenarios/*.yaml") if "flaky" not in s])

# Bad values: the one-line usage error and exit 64 for each.
BAD = {"--format": "xml", "--prompt": "maybe", "--authorization": "sometimes", "--accuracy": "fine",
       "--services": "maybe", "--prompt-always": "maybe", "--request": "never", "--distance-filter": "-1",
       "--app": "mail", "--places-limit": "0", "--gps": "cloudy", "--gps-sigma": "-1", "--gps-correlation": "-1",
       "--gps-multipath": "1.5", "--seed": "-1", "--jitter": "-5", "--max-gap": "soon", "--source": "all",
       "--travel-speed": "0", "--interval": "0", "--loop": "0", "--weather": "sunny", "--weather-cell": "10.5",
       "--weather-ttl": "-1m", "--weather-events": "some", "--weather-timeout": "0s", "--server-fail-rate": "1.5",
       "--server-latency": "x", "--server-timeout-rate": "-0.1", "--server-malformed-rate": "2",
       "--server-rate-limit": "-1", "--server-seed": "x", "--input-format": "shp", "--color": "blue",
       "--event": "5m:signal=maybe", "--plist-missing": "NSCameraUsageDescription", "--speed": "-1",
       "--weather-cache-max": "-1", "--weather-url": "ftp://example.com", "--browser-protocol": "marionette",
       "--nmea": "tcp://nowhere", "--android-emulator": "host:port", "--serve": "70000"}
for flag, value in BAD.items():
    add(f"usage{flag}-{slug(value)}", ["replay", WALK, flag, value])
for arguments in [["--event", "5m"], ["--event", "later:signal=lost"], ["--event", "5m:weather=rain"],
                  ["--gps-sigma", "3"], ["--places", "gpx/places/sf-clinics.csv"], ["--app", "places"],
                  ["--weather-offline"], ["--virtual", "--speed", "2"], ["--interval", "1e9"],
                  ["--weather-cell", "10.0000001"], ["--gps-multipath", "1.0000001"], ["--places-limit", "1001"],
                  ["--jitter", "1000"], ["--max-gap", "0s"], ["--loop", "0"]]:
    add("usage-" + slug(" ".join(arguments)), ["replay", WALK] + arguments)
for subcommand, arguments in [("export", ["--to", "shp"]), ("export", ["--interval", "-1"]), ("inspect", ["--format", "xml"]),
                              ("check", ["--format", "tap"]), ("report", ["--tiles", "ftp://x"]),
                              ("serve-weather", ["--port", "70000"]), ("serve-weather", ["--fail-rate", "2"]),
                              ("fleet", ["--devices", "0", "--virtual", "--duration", "1m"]),
                              ("fleet", ["--devices", "3", "--virtual"]),
                              ("fleet", ["--devices", "3", "--virtual", "--duration", "1m", "--gps-mix", "open-sky:x"])]:
    add(f"usage-{subcommand}-" + slug(" ".join(arguments)), [subcommand] + ([WALK] if subcommand in ("export", "inspect", "fleet") else [])
        + arguments)
add("usage-missing-file", ["replay", "gpx/nothing-here.gpx"])
add("usage-no-subcommand", [])
add("usage-unknown-subcommand", ["replya", WALK])
for subcommand in ["replay", "export", "inspect", "check", "report", "fleet", "serve-weather"]:
    add(f"help-{subcommand}", ["help", subcommand])
add("help", ["--help"])

# ---- The fleet, on virtual time.
FLEET = ["fleet", WALK, RIDE, "--virtual", "--output", "-", "--quiet"]
add("fleet-owntracks", FLEET + ["--devices", "4", "--duration", "3m"])
add("fleet-osmand", FLEET + ["--devices", "3", "--duration", "2m", "--format", "osmand"])
add("fleet-mix-events", FLEET + ["--devices", "12", "--duration", "4m", "--gps-mix", "open-sky:2,urban-canyon:1,indoor:1",
                                 "--event", "1m:authorization=denied@25%", "--event", "2m:signal=lost@50%",
                                 "--event", "3m:signal=restored@50%", "--seed", "6", "--summary", "{scratch}/summary.json"])
add("fleet-ids-interval-stagger", FLEET + ["--devices", "5", "--duration", "2m", "--id-prefix", "van-", "--id-width", "3",
                                           "--interval", "10", "--stagger", "20s", "--owntracks-user", "depot"])
add("fleet-shard", FLEET + ["--devices", "9", "--duration", "1m", "--shard", "1/3"])
add("fleet-summary-only", ["fleet", FIT, "--devices", "6", "--virtual", "--duration", "5m", "--summary", "-", "--quiet"])

# ---- serve-weather: a corpus of requests, every answer exact. The archive keeps its dates.
ARCHIVE = "/v1/archive?latitude=47.37&longitude=8.54&start_date=2024-06-01&end_date=2024-06-02"
WEATHER_REQUESTS = [
    ("GET", ARCHIVE + "&hourly=temperature_2m,relative_humidity_2m,dew_point_2m,apparent_temperature,precipitation,"
     "rain,showers,snowfall,weather_code,cloud_cover,wind_speed_10m,wind_direction_10m,wind_gusts_10m,is_day", None),
    ("GET", ARCHIVE + "&hourly=pressure_msl,surface_pressure,cloud_cover_low,cloud_cover_mid,cloud_cover_high,visibility,"
     "uv_index,uv_index_clear_sky,precipitation_probability,snow_depth,freezing_level_height,cape,sunshine_duration", None),
    ("GET", ARCHIVE + "&hourly=shortwave_radiation,direct_radiation,diffuse_radiation,direct_normal_irradiance,"
     "global_tilted_irradiance,terrestrial_radiation,et0_fao_evapotranspiration,vapour_pressure_deficit&tilt=30&azimuth=-45", None),
    ("GET", ARCHIVE + "&hourly=temperature_80m,wind_speed_100m,wind_direction_180m,wind_speed_37m,temperature_500hPa,"
     "geopotential_height_850hPa,relative_humidity_700hPa,wind_speed_250hPa,cloud_cover_800hPa,vertical_velocity_500hPa", None),
    ("GET", ARCHIVE + "&hourly=soil_temperature_0cm,soil_temperature_54cm,soil_moisture_0_to_1cm,soil_moisture_27_to_81cm,"
     "temperature_2m_previous_day2,pm10,wind_u_component_10m,wind_v_component_10m", None),
    ("GET", ARCHIVE + "&daily=temperature_2m_max,temperature_2m_min,apparent_temperature_max,apparent_temperature_min,"
     "weather_code,precipitation_sum,rain_sum,showers_sum,snowfall_sum,precipitation_hours,precipitation_probability_max,"
     "wind_speed_10m_max,wind_gusts_10m_max,wind_direction_10m_dominant,uv_index_max,sunrise,sunset,daylight_duration,"
     "sunshine_duration,shortwave_radiation_sum,et0_fao_evapotranspiration,temperature_2m_mean,cloud_cover_mean&timezone=auto", None),
    ("GET", ARCHIVE + "&minutely_15=temperature_2m,precipitation,wind_speed_10m,is_day", None),
    ("GET", ARCHIVE + "&hourly=temperature_2m,precipitation,wind_speed_10m&temperature_unit=fahrenheit&wind_speed_unit=kn"
     "&precipitation_unit=inch&timeformat=unixtime", None),
    ("GET", ARCHIVE + "&hourly=temperature_2m,snowfall,snow_depth&length_unit=imperial&windspeed_unit=mph", None),
    ("GET", ARCHIVE.replace("47.37", "47.37,-33.87,64.13").replace("8.54", "8.54,151.21,-21.9")
     + "&hourly=temperature_2m&timezone=auto&elevation=408,58,0&location_id=1,2,3", None),
    ("GET", ARCHIVE + "&hourly=temperature_2m,weather_code&daily=sunrise,sunset&format=csv&timezone=America/St_Johns", None),
    ("GET", ARCHIVE.replace("47.37", "47.37,40.71").replace("8.54", "8.54,-74.01")
     + "&hourly=temperature_2m&daily=temperature_2m_max&format=csv&timezone=Asia/Kolkata,America/New_York", None),
    ("GET", ARCHIVE + "&hourly=temperature_2m,wind_speed_10m&models=icon_seamless,gfs_seamless", None),
    ("GET", ARCHIVE + "&hourly=temperature_2m&start_hour=2024-06-01T05:00&end_hour=2024-06-01T09:00", None),
    ("GET", ARCHIVE + "&hourly=temperature_2m&timezone=Australia/Lord_Howe&elevation=9000", None),
    ("GET", "/v1/archive?latitude=89.9&longitude=0&start_date=2024-12-21&end_date=2024-12-21&daily=sunrise,sunset,"
     "daylight_duration&hourly=is_day,shortwave_radiation", None),
    ("GET", "/v1/archive?latitude=-78.46&longitude=106.84&start_date=2024-07-01&end_date=2024-07-01&hourly=temperature_2m,"
     "snowfall,weather_code,visibility&daily=weather_code", None),
    ("GET", "/v1/archive?latitude=1.29&longitude=103.85&start_date=1940-01-01&end_date=1940-01-01&hourly=temperature_2m,"
     "precipitation,cape", None),
    # FlatBuffers (open-meteo/sdk's weather_api.fbs), its generation time zeroed below.
    ("GET", ARCHIVE + "&hourly=temperature_2m,weather_code,is_day,wind_direction_10m,temperature_850hPa&daily=sunrise,sunset,"
     "temperature_2m_max,weather_code&minutely_15=temperature_2m,precipitation&format=flatbuffers&timezone=auto", None),
    ("GET", ARCHIVE.replace("47.37", "47.37,-33.87").replace("8.54", "8.54,151.21")
     + "&hourly=temperature_2m,wind_speed_10m&models=icon_seamless,gfs_seamless&format=flatbuffers&elevation=408,58", None),
    ("GET", ARCHIVE + "&hourly=temperature_2m,precipitation&temperature_unit=fahrenheit&precipitation_unit=inch"
     "&format=flatbuffers&timezone=America/St_Johns&cell_selection=sea", None),
    ("GET", ARCHIVE + "&daily=sunrise,sunset,daylight_duration,precipitation_sum&format=csv&timezone=auto"
     "&cell_selection=nearest", None),
    ("POST", "/v1/archive", ("application/x-www-form-urlencoded",
                             "latitude=47.37&longitude=8.54&start_date=2024-06-01&end_date=2024-06-01&hourly=temperature_2m"
                             "&hourly=rain")),
    ("POST", "/v1/archive", ("application/json", json.dumps({
        "latitude": [47.37, 48.85], "longitude": [8.54, 2.35], "start_date": "2024-06-01", "end_date": "2024-06-01",
        "daily": ["temperature_2m_max", "sunrise"], "timezone": "auto"}))),
    ("POST", "/v1/archive", ("text/plain", "latitude=1")),
    ("POST", "/v1/archive", ("application/json", "")),
    ("GET", "/v1/archive?latitude=91&longitude=8.54&start_date=2024-06-01&end_date=2024-06-01&hourly=temperature_2m", None),
    ("GET", ARCHIVE + "&hourly=temperature_3n", None),
    ("GET", ARCHIVE + "&hourly=temperature_2m&format=xlsx", None),
    ("GET", ARCHIVE + "&hourly=temperature_2m&timezone=Mars/Olympus", None),
    ("GET", ARCHIVE + "&hourly=temperature_2m&elevation=9001", None),
    ("GET", ARCHIVE + "&hourly=temperature_2m&cell_selection=mountain", None),
    ("GET", ARCHIVE + "&hourly=temperature_2m&temperature_unit=kelvin", None),
    ("GET", "/v1/archive?latitude=47.37&longitude=8.54&start_date=2024-06-02&end_date=2024-06-01&hourly=temperature_2m", None),
    ("GET", "/v1/archive?latitude=47.37,1&longitude=8.54&start_date=2024-06-01&end_date=2024-06-01&hourly=temperature_2m", None),
    ("GET", "/v1/forecast?latitude=47.37&longitude=8.54&hourly=temperature_2m&forecast_days=17", None),
    ("GET", "/v1/forecast?latitude=47.37&longitude=8.54&hourly=temperature_2m&past_days=94", None),
    ("GET", "/v1/forecast?longitude=8.54&hourly=temperature_2m", None),
    ("GET", "/health", None),
    ("DELETE", "/health", None),
    ("PUT", "/v1/forecast", None),
    ("GET", "/v2/forecast", None),
]
add("serve-weather-corpus", setup="serve-weather")

# The port serve-weather chose, in whatever a run printed of it.
LISTENING_PORT = (re.compile(rb'(serve-weather: listening on http://127\.0\.0\.1:)[0-9]+'), rb'\1_')
TIMINGS = [
    (re.compile(rb'"generationtime_ms":[-+0-9.eE]+'), b'"generationtime_ms":_'),
    LISTENING_PORT,
    (re.compile(rb' [0-9.]+ ms\b'), b' _ ms'),
    (re.compile(rb'(?m)^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}[-+][0-9]{4} '), b'_ '),
]


def zero_generation_time(message):
    """A FlatBuffers answer with every message's generation_time_milliseconds (field 3 of
    WeatherApiResponse, a float32 the server's clock fills) set to 0. Size-prefixed messages,
    one after another."""
    data, at = bytearray(message), 0
    while at + 8 <= len(data):
        size = struct.unpack_from("<I", data, at)[0]
        start = at + 4
        table = start + struct.unpack_from("<I", data, start)[0]
        vtable = table - struct.unpack_from("<i", data, table)[0]
        vtable_size = struct.unpack_from("<H", data, vtable)[0]
        slot = 4 + 2 * 3
        if slot + 2 <= vtable_size:
            field = struct.unpack_from("<H", data, vtable + slot)[0]
            if field:
                struct.pack_into("<f", data, table + field, 0.0)
        at = start + size
    return bytes(data)


def weather_corpus(trailcast):
    server = subprocess.Popen([trailcast, "serve-weather", "--port", "0"], cwd=ROOT, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        first = server.stdout.readline()
        match = re.search(rb"http://127\.0\.0\.1:([0-9]+)", first)
        if not match:
            return b"serve-weather did not start: " + first + server.stderr.read()
        base = "http://127.0.0.1:" + match.group(1).decode()
        parts = []
        for method, target, body in WEATHER_REQUESTS:
            data, headers = None, {}
            if body is not None:
                headers["Content-Type"], text = body
                data = text.encode()
            request = urllib.request.Request(base + target, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=120) as answer:
                    status, answer_headers, content = answer.status, answer.headers, answer.read()
            except urllib.error.HTTPError as error:
                status, answer_headers, content = error.code, error.headers, error.read()
            kept = [f"{key}: {answer_headers[key]}" for key in ("Content-Type", "Content-Disposition", "Allow")
                    if answer_headers.get(key)]
            if status == 200 and "format=flatbuffers" in target:
                content = zero_generation_time(content)
            parts.append(("--- %s %s -> %d %s\n" % (method, target, status, "; ".join(kept))).encode() + content + b"\n")
        server.terminate()
        rest, errors = server.communicate(timeout=60)
        # What it logged of each request (less its timings), after the answers.
        return b"".join(parts) + b"--- stdout\n" + rest + b"--- stderr\n" + errors + b"--- exit %d\n" % server.returncode
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def run(trailcast, name, commands, setup):
    began = time.monotonic()
    try:
        return run_in_scratch(trailcast, name, commands, setup)
    finally:
        if os.environ.get("GOLDEN_TIMES"):
            print(f"golden: {name} {time.monotonic() - began:.1f} s", file=sys.stderr)


def run_in_scratch(trailcast, name, commands, setup):
    scratch = tempfile.mkdtemp(prefix="trailcast-golden-")
    try:
        if setup == "serve-weather":
            data = weather_corpus(trailcast)
            for pattern, replacement in TIMINGS:
                data = pattern.sub(replacement, data)
            return data
        parts = []
        for index, arguments in enumerate(commands):
            arguments = [argument.replace("{scratch}", scratch) for argument in arguments]
            if setup == "kmz" and index == 1:
                subprocess.run(["python3", "-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED); "
                                "z.writestr(zipfile.ZipInfo('doc.kml', (2026, 1, 1, 0, 0, 0)), open(sys.argv[2], 'rb').read(), "
                                "zipfile.ZIP_DEFLATED); z.close()",
                                os.path.join(scratch, "ride.kmz"), os.path.join(scratch, "doc.kml")], check=True)
            result = subprocess.run([trailcast] + arguments, cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True,
                                    timeout=600, env=dict(os.environ, COLUMNS="100", NO_COLOR=""))
            parts += [b"=== %d exit %d\n" % (index, result.returncode),
                      b"--- stdout\n", normalise_csv(result.stdout), b"--- stderr\n", result.stderr]
        for directory, _, files in sorted(os.walk(scratch)):
            for file in sorted(files):
                path = os.path.join(directory, file)
                with open(path, "rb") as handle:
                    parts += [b"--- file %s\n" % os.path.relpath(path, scratch).encode(), normalise_csv(handle.read())]
        data = normalise(b"".join(parts), scratch)
        # A local server's answers take the time they take.
        data = re.sub(rb'"fetchMs":[0-9.]+', b'"fetchMs":_', data)
        return LISTENING_PORT[0].sub(LISTENING_PORT[1], data)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main():
    parser = command_line(__doc__.split("\n")[0])
    parser.add_argument("--only", metavar="REGEX")
    options = parser.parse_args()
    trailcast = os.path.abspath(options.trailcast)
    names = [name for name, _, _ in RUNS]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        print("golden: run names used twice: " + ", ".join(duplicates))
        return 2
    runs = [run_ for run_ in RUNS if not options.only or re.search(options.only, run_[0])]

    # The longest first, so that two jobs finish together.
    runs.sort(key=lambda item: item[2] != "serve-weather")
    with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
        outputs = dict(zip([name for name, _, _ in runs], pool.map(lambda item: run(trailcast, *item), runs)))
    if options.record and options.only:
        print("golden: --record records every run; leave out --only")
        return 2
    return settle("golden", outputs, names, DIGESTS, options, partial=bool(options.only))

if __name__ == "__main__":
    sys.exit(main())
