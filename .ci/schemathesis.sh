#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
# serve-weather against its OpenAPI description (docs/openapi/serve-weather.yaml) with
# schemathesis: every check but two, with a fixed example count in its deterministic mode (no
# example database), so that a run is the same run each time (a seed alone let a clean
# clone's run draw other cases than a run here). No server error, no status, content type,
# header or body outside the description, methods it does not take refused.
#
# Left out: positive_data_acceptance: rules across parameters (start_date needs end_date, at
# most 366 days, lists of places of one length) cannot be said in OpenAPI 3.0, so a request
# valid for the schema may rightly be a 400. negative_data_rejection: its "invalid" values
# for the comma-separated lists are often valid text (the integer 0 it puts for `elevation`
# is the one-item list `0`; an empty `daily=` is no variable, as this server always took it).
# Bad values are the 400 tests' (Tests/WeatherServerTests/BadRequestTests.swift and others).
# unsupported_method: it wants 405 for a method the description lacks; Open-Meteo's server
# (Vapor) has no route for one and answers 404, and so does this one (EndpointTests).
#
# Its time limit for an answer, 10 s by default, measured the machine: one of its requests
# (20 places, 26 models, 16 hourly variables: 1.4 million values, 1 MB) took 9.7 s in a
# debug build here and failed CI on a slower one. What that request costs is held by
# bench/instruction-budgets (serve-weather-lookback); the limit here only catches a hang.
#
#   .ci/schemathesis.sh TRAILCAST_BINARY [MAX_EXAMPLES]
set -euo pipefail
binary="$1"
examples="${2:-1000}"
cd "$(dirname "$0")/.."

coproc SERVER { exec "$binary" serve-weather --port 0 2>/dev/null; }
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT
read -r line <&"${SERVER[0]}"
port="${line##*127.0.0.1:}"
echo "schemathesis: serve-weather on port $port"

st run docs/openapi/serve-weather.yaml --url "http://127.0.0.1:$port" \
  --checks all --exclude-checks positive_data_acceptance,negative_data_rejection,unsupported_method \
  --generation-deterministic --max-examples "$examples" --request-timeout 300
