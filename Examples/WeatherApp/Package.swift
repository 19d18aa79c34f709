// swift-tools-version: 6.2
// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import PackageDescription

// Every package this example resolves, at the version the root package resolves on CI's
// machine, exactly: a new release of any of them changes nothing here until we change this
// list (.ci/check-pins.py, run by CI, says when it and the root disagree). None is used by a
// target directly: each only fixes the version of what Trailcast brings, which is why SwiftPM
// says of most that it "is not used by any target".
let pinned: [(url: String, version: Version)] = [
    ("https://github.com/swift-server/async-http-client", "1.37.0"),
    ("https://github.com/hummingbird-project/hummingbird", "2.28.1"),
    ("https://github.com/apple/swift-algorithms", "1.2.1"),
    ("https://github.com/apple/swift-argument-parser", "1.8.2"),
    ("https://github.com/apple/swift-asn1", "1.7.4"),
    ("https://github.com/apple/swift-async-algorithms", "1.1.4"),
    ("https://github.com/apple/swift-atomics", "1.3.0"),
    ("https://github.com/apple/swift-certificates", "1.21.1"),
    ("https://github.com/apple/swift-collections", "1.6.0"),
    ("https://github.com/apple/swift-configuration", "1.4.0"),
    ("https://github.com/apple/swift-crypto", "4.5.2"),
    ("https://github.com/apple/swift-distributed-tracing", "1.7.3"),
    ("https://github.com/apple/swift-http-structured-headers", "1.7.0"),
    ("https://github.com/apple/swift-http-types", "1.8.0"),
    ("https://github.com/apple/swift-log", "1.16.2"),
    ("https://github.com/apple/swift-metrics", "2.13.0"),
    ("https://github.com/apple/swift-nio", "2.101.3"),
    ("https://github.com/apple/swift-nio-extras", "1.35.2"),
    ("https://github.com/apple/swift-nio-http2", "1.46.0"),
    ("https://github.com/apple/swift-nio-ssl", "2.37.6"),
    ("https://github.com/apple/swift-nio-transport-services", "1.28.0"),
    ("https://github.com/apple/swift-numerics", "1.1.1"),
    ("https://github.com/apple/swift-service-context", "1.5.1"),
    ("https://github.com/swift-server/swift-service-lifecycle", "2.13.0"),
    ("https://github.com/apple/swift-system", "1.8.1"),
    ("https://github.com/swiftlang/swift-subprocess", "1.0.2"),
    ("https://github.com/jpsim/Yams", "6.2.2"),
]

// A weather app's core, written as an iOS app's would be, and its tests driven by
// Trailcast's testing library. The app's code does not depend on Trailcast; its tests do:
// WeatherAppCoreTests through the light `LocationSimulation` product only (no NIO),
// WeatherAppNetworkTests through `LocationSimulationWeather` for the app's real networking.
let package = Package(
    name: "WeatherApp",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "WeatherAppCore", targets: ["WeatherAppCore"])
    ],
    // CI builds the view model with a planted bug (`swift test --traits BrokenViewModel`)
    // to see a test catch it.
    traits: [
        .trait(name: "BrokenViewModel", description: "The view model fetches weather while location is denied.")
    ],
    dependencies: [
        .package(name: "Trailcast", path: "../..")
    ] + pinned.map { .package(url: $0.url, exact: $0.version) },
    targets: [
        // The app's code: against `LocationManaging` (CoreLocationSeam, which depends on
        // nothing), so that the same view model takes a `CLLocationManager` or the simulation's.
        .target(
            name: "WeatherAppCore",
            dependencies: [.product(name: "CoreLocationSeam", package: "Trailcast")],
            swiftSettings: [.define("BROKEN_VIEW_MODEL", .when(traits: ["BrokenViewModel"]))]),
        // The weather client over the simulation's weather model, for both test targets.
        .target(
            name: "WeatherAppTestSupport",
            dependencies: [
                "WeatherAppCore",
                .product(name: "LocationSimulation", package: "Trailcast"),
            ],
            path: "Tests/WeatherAppTestSupport"
        ),
        .testTarget(
            name: "WeatherAppCoreTests",
            dependencies: [
                "WeatherAppCore",
                "WeatherAppTestSupport",
                .product(name: "LocationSimulation", package: "Trailcast"),
            ]
        ),
        // The app's real networking against a local Open-Meteo on the simulated clock: this
        // target brings NIO and Hummingbird, the one above none.
        .testTarget(
            name: "WeatherAppNetworkTests",
            dependencies: [
                "WeatherAppCore",
                "WeatherAppTestSupport",
                .product(name: "LocationSimulationWeather", package: "Trailcast"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
