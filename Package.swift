// swift-tools-version: 6.1
//===----------------------------------------------------------------------===//
//
// This source file is part of Trailcast.
// Copyright 2026 the Trailcast authors.
// Licensed under the Apache License, Version 2.0: see LICENSE and NOTICE.
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
import PackageDescription

// Where libxml2 is a system package found with pkg-config, and where the SDK has it.
let libxml2SystemPackagePlatforms: [Platform] = [.linux, .android, .windows, .openbsd, .wasi]
let appleSDKPlatforms: [Platform] = [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS]

let package = Package(
    name: "Trailcast",
    // macOS 15 for the command-line tool (Synchronization's Mutex and Atomic in its server
    // and cache). The libraries an app and its tests use (CoreLocationSeam, LocationSimulation,
    // LocationSimulationTesting) use nothing newer than iOS 17, watchOS 10 and visionOS 1:
    // CI checks their sources for Synchronization (.ci/check-layers.py); no Apple toolchain
    // has compiled them (README, "Apple platforms").
    platforms: [.macOS(.v15), .iOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        // Needs the `Tool` trait (on by default).
        .executable(name: "trailcast", targets: ["trailcast"]),
        // The testing library. Light: the GPX reader, the device, the location service and
        // the weather model only.
        .library(name: "LocationSimulation", targets: ["LocationSimulation"]),
        // For the app itself: `LocationManaging`, the protocol `CLLocationManager` and the
        // simulated manager share, and Core Location's value types off Apple platforms.
        // Depends on nothing.
        .library(name: "CoreLocationSeam", targets: ["CoreLocationSeam"]),
        // The same, with a local Open-Meteo-compatible server on the simulated clock (NIO;
        // needs the `Tool` trait).
        .library(name: "LocationSimulationWeather", targets: ["LocationSimulationWeather"]),
        // The same as LocationSimulation, with expectations reported as Swift Testing issues
        // at their own line (`simulation.verify`): for test targets only, as it links Testing.
        .library(name: "LocationSimulationTesting", targets: ["LocationSimulationTesting"]),
        // What `trailcast replay` and `check` run, from Swift: a replay from a plan (its
        // files, feeds, weather and report), a scenario file read and checked. Needs `Tool`.
        .library(name: "TrailcastRun", targets: ["TrailcastRun", "TrailcastScenario"]),
        // The checks the fuzz targets in Fuzz/ run on each input (and the test suite on
        // every committed input); not an API for users. Needs `Tool` (Yams).
        .library(name: "TrailcastFuzzChecks", targets: ["TrailcastFuzzChecks"]),
    ],
    // What the light products do without: every use of the packages below but
    // swift-http-types (and the DocC plugin, which no target uses) is conditioned on `Tool`,
    // and SwiftPM (6.2 and later) resolves no package whose every use is conditioned on a
    // trait that is off. A package that depends on Trailcast for LocationSimulation,
    // LocationSimulationTesting or CoreLocationSeam says `traits: []` and resolves none of
    // NIO, Hummingbird, AsyncHTTPClient, swift-crypto, Yams or ArgumentParser.
    traits: [
        .trait(
            name: "Tool",
            description: "The trailcast command, LocationSimulationWeather and TrailcastRun, with their servers, clients and feeds (NIO, Hummingbird, AsyncHTTPClient, Yams, ArgumentParser, swift-log). On by default; off for a light testing-library dependency."
        ),
        .default(enabledTraits: ["Tool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // `swift package generate-documentation` (the LocationSimulation DocC catalog).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // No traits: the server needs neither swift-configuration nor full Foundation.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    ],
    targets: [
        // libxml2 where it is a system package (Debian's libxml2-dev). Apple platforms use
        // their SDK's own `libxml2` module instead: no pkg-config, no Homebrew, and it is
        // what an iOS build can see.
        .systemLibrary(
            name: "CTrailcastLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // Silencing libxml2's generic error channel, whose handler is C variadic.
        .target(name: "CTrailcastXMLErrors"),
        // zlib's raw inflate and CRC-32, for KMZ files (zip archives of KML).
        .target(name: "CTrailcastZlib", linkerSettings: [.linkedLibrary("z")]),
        // What every layer may use: time and the UTC calendar, ISO 8601, great-circle distance,
        // seeded randomness, a lock the sanitizers see.
        .target(name: "TrailcastBasics"),
        // The seam between an app's location code and Core Location: `LocationManaging`.
        .target(name: "CoreLocationSeam"),
        .target(name: "TrailcastJSON"),
        // Core Location's rules for one app: authorization, prompts, accuracy, which fixes
        // reach the app and why not.
        .target(name: "TrailcastCoreLocation",
            dependencies: [
                "TrailcastBasics",
                "TrailcastDevice",
            ]
        ),
        // What shapes a run: the settings the `start` event records and the scheduled events.
        .target(name: "TrailcastSettings",
            dependencies: [
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastGPX",
                "TrailcastJSON",
                "TrailcastOpenMeteoAPI",
                "TrailcastWeather",
                "TrailcastWeatherEndpoints",
            ]
        ),
        // The model apps in the simulated phone (weather, places) behind one protocol.
        .target(name: "TrailcastApps",
            dependencies: [
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastPlaces",
                "TrailcastSettings",
                "TrailcastTimeline",
            ]
        ),
        .target(name: "TrailcastWeather", dependencies: [
                "TrailcastBasics",
            ]),
        // Open-Meteo's wire format without a network: the request URL for a query, the JSON
        // answer and error body read. Light, so that fuzzing it builds no HTTP stack.
        .target(name: "TrailcastOpenMeteoAPI",
            dependencies: [
                "TrailcastBasics",
                "TrailcastJSON",
                "TrailcastWeather",
            ]
        ),
        // serve-weather's answers without HTTP: queries read, documents written, faults drawn.
        .target(name: "TrailcastWeatherEndpoints", dependencies: [
                "TrailcastBasics",
                "TrailcastJSON",
                "TrailcastWeather",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        // NMEA 0183 sentences for a fix, as every NMEA feed writes them.
        .target(name: "TrailcastNMEA",
            dependencies: [
                "TrailcastBasics",
                "TrailcastDevice",
            ]
        ),
        // The Chrome DevTools Protocol messages the browser feed sends and reads (no network).
        .target(name: "TrailcastDevTools",
            dependencies: [
                "TrailcastDevice",
                "TrailcastJSON",
            ]
        ),
        // MQTT 3.1.1 packets as bytes, for the fleet's publisher and subscriber (no network).
        .target(name: "TrailcastMQTT"),
        // An MQTT 3.1.1 client connection on SwiftNIO (publish, subscribe, keep-alive).
        .target(name: "TrailcastMQTTClient",
            dependencies: [
                "TrailcastMQTT",
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Tool"])),
            ]
        ),
        // Where a fleet's messages go: MQTT publishing with reconnects, delivery counts,
        // latency histograms, the --verify subscriber.
        .target(name: "TrailcastFleetBackends",
            dependencies: [
                "TrailcastBasics",
                "TrailcastMQTT",
                "TrailcastMQTTClient",
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Tool"])),
            ]
        ),
        // What tracking backends read: OwnTracks location messages, Traccar's OsmAnd query.
        .target(name: "TrailcastTracking",
            dependencies: [
                "TrailcastBasics",
                "TrailcastDevice",
                "TrailcastJSON",
            ]
        ),
        // Many phones stepped in time order: shared routes, receivers, Core Location's rules
        // for a tracking app, fleet-wide events on seeded shares, shards.
        .target(name: "TrailcastFleet",
            dependencies: [
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastEngine",
                "TrailcastGPX",
                "TrailcastSettings",
            ]
        ),
        // Runs wired from settings: a scenario's run, the weather connection a run uses.
        .target(name: "TrailcastRun", dependencies: [
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastDevTools",
                "TrailcastEngine",
                "TrailcastFeeds",
                "TrailcastFleet",
                "TrailcastFleetBackends",
                "TrailcastGPX",
                "TrailcastJSON",
                "TrailcastLiveStream",
                "TrailcastMQTTClient",
                "TrailcastOpenMeteo",
                "TrailcastPlaces",
                "TrailcastReport",
                "TrailcastScenario",
                "TrailcastSettings",
                "TrailcastTimeline",
                "TrailcastTracking",
                "TrailcastWeather",
                "TrailcastWeatherCache",
                "TrailcastWeatherServer",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Tool"])),
            ]),
        .target(
            name: "TrailcastOpenMeteo",
            dependencies: [
                "TrailcastBasics",
                "TrailcastOpenMeteoAPI",
                "TrailcastWeather",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Tool"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Tool"])),
            ]
        ),
        .target(
            name: "TrailcastWeatherServer",
            dependencies: [
                "TrailcastBasics",
                "TrailcastWeather",
                "TrailcastWeatherEndpoints",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Tool"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Tool"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Tool"])),
                .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: .when(traits: ["Tool"])),
            ]
        ),
        .target(
            name: "TrailcastGPX",
            dependencies: [
                .target(name: "CTrailcastLibXML2", condition: .when(platforms: libxml2SystemPackagePlatforms)),
                "CTrailcastXMLErrors",
                "CTrailcastZlib",
                "TrailcastBasics",
                "TrailcastJSON",
            ],
            linkerSettings: [.linkedLibrary("xml2", .when(platforms: appleSDKPlatforms))]
        ),
        .target(
            name: "TrailcastDevice",
            dependencies: [
                "TrailcastBasics",
                "TrailcastGPX",
            ]
        ),
        .target(
            name: "TrailcastPlaces",
            dependencies: [
                "TrailcastBasics",
                "TrailcastGPX",
            ]
        ),
        .target(
            name: "TrailcastEngine",
            dependencies: [
                "TrailcastApps",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastGPX",
                "TrailcastPlaces",
                "TrailcastSettings",
                "TrailcastTimeline",
                "TrailcastWeather",
            ]
        ),
        .target(
            name: "TrailcastFeeds",
            dependencies: [
                "TrailcastBasics",
                "TrailcastDevice",
                "TrailcastDevTools",
                "TrailcastNMEA",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Tool"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(traits: ["Tool"])),
            ]
        ),
        .target(
            name: "LocationSimulation",
            dependencies: [
                "CoreLocationSeam",
                "TrailcastApps",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastEngine",
                "TrailcastExpectations",
                "TrailcastGPX",
                "TrailcastSettings",
                "TrailcastTimeline",
                "TrailcastWeather",
            ],
            // The sample routes tests can use (`SampleRoute`); gpx/ links to them.
            resources: [.copy("SampleRoutes")]
        ),
        .target(
            name: "LocationSimulationTesting",
            dependencies: [
                "LocationSimulation",
            ]
        ),
        .target(
            name: "LocationSimulationWeather",
            dependencies: [
                "LocationSimulation",
                "TrailcastWeatherEndpoints",
                "TrailcastWeatherServer",
            ]
        ),
        .target(
            name: "TrailcastLiveStream",
            dependencies: [
                "TrailcastBasics",
                "TrailcastDevice",
                "TrailcastEngine",
                "TrailcastJSON",
                "TrailcastReport",
                "TrailcastSettings",
                "TrailcastTimeline",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Tool"])),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Tool"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Tool"])),
            ]
        ),
        .target(
            name: "TrailcastTimeline",
            dependencies: [
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastJSON",
                "TrailcastSettings",
                "TrailcastWeather",
            ]
        ),
        .target(
            name: "TrailcastExpectations",
            dependencies: [
                "TrailcastBasics",
                "TrailcastTimeline",
            ]
        ),
        .target(
            name: "TrailcastWeatherCache",
            dependencies: [
                "TrailcastBasics",
                "TrailcastWeather",
            ]
        ),
        .target(
            name: "TrailcastReport",
            dependencies: [
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastJSON",
                "TrailcastTimeline",
            ]
        ),
        .target(
            name: "TrailcastScenario",
            dependencies: [
                "TrailcastBasics",
                "TrailcastExpectations",
                "TrailcastSettings",
                "TrailcastTimeline",
                .product(name: "Yams", package: "Yams", condition: .when(traits: ["Tool"])),
            ]
        ),
        .target(
            name: "TrailcastFuzzChecks",
            dependencies: [
                "TrailcastBasics",
                "TrailcastDevice",
                "TrailcastEngine",
                "TrailcastGPX",
                "TrailcastMQTT",
                "TrailcastNMEA",
                "TrailcastOpenMeteoAPI",
                "TrailcastPlaces",
                "TrailcastScenario",
                "TrailcastSettings",
                "TrailcastTimeline",
                "TrailcastWeather",
                "TrailcastWeatherEndpoints",
            ]
        ),
        .executableTarget(
            name: "trailcast",
            dependencies: [
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastEngine",
                "TrailcastFeeds",
                "TrailcastFleet",
                "TrailcastFleetBackends",
                "TrailcastMQTT",
                "TrailcastGPX",
                "TrailcastReport",
                "TrailcastRun",
                "TrailcastScenario",
                "TrailcastSettings",
                "TrailcastTimeline",
                "TrailcastWeather",
                "TrailcastWeatherCache",
                "TrailcastWeatherEndpoints",
                "TrailcastWeatherServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tool"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Tool"])),
            ]
        ),
        .testTarget(
            name: "TrailcastRunTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastRun",
                "TrailcastSettings",
                "TrailcastTimeline",
            ]
        ),
        .testTarget(
            name: "FleetTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastFleet",
                "TrailcastFleetBackends",
                "TrailcastMQTT",
                "TrailcastSettings",
                "TrailcastTracking",
            ]
        ),
        .testTarget(
            name: "MQTTTests",
            dependencies: [
                "TrailcastMQTT",
            ]
        ),
        .testTarget(
            name: "TrailcastBasicsTests",
            dependencies: [
                "TrailcastBasics",
            ]
        ),
        .testTarget(
            name: "GPXReaderTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastGPX",
            ]
        ),
        .testTarget(
            name: "DeviceTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastDevice",
                "TrailcastGPX",
            ]
        ),
        .testTarget(
            name: "LocationReplayTests",
            dependencies: [
                "TrailcastApps",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastEngine",
                "TrailcastGPX",
                "TrailcastPlaces",
                "TrailcastSettings",
                "TrailcastTimeline",
                "TrailcastWeather",
                .product(name: "Clocks", package: "swift-clocks", condition: .when(traits: ["Tool"])),
            ]
        ),
        .testTarget(
            name: "FeedsTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastDevice",
                "TrailcastNMEA",
            ]
        ),
        .testTarget(
            name: "LocationSimulationTests",
            dependencies: [
                "LocationSimulation",
                "LocationSimulationTesting",
                "TrailcastBasics",
                "TrailcastEngine",
                "TrailcastGPX",
                "TrailcastSettings",
                "TrailcastTimeline",
            ]
        ),
        .testTarget(
            name: "LocationSimulationWeatherTests",
            dependencies: [
                "LocationSimulation",
                "LocationSimulationWeather",
                "TrailcastBasics",
                "TrailcastGPX",
                "TrailcastScenario",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Tool"])),
            ]
        ),
        .testTarget(
            name: "LiveStreamTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastDevice",
                "TrailcastEngine",
                "TrailcastLiveStream",
                "TrailcastTimeline",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Tool"])),
            ]
        ),
        .testTarget(
            name: "TimelineTests",
            dependencies: [
                "TrailcastApps",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastSettings",
                "TrailcastTimeline",
                "TrailcastWeather",
            ]
        ),
        .testTarget(
            name: "WeatherTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastWeather",
            ]
        ),
        .testTarget(
            name: "OpenMeteoTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastOpenMeteo",
                "TrailcastOpenMeteoAPI",
                "TrailcastWeather",
                "TrailcastWeatherEndpoints",
                "TrailcastWeatherServer",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Tool"])),
            ]
        ),
        .testTarget(
            name: "WeatherServerTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastWeather",
                "TrailcastWeatherEndpoints",
                "TrailcastWeatherServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Tool"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Tool"])),
            ]
        ),
        .testTarget(
            name: "WeatherCacheTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastWeather",
                "TrailcastWeatherCache",
            ]
        ),
        .testTarget(
            name: "PlacesTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastPlaces",
            ]
        ),
        .testTarget(
            name: "ReportTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastReport",
                "TrailcastSettings",
                "TrailcastTimeline",
                "TrailcastWeather",
            ]
        ),
        .testTarget(
            name: "ScenarioTests",
            dependencies: [
                "TrailcastApps",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastDevice",
                "TrailcastJSON",
                "TrailcastRun",
                "TrailcastScenario",
                "TrailcastSettings",
                "TrailcastTimeline",
                "TrailcastWeather",
                "TrailcastWeatherEndpoints",
            ]
        ),
        .testTarget(
            name: "FuzzRegressionTests",
            dependencies: [
                "TrailcastFuzzChecks",
            ]
        ),
        .testTarget(
            name: "JSONOutputTests",
            dependencies: [
                "TrailcastJSON",
            ]
        ),
        .testTarget(
            name: "TrailcastEndToEndTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastDevTools",
                "TrailcastFeeds",
                "TrailcastJSON",
                "TrailcastLiveStream",
                "TrailcastMQTT",
                "TrailcastMQTTClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Tool"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Tool"])),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(traits: ["Tool"])),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The upcoming language rules, for every target: an import is internal unless it says `public`
// (so a module re-exports only what it means to), a member is visible only from a module
// the file imports itself, and an existential is spelled `any P`.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}

// CI's AddressSanitizer step (.ci/run) instruments this package's own code, not its
// dependencies': their debug builds are reused from the step before, which saves CI a
// full rebuild of NIO, BoringSSL and Hummingbird. The allocator and the leak checker are
// still the whole process's. Only when asked: a package with unsafe flags cannot be a
// dependency, and users depend on this one.
if let sanitizer = Context.environment["TRAILCAST_SANITIZE_OWN_CODE"], sanitizer == "address" {
    for target in package.targets where target.type != .system {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
    }
}
