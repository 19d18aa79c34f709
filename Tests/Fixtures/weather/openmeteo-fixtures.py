#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Writes the fixtures OpenMeteoNamesTests holds serve-weather's lists to, from Open-Meteo's
own sources (not from Trailcast's lists):

- openmeteo-enum-variables.txt: the cases of ForecastSurfaceVariable (hourly, current,
  minutely_15) and ForecastVariableDaily (daily), those inside /* */ left out as the
  compiler leaves them;
- openmeteo-models.txt: every case of MultiDomains (`models=`), its flatBufferModel, and that
  Model's number in open-meteo/sdk's weather_api.fbs.

usage: openmeteo-fixtures.py OPEN_METEO_GIT_DIR SDK_GIT_DIR OUTPUT_DIR
(git directories of open-meteo/open-meteo and open-meteo/sdk; HEAD is read)
"""
import re
import subprocess
import sys
from pathlib import Path


def show(repo, path):
    return subprocess.run(["git", "-C", repo, "show", "HEAD:" + path], capture_output=True, text=True,
                          check=True).stdout


def without_comments(text):
    return re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", text, flags=re.S))


def enum_body(text, name):
    body = text[text.index("enum " + name):]
    body = body[:body.index("\n}\n")]
    members = re.search(r"^\s*(var|func|static|init|public|fileprivate|private)\b", body, flags=re.M)
    return body[:members.start()] if members else body


def cases(body):
    return [case.strip() for line in re.finditer(r"^\s*case ([^\n]+)$", body, flags=re.M)
            for case in line.group(1).split(",") if re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", case.strip())]


def revision(repo):
    return subprocess.run(["git", "-C", repo, "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()


def main():
    open_meteo, sdk, output = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    hourly = cases(enum_body(without_comments(show(open_meteo, "Sources/App/Controllers/VariableHourly.swift")),
                             "ForecastSurfaceVariable"))
    daily = cases(enum_body(without_comments(show(open_meteo, "Sources/App/Controllers/VariableDaily.swift")),
                            "ForecastVariableDaily"))
    (output / "openmeteo-enum-variables.txt").write_text(
        f"# The cases of open-meteo/open-meteo ({revision(open_meteo)}) ForecastSurfaceVariable\n"
        "# (Sources/App/Controllers/VariableHourly.swift: hourly, current, minutely_15) and\n"
        "# ForecastVariableDaily (VariableDaily.swift: daily), in their order; the cases inside\n"
        "# /* */ left out, as the compiler leaves them. Made by openmeteo-fixtures.py.\n"
        + "[surface]\n" + "\n".join(hourly) + "\n[daily]\n" + "\n".join(daily) + "\n")

    controller = without_comments(show(open_meteo, "Sources/App/Controllers/ForecastapiController.swift"))
    models = cases(enum_body(controller, "MultiDomains"))
    writer = without_comments(show(open_meteo, "Sources/App/Helper/FlatBufferWriter/FlatBuffers+WeatherApi.swift"))
    switch = writer[writer.index("var flatBufferModel"):]
    switch = switch[:switch.index("\n    }\n")]
    model_of = {case: match.group(2)
                for match in re.finditer(r"case ((?:\.[A-Za-z0-9_]+\s*,\s*)*\.[A-Za-z0-9_]+)\s*:\s*return \.(\w+)", switch)
                for case in re.findall(r"\.([A-Za-z0-9_]+)", match.group(1))}
    schema = without_comments(show(sdk, "flatbuffers/weather_api.fbs"))
    start = schema.index("enum Model")
    number, value = {}, -1
    # flatc numbers a value one past the one before unless it says `= N`; Swift names it in
    # lower camel case, each part lowered first (gfs_seamless: gfsSeamless, CMCC_CM2_VHR4:
    # cmccCm2Vhr4).
    for member in re.finditer(r"([A-Za-z][A-Za-z0-9_]*)\s*(?:=\s*(\d+))?\s*,?",
                              schema[schema.index("{", start) + 1:schema.index("}", start)]):
        value = int(member.group(2)) if member.group(2) else value + 1
        parts = member.group(1).split("_")
        number[parts[0].lower() + "".join(part[:1].upper() + part[1:].lower() for part in parts[1:])] = value
    (output / "openmeteo-models.txt").write_text(
        f"# Every name of Open-Meteo's `models` and its FlatBuffers Model number: the cases of\n"
        f"# MultiDomains (open-meteo/open-meteo {revision(open_meteo)}), each case's flatBufferModel, and that\n"
        f"# Model's number in open-meteo/sdk ({revision(sdk)}) weather_api.fbs. Made by openmeteo-fixtures.py.\n"
        + "".join(f"{model} {number[model_of[model]]}\n" for model in models))


if __name__ == "__main__":
    main()
