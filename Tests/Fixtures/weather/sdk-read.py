#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Reads a serve-weather answer with Open-Meteo's own Python SDK, as an app would.

    sdk-read.py URL PARAMS_JSON [METHOD]

PARAMS_JSON is the request's parameters (a list value is sent as repeated keys, as the SDK
sends it); METHOD is GET (the default) or POST, as `weather_api(..., method=)` takes it.
Prints, as JSON, what the SDK reads from each FlatBuffers message: the place,
and each section's times and variables, with the schema's enum values by their SDK names
(so a wrong number in the server shows as a wrong name here). An error the SDK raises is
printed on stderr with exit 1.

Needs `pip install openmeteo-requests==1.7.5 openmeteo-sdk==1.29.0`; .ci/run installs them in a
venv of their own and names its python in TRAILCAST_OPENMETEO_PYTHON (their niquests brings
urllib3-future, which replaces urllib3 for every program using requests).
"""
import json
import sys

import openmeteo_requests
from openmeteo_sdk.Aggregation import Aggregation
from openmeteo_sdk.Model import Model
from openmeteo_sdk.Unit import Unit
from openmeteo_sdk.Variable import Variable


def names(enum):
    return {value: name for name, value in vars(enum).items() if not name.startswith("_")}


VARIABLES, UNITS, AGGREGATIONS, MODELS = names(Variable), names(Unit), names(Aggregation), names(Model)


def section(table, single):
    if table is None:
        return None
    variables = []
    for index in range(table.VariablesLength()):
        column = table.Variables(index)
        read = {
            "variable": VARIABLES.get(column.Variable(), column.Variable()),
            "unit": UNITS.get(column.Unit(), column.Unit()),
            "altitude": column.Altitude(),
            "aggregation": AGGREGATIONS.get(column.Aggregation(), column.Aggregation()),
            "pressureLevel": column.PressureLevel(),
            "depth": column.Depth(),
            "depthTo": column.DepthTo(),
        }
        if single:
            read["value"] = column.Value()
        elif column.ValuesInt64Length() > 0:
            read["valuesInt64"] = [column.ValuesInt64(i) for i in range(column.ValuesInt64Length())]
        else:
            # NaN (no data) as null: JSON has no NaN.
            read["values"] = [value if value == value else None for value in (column.Values(i) for i in range(column.ValuesLength()))]
        variables.append(read)
    return {"time": table.Time(), "timeEnd": table.TimeEnd(), "interval": table.Interval(), "variables": variables}


def main():
    url, params = sys.argv[1], json.loads(sys.argv[2])
    method = sys.argv[3] if len(sys.argv) > 3 else "GET"
    try:
        responses = openmeteo_requests.Client().weather_api(url, params=params, method=method)
    except Exception as error:  # the SDK's own words, for the test to show
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
    places = []
    for response in responses:
        timezone = response.Timezone()
        abbreviation = response.TimezoneAbbreviation()
        places.append({
            "locationId": response.LocationId(),
            "latitude": response.Latitude(),
            "longitude": response.Longitude(),
            "elevation": response.Elevation(),
            "utcOffsetSeconds": response.UtcOffsetSeconds(),
            "timezone": timezone.decode() if timezone is not None else None,
            "timezoneAbbreviation": abbreviation.decode() if abbreviation is not None else None,
            "model": MODELS.get(response.Model(), response.Model()),
            "current": section(response.Current(), single=True),
            "hourly": section(response.Hourly(), single=False),
            "minutely15": section(response.Minutely15(), single=False),
            "daily": section(response.Daily(), single=False),
        })
    print(json.dumps(places))


if __name__ == "__main__":
    main()
