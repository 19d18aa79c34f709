// swift-tools-version:5.3
// The fuzz targets: one libFuzzer binary per input Trailcast takes from strangers.
// Tools version 5.3 and plain targets with a main.swift on purpose: newer executable
// targets expect a `main` the fuzzer supplies itself. Build and run with `Fuzz/run`.
import PackageDescription

let targets = [
    "FuzzGPXReader", "FuzzReplay", "FuzzScenario", "FuzzOpenMeteo", "FuzzForecastQuery", "FuzzNMEA", "FuzzPlaces",
    "FuzzMQTT", "FuzzRouteFormats",
]

let package = Package(
    name: "TrailcastFuzz",
    platforms: [.macOS("15.0")],
    dependencies: [.package(name: "Trailcast", path: "..")],
    targets: targets.map { name in
        .target(name: name, dependencies: [.product(name: "TrailcastFuzzChecks", package: "Trailcast")])
    }
)
