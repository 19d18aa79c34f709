#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
# Regenerates docs/report.png, the README's picture of a report: the waterfront walk with a
# noisy GPS, a trip to the background, a revocation and three monitored places, rendered
# by headless Chromium.
#
#   docs/make-screenshot.sh            (uses .build/debug/trailcast, building it if needed)
#   TRAILCAST_BIN=path docs/make-screenshot.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${TRAILCAST_BIN:-.build/debug/trailcast}"
[ -x "$bin" ] || swift build --product trailcast
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bin" replay gpx/sf-waterfront-walk.gpx --gps urban-canyon --seed 3 \
  --event 20m:app=background --event 35m:app=foreground --event 60m:authorization=denied \
  --regions gpx/places/sf-regions.geojson \
  --format jsonl --output "$work/run.jsonl" --report "$work/run.html"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --user-data-dir="$work/profile" --window-size=1040,1380 \
  --screenshot="$work/report.png" "file://$work/run.html" 2>/dev/null
cp "$work/report.png" docs/report.png
echo "docs/report.png: $(stat -c %s docs/report.png) bytes"
