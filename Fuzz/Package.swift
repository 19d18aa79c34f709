// swift-tools-version:5.3
// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// The fuzz targets: one libFuzzer binary per input Trailcast takes from strangers.
// Tools version 5.3 and plain targets with a main.swift on purpose: newer executable
// targets expect a `main` the fuzzer supplies itself. Build and run with `Fuzz/run`: the root
// package offers TrailcastFuzzChecks as a product only with TRAILCAST_FUZZ_CHECKS=1, which it sets.
import PackageDescription

let targets = [
    "FuzzGPXReader", "FuzzReplay", "FuzzScenario", "FuzzOpenMeteo", "FuzzForecastQuery", "FuzzNMEA", "FuzzPlaces",
    "FuzzMQTT", "FuzzRouteFormats", "FuzzTimelineReport", "FuzzRegions", "FuzzBrowserMessages", "FuzzWeatherCache",
]

let package = Package(
    name: "TrailcastFuzz",
    platforms: [.macOS("15.0")],
    dependencies: [.package(name: "Trailcast", path: "..")],
    targets: targets.map { name in
        .target(name: name, dependencies: [.product(name: "TrailcastFuzzChecks", package: "Trailcast")])
    }
)
