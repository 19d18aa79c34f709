#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
# The time of one `timezone=auto` lookup (ZoneBoundaries over the compiled-in table), in a
# release build of the reader alone: 2,500 points (Tests/Fixtures/weather/zone-points.txt)
# looked up 400 times, three runs. Also the size the table adds to a binary.
#
#   bash bench/zone-lookup.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/CTrailcastZoneBoundaries" "$work/Sources/ZoneLookupBench"
cp -r "$root/Sources/CTrailcastZoneBoundaries/." "$work/Sources/CTrailcastZoneBoundaries/"
cp "$root/Sources/TrailcastWeather/TimeZones/ZoneBoundaries.swift" "$work/Sources/ZoneLookupBench/"
cat > "$work/Package.swift" <<'SWIFT'
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "ZoneLookupBench",
    targets: [
        .target(name: "CTrailcastZoneBoundaries", exclude: ["zone-boundaries.bin"]),
        .executableTarget(name: "ZoneLookupBench", dependencies: ["CTrailcastZoneBoundaries"]),
    ],
    swiftLanguageModes: [.v6],
    cLanguageStandard: .c2x
)
SWIFT
cat > "$work/Sources/ZoneLookupBench/main.swift" <<'SWIFT'
import Foundation
let points = try! String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8).split(separator: "\n").map { line in
    let fields = line.split(separator: " ")
    return (Double(fields[0])!, Double(fields[1])!)
}
let table = ZoneBoundaries.compiledIn!
var sink = 0
let rounds = 400
let start = ContinuousClock.now
for _ in 0..<rounds { for (latitude, longitude) in points { sink &+= table.zone(latitude: latitude, longitude: longitude)?.utf8.count ?? 0 } }
let elapsed = start.duration(to: .now)
let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
print("\(rounds * points.count) lookups, \(Int((nanoseconds / Double(rounds * points.count)).rounded())) ns each (checksum \(sink))")
SWIFT
(cd "$work" && swift build -c release >/dev/null)
for _ in 1 2 3; do "$work/.build/release/ZoneLookupBench" "$root/Tests/Fixtures/weather/zone-points.txt"; done
echo "table: $(stat -c %s "$root/Sources/CTrailcastZoneBoundaries/zone-boundaries.bin") bytes in the binary's read-only data"
