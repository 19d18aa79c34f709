#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
# What depending on the testing library costs a new package: the packages SwiftPM resolves
# (and their size) and the seconds from nothing to the first green test, by path and by
# URL (a local git URL, file://), for two revisions of Trailcast: BEFORE (depended on as
# it was, no traits) and AFTER (with `traits: []`, as the docs say).
#
#   bench/dependency-weight.sh BEFORE [AFTER]     (AFTER: HEAD)
#
# The probe package has one Swift Testing test using only API both revisions have. Package
# clones come from SwiftPM's shared cache on this machine (no network), so the seconds
# measure resolving and building, not downloading; the sizes are those of the checkouts.
# Never run it beside another Swift build (two cores).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
before=$1
after=${2:-HEAD}
work=$(mktemp -d /tmp/trailcast-dependency-weight.XXXXXX)
trap 'rm -rf "$work"' EXIT

probe() { # folder, dependency line, package name for the product
  mkdir -p "$1/Tests/ProbeTests"
  cat > "$1/Package.swift" <<EOF
// swift-tools-version: 6.2
import PackageDescription
let package = Package(name: "Probe", platforms: [.macOS(.v15)],
  dependencies: [$2],
  targets: [.testTarget(name: "ProbeTests", dependencies: [.product(name: "LocationSimulation", package: "$3")])])
EOF
  cat > "$1/Tests/ProbeTests/ProbeTests.swift" <<'EOF'
import LocationSimulation
import Testing

@Test func deniedAtThePrompt() throws {
    let start = Timestamp(secondsSince1970: 1_781_366_400)
    let points = (0..<60).map { RoutePoint(latitude: 47 + Double($0) * 0.0001, longitude: 8, time: start.adding(seconds: Double($0))) }
    let simulation = try Simulation(route: .points(points), user: .init(promptAnswer: .deny))
    let manager = SimulatedLocationManager(simulation: simulation)
    manager.requestWhenInUseAuthorization()
    try simulation.advance(by: 30)
    #expect(manager.authorizationStatus == .denied)
}
EOF
}

measure() { # label, folder
  local start end
  start=$(date +%s.%N)
  (cd "$2" && swift package resolve > resolve.log 2>&1)
  end=$(date +%s.%N)
  local resolved=$(ls "$2/.build/checkouts" 2>/dev/null | wc -l)
  local size=$(du -sh "$2/.build/checkouts" 2>/dev/null | cut -f1)
  (cd "$2" && swift test > test.log 2>&1) || { tail -20 "$2/test.log"; echo "bench: $1: the test failed" >&2; exit 1; }
  local green=$(date +%s.%N)
  python3 -c "import sys; a = sys.argv; print(f'| {a[1]} | {a[2]} | {a[3]} | {float(a[5]) - float(a[4]):.1f} | {float(a[6]) - float(a[4]):.0f} |')" \
    "$1" "$resolved" "${size:-0}" "$start" "$end" "$green"
}

for revision in before after; do
  rev=$([ $revision = before ] && echo "$before" || echo "$after")
  git clone -q "$repo" "$work/$revision/trailcast"
  (cd "$work/$revision/trailcast" && git checkout -q -B main "$rev")
done

echo "| dependency | packages resolved | their size | resolve s | first green test s |"
echo "| --- | ---: | ---: | ---: | ---: |"
probe "$work/path-before" ".package(name: \"Trailcast\", path: \"$work/before/trailcast\")" Trailcast
measure "path, $(git -C "$repo" rev-parse --short "$before")" "$work/path-before"
probe "$work/path-after" ".package(name: \"Trailcast\", path: \"$work/after/trailcast\", traits: [])" Trailcast
measure "path, traits: [], $(git -C "$repo" rev-parse --short "$after")" "$work/path-after"
probe "$work/url-before" ".package(url: \"file://$work/before/trailcast\", branch: \"main\")" trailcast
measure "URL, $(git -C "$repo" rev-parse --short "$before")" "$work/url-before"
probe "$work/url-after" ".package(url: \"file://$work/after/trailcast\", branch: \"main\", traits: [])" trailcast
measure "URL, traits: [], $(git -C "$repo" rev-parse --short "$after")" "$work/url-after"
