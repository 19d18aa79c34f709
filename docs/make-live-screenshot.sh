#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
# Regenerates docs/live.png, the picture of the live page (`replay --serve`, GET /): the
# waterfront walk with a noisy GPS, played at 30x, captured 20 s in by headless Chromium
# over its DevTools protocol (docs/tools/capture-page.py, which needs Python's
# websocket-client: pip install websocket-client).
#
#   docs/make-live-screenshot.sh       (uses .build/debug/trailcast, building it if needed)
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${TRAILCAST_BIN:-.build/debug/trailcast}"
[ -x "$bin" ] || swift build --product trailcast
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome)"
work="$(mktemp -d)"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --user-data-dir="$work/profile" --remote-debugging-port=0 about:blank 2>/dev/null &
browser_pid=$!
"$bin" replay gpx/sf-waterfront-walk.gpx --gps urban-canyon --seed 3 --speed 30 --serve 127.0.0.1:0 \
  --regions gpx/places/sf-regions.geojson --format jsonl --output "$work/run.jsonl" 2> "$work/stderr" &
run_pid=$!
trap 'kill $run_pid $browser_pid 2>/dev/null; rm -rf "$work"' EXIT
until [ -s "$work/profile/DevToolsActivePort" ] && grep -q "serving the live run" "$work/stderr"; do sleep 0.2; done
devtools=$(head -1 "$work/profile/DevToolsActivePort")
live=$(grep -o "http://127.0.0.1:[0-9]*" "$work/stderr" | head -1)
python3 docs/tools/capture-page.py "$devtools" "$live/" docs/live.png 20
echo "docs/live.png: $(stat -c %s docs/live.png) bytes"
