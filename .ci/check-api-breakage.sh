#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#
# The library products' API against the last release's (.ci/release): every change
# `swift package diagnose-api-breaking-changes` calls breaking must be one CHANGELOG.md says
# (listed, word for word as the tool writes it, in .ci/api-breakages-accepted.txt). A new
# breakage fails, printed.
#
# The release's API is kept in .ci/api-baseline/VERSION/ (the tool's own baseline files), so
# CI does not build the release again; `--regenerate` builds it from its commit and rewrites
# them (about ten minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(awk '$1 == "version" { print $2 }' .ci/release)
commit=$(awk '$1 == "commit" { print $2 }' .ci/release)
products=(CoreLocationSeam LocationSimulation LocationSimulationTesting LocationSimulationWeather TrailcastRun)
arguments=("$commit" --baseline-dir ".ci/api-baseline/$version" --breakage-allowlist-path .ci/api-breakages-accepted.txt
           --products "${products[@]}")
if [[ "${1:-}" == "--regenerate" ]]; then
  arguments+=(--regenerate-baseline)
fi
git cat-file -e "$commit^{commit}" 2>/dev/null || {
  echo "check-api-breakage: the release commit $commit ($version) is not in this clone's history" >&2
  exit 1
}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if swift package diagnose-api-breaking-changes "${arguments[@]}" > "$log" 2>&1; then
  echo "check-api-breakage: no change breaks the API of $version (${products[*]}) that CHANGELOG.md does not list"
else
  grep -E "API breakage|error:" "$log" >&2 || tail -n 30 "$log" >&2
  echo "check-api-breakage: the changes above break $version's API and are not in .ci/api-breakages-accepted.txt:" \
       "list each under Source-breaking in CHANGELOG.md, then in that file, or keep the old API (a deprecated renamed: shim)" >&2
  exit 1
fi
