// swift-tools-version: 6.2
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

/// The checks the fuzz targets in Fuzz/ run on each input (the test suite runs them on every
/// committed input through the target): a product only when `Fuzz/run` builds the fuzz
/// package, which sets TRAILCAST_FUZZ_CHECKS=1, so that it is no part of what users see or
/// can depend on. Needs `Tool` (Yams).
let fuzzChecksProduct: [Product] =
    Context.environment["TRAILCAST_FUZZ_CHECKS"] == "1"
    ? [.library(name: "TrailcastFuzzChecks", targets: ["TrailcastFuzzChecks"])] : []

/// A package product only the `Tool` trait brings: with `traits: []` the package that
/// provides it is not even resolved.
func tool(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["Tool"]))
}

// Off Apple platforms the testing libraries bring a module named CoreLocation, so that
// `import CoreLocation` typed from habit compiles there (Sources/CoreLocationStandIn says
// what it holds). The manifest is compiled for the machine that builds: a Linux machine
// builds for Linux. This package's own code tests TRAILCAST_CORELOCATION_STANDIN beside
// `canImport(CoreLocation)`, which the module makes true there.
#if canImport(Darwin)
let coreLocationStandIn: [String] = []
#else
let coreLocationStandIn = ["CoreLocation"]
#endif

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
        .library(name: "LocationSimulation", targets: ["LocationSimulation"] + coreLocationStandIn),
        // For the app itself: `LocationManaging`, the protocol `CLLocationManager` and the
        // simulated manager share, and Core Location's value types off Apple platforms.
        // Depends on nothing.
        .library(name: "CoreLocationSeam", targets: ["CoreLocationSeam"] + coreLocationStandIn),
        // The same, with a local Open-Meteo-compatible server on the simulated clock (NIO;
        // needs the `Tool` trait).
        .library(name: "LocationSimulationWeather", targets: ["LocationSimulationWeather"]),
        // The same as LocationSimulation, with expectations reported as Swift Testing issues
        // at their own line (`simulation.verify`): for test targets only, as it links Testing.
        .library(name: "LocationSimulationTesting", targets: ["LocationSimulationTesting"] + coreLocationStandIn),
        // What `trailcast replay` and `check` run, from Swift: a replay from a plan (its
        // files, feeds, weather and report), a scenario file read and checked. Needs `Tool`.
        .library(name: "TrailcastRun", targets: ["TrailcastRun", "TrailcastScenario"]),
    ] + fuzzChecksProduct,
    // What the light products do without: every use of the packages below but
    // swift-http-types (and the DocC plugin, which no target uses) is conditioned on `Tool`,
    // and SwiftPM (6.2 and later) resolves no package whose every use is conditioned on a
    // trait that is off. A package that depends on Trailcast for LocationSimulation,
    // LocationSimulationTesting or CoreLocationSeam says `traits: []` and resolves none of
    // NIO, Hummingbird, AsyncHTTPClient, swift-crypto, Yams or ArgumentParser.
    traits: [
        .trait(
            name: "Tool",
            description:
                "The trailcast command, LocationSimulationWeather and TrailcastRun, with their servers, clients and feeds (NIO, Hummingbird, AsyncHTTPClient, Yams, ArgumentParser, swift-log). On by default; off for a light testing-library dependency."
        ),
        .default(enabledTraits: ["Tool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // TLS for the fleet's MQTT (mqtts://); async-http-client already brings it.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // A server certificate's issuer and subject, to say why it was not trusted.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // `swift package generate-documentation` (the LocationSimulation DocC catalog).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // No traits: the server needs neither swift-configuration nor full Foundation.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // Starting `xcrun simctl` for --simulator. No traits: its default one brings Foundation.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2", traits: []),
    ],
    // Each module's reason to be one is in ARCHITECTURE.md's layer table ("why a module").
    targets: [
        // libxml2 where it is a system package (Debian's libxml2-dev). Apple platforms use
        // their SDK's own `libxml2` module instead: no pkg-config, no Homebrew, and it is
        // what an iOS build can see.
        .systemLibrary(name: "CTrailcastLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // C the Swift side cannot write: libxml2's generic error channel (a C variadic
        // handler) silenced, and zlib's inflateInit2 (a macro) for KMZ files.
        .target(name: "CTrailcastShims", linkerSettings: [.linkedLibrary("z")]),
        // The time zone boundaries `timezone=auto` looks a place up in: a table made by
        // .ci/make-zone-boundaries.py from timezone-boundary-builder's polygons (ODbL, see
        // NOTICE), compiled in with C23's #embed so that the tool needs no file beside it.
        .target(name: "CTrailcastZoneBoundaries", exclude: ["zone-boundaries.bin", "LICENSE-ODbL-1.0.txt"]),

        // The light core: what LocationSimulation compiles (no NIO, no Hummingbird, nothing
        // newer than iOS 17), each module a layer the compiler keeps from seeing the ones above.
        .target(name: "CoreLocationSeam"),
        .target(name: "TrailcastBasics"),
        .target(
            name: "TrailcastRoutes",
            dependencies: [
                .target(name: "CTrailcastLibXML2", condition: .when(platforms: libxml2SystemPackagePlatforms)),
                "CTrailcastShims", "TrailcastBasics",
            ], linkerSettings: [.linkedLibrary("xml2", .when(platforms: appleSDKPlatforms))]),
        .target(
            name: "TrailcastWeather",
            dependencies: [
                "CTrailcastZoneBoundaries", "TrailcastBasics", .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .target(name: "TrailcastDevice", dependencies: ["TrailcastBasics", "TrailcastRoutes"]),
        .target(name: "TrailcastCoreLocation", dependencies: ["TrailcastBasics", "TrailcastDevice"]),
        .target(
            name: "TrailcastSettings",
            dependencies: [
                "TrailcastBasics", "TrailcastCoreLocation", "TrailcastDevice", "TrailcastRoutes", "TrailcastWeather",
            ]),
        .target(
            name: "TrailcastTimeline",
            dependencies: [
                "TrailcastBasics", "TrailcastCoreLocation", "TrailcastDevice", "TrailcastSettings", "TrailcastWeather",
            ]),
        .target(
            name: "TrailcastApps",
            dependencies: [
                "TrailcastBasics", "TrailcastCoreLocation", "TrailcastDevice", "TrailcastRoutes", "TrailcastSettings",
                "TrailcastTimeline",
            ]),
        .target(
            name: "TrailcastEngine",
            dependencies: [
                "TrailcastApps", "TrailcastBasics", "TrailcastCoreLocation", "TrailcastDevice", "TrailcastRoutes",
                "TrailcastSettings", "TrailcastTimeline", "TrailcastWeather",
            ]),

        // Bytes other programs read and write, without a network stack, so that fuzzing
        // them builds none: NMEA, DevTools messages, MQTT packets, OwnTracks and OsmAnd.
        .target(name: "TrailcastWire", dependencies: ["TrailcastBasics", "TrailcastDevice"]),
        // The exports (`export --to`): the device stream as files other tools read (CSV,
        // GeoJSON, KML, TCX, Xcode's GPX), and the buffered writer they and the NMEA file feed
        // write through. No network: the exports are no feed.
        .target(name: "TrailcastExports", dependencies: ["TrailcastBasics", "TrailcastDevice", "TrailcastWire"]),
        // Scenario files (Yams), fuzzed without a network stack.
        .target(
            name: "TrailcastScenario",
            dependencies: [
                "TrailcastBasics", "TrailcastSettings", "TrailcastTimeline", tool("Yams", "Yams"),
            ]),

        // What brings the network (the `Tool` trait).
        .target(
            name: "TrailcastFeeds",
            dependencies: [
                "TrailcastBasics", "TrailcastCoreLocation", "TrailcastDevice", "TrailcastExports", "TrailcastWire",
                tool("AsyncHTTPClient", "async-http-client"),
                tool("NIOCore", "swift-nio"), tool("NIOHTTP1", "swift-nio"), tool("NIOPosix", "swift-nio"),
                tool("NIOSSL", "swift-nio-ssl"), tool("NIOTLS", "swift-nio"), tool("NIOWebSocket", "swift-nio"),
                tool("X509", "swift-certificates"), tool("SwiftASN1", "swift-asn1"),
                // Its manifest offers it on macOS and Linux only (iOS "99.0").
                .product(
                    name: "Subprocess", package: "swift-subprocess",
                    condition: .when(platforms: [.macOS, .linux], traits: ["Tool"])),
            ]),
        // The report's pages, drawn from a timeline: they never see how a run is stepped.
        .target(
            name: "TrailcastReport",
            dependencies: ["TrailcastBasics", "TrailcastCoreLocation", "TrailcastDevice", "TrailcastTimeline"]),
        // The live page's server (`--serve`): it steers a run through the engine's ReplayControl.
        .target(
            name: "TrailcastLive",
            dependencies: [
                "TrailcastBasics", "TrailcastDevice", "TrailcastEngine", "TrailcastReport", "TrailcastSettings",
                "TrailcastTimeline", .product(name: "HTTPTypes", package: "swift-http-types"),
                tool("Hummingbird", "hummingbird"), tool("Logging", "swift-log"), tool("NIOCore", "swift-nio"),
                tool("ServiceLifecycle", "swift-service-lifecycle"),
            ]),
        .target(
            name: "TrailcastOpenMeteo",
            dependencies: [
                "TrailcastBasics", "TrailcastWeather", tool("AsyncHTTPClient", "async-http-client"),
                tool("NIOCore", "swift-nio"), tool("NIOHTTP1", "swift-nio"), tool("NIOPosix", "swift-nio"),
            ]),
        .target(
            name: "TrailcastWeatherServer",
            dependencies: [
                "TrailcastBasics", "TrailcastWeather", tool("Hummingbird", "hummingbird"), tool("Logging", "swift-log"),
                tool("NIOCore", "swift-nio"), tool("ServiceLifecycle", "swift-service-lifecycle"),
                tool("UnixSignals", "swift-service-lifecycle"),
            ]),
        .target(
            name: "TrailcastRun",
            dependencies: [
                "TrailcastApps", "TrailcastBasics", "TrailcastDevice", "TrailcastEngine",
                "TrailcastFeeds", "TrailcastLive", "TrailcastRoutes", "TrailcastOpenMeteo", "TrailcastReport",
                "TrailcastScenario", "TrailcastSettings", "TrailcastTimeline", "TrailcastWeather",
                "TrailcastWeatherServer", "TrailcastWire",
                tool("Logging", "swift-log"),
            ]),

        // The products' own modules.
        .target(
            name: "LocationSimulation",
            dependencies: [
                "CoreLocationSeam", "TrailcastApps", "TrailcastBasics", "TrailcastCoreLocation", "TrailcastDevice",
                "TrailcastEngine", "TrailcastRoutes", "TrailcastSettings", "TrailcastTimeline", "TrailcastWeather",
            ], resources: [.copy("SampleRoutes")]),  // `SampleRoute`; gpx/ links to them
        .target(name: "LocationSimulationTesting", dependencies: ["LocationSimulation"]),
        .target(
            name: "LocationSimulationWeather",
            dependencies: [
                "LocationSimulation", "TrailcastWeather", "TrailcastWeatherServer",
            ]),
        .target(
            name: "TrailcastFuzzChecks",
            dependencies: [
                "TrailcastApps", "TrailcastBasics", "TrailcastDevice", "TrailcastEngine", "TrailcastReport",
                "TrailcastRoutes", "TrailcastScenario", "TrailcastSettings", "TrailcastTimeline", "TrailcastWeather",
                "TrailcastWire",
            ]),
        .executableTarget(
            name: "trailcast",
            dependencies: [
                "TrailcastBasics", "TrailcastCoreLocation", "TrailcastDevice", "TrailcastEngine", "TrailcastExports",
                "TrailcastFeeds",
                "TrailcastRoutes", "TrailcastOpenMeteo", "TrailcastReport", "TrailcastRun", "TrailcastScenario",
                "TrailcastSettings", "TrailcastTimeline", "TrailcastWeather", "TrailcastWeatherServer", "TrailcastWire",
                tool("ArgumentParser", "swift-argument-parser"), tool("Logging", "swift-log"),
            ]),

        // Tests: a target per area, and the end-to-end tests of the built binary.
        .testTarget(name: "TrailcastBasicsTests", dependencies: ["TrailcastBasics"]),
        .testTarget(name: "JSONOutputTests", dependencies: ["TrailcastBasics"]),
        .testTarget(name: "RouteReaderTests", dependencies: ["TrailcastBasics", "TrailcastRoutes"]),
        .testTarget(name: "WeatherTests", dependencies: ["TrailcastBasics", "TrailcastWeather"]),
        .testTarget(name: "DeviceTests", dependencies: ["TrailcastBasics", "TrailcastDevice", "TrailcastRoutes"]),
        .testTarget(name: "PlacesTests", dependencies: ["TrailcastApps", "TrailcastBasics"]),
        .testTarget(
            name: "TimelineTests",
            dependencies: [
                "TrailcastApps", "TrailcastBasics", "TrailcastCoreLocation", "TrailcastDevice", "TrailcastSettings",
                "TrailcastTimeline", "TrailcastWeather",
            ]),
        .testTarget(
            name: "LocationReplayTests",
            dependencies: [
                "TrailcastApps", "TrailcastBasics", "TrailcastCoreLocation", "TrailcastDevice", "TrailcastEngine",
                "TrailcastRoutes", "TrailcastSettings", "TrailcastTimeline", "TrailcastWeather",
                tool("Clocks", "swift-clocks"),
            ]),
        .testTarget(name: "MQTTTests", dependencies: ["TrailcastWire"]),
        .testTarget(
            name: "FeedsTests",
            dependencies: [
                "TrailcastBasics", "TrailcastDevice", "TrailcastFeeds", "TrailcastWire", tool("NIOCore", "swift-nio"),
                tool("NIOEmbedded", "swift-nio"), tool("NIOWebSocket", "swift-nio"),
            ]),
        .testTarget(
            name: "FleetTests",
            dependencies: [
                "TrailcastBasics", "TrailcastCoreLocation", "TrailcastDevice", "TrailcastEngine", "TrailcastFeeds",
                "TrailcastSettings", "TrailcastWire",
            ]),
        .testTarget(
            name: "ReportTests",
            dependencies: [
                "TrailcastBasics", "TrailcastCoreLocation", "TrailcastDevice", "TrailcastReport", "TrailcastSettings",
                "TrailcastTimeline", "TrailcastWeather",
            ]),
        .testTarget(
            name: "LiveStreamTests",
            dependencies: [
                "TrailcastBasics", "TrailcastDevice", "TrailcastEngine", "TrailcastLive", "TrailcastTimeline",
                tool("AsyncHTTPClient", "async-http-client"), tool("NIOCore", "swift-nio"),
                tool("NIOHTTP1", "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(
            name: "OpenMeteoTests",
            dependencies: [
                "TrailcastBasics", "TrailcastOpenMeteo", "TrailcastWeather", "TrailcastWeatherServer",
                tool("Logging", "swift-log"), tool("AsyncHTTPClient", "async-http-client"),
                tool("NIOCore", "swift-nio"),
            ]),
        .testTarget(
            name: "WeatherCacheTests", dependencies: ["TrailcastBasics", "TrailcastOpenMeteo", "TrailcastWeather"]),
        .testTarget(
            name: "WeatherServerTests",
            dependencies: [
                "TrailcastBasics", "TrailcastWeather", "TrailcastWeatherServer",
                tool("AsyncHTTPClient", "async-http-client"), tool("Clocks", "swift-clocks"),
                tool("Logging", "swift-log"), tool("NIOCore", "swift-nio"), tool("NIOHTTP1", "swift-nio"),
            ]),
        .testTarget(
            name: "ScenarioTests",
            dependencies: [
                "TrailcastApps", "TrailcastBasics", "TrailcastCoreLocation", "TrailcastDevice", "TrailcastRun",
                "TrailcastScenario", "TrailcastSettings", "TrailcastTimeline", "TrailcastWeather",
            ]),
        .testTarget(
            name: "TrailcastRunTests",
            dependencies: [
                "TrailcastBasics", "TrailcastEngine", "TrailcastFeeds", "TrailcastRun", "TrailcastSettings",
                "TrailcastTimeline",
            ]),
        .testTarget(
            name: "LocationSimulationTests",
            dependencies: [
                "CoreLocationSeam", "LocationSimulation", "LocationSimulationTesting", "TrailcastBasics",
                "TrailcastCoreLocation", "TrailcastEngine", "TrailcastRoutes",
                "TrailcastSettings", "TrailcastTimeline",
            ]),
        .testTarget(
            name: "LocationSimulationWeatherTests",
            dependencies: [
                "LocationSimulation", "LocationSimulationWeather", "TrailcastBasics", "TrailcastRoutes",
                "TrailcastScenario",
                tool("AsyncHTTPClient", "async-http-client"), tool("NIOCore", "swift-nio"),
                tool("NIOHTTP1", "swift-nio"),
            ]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["TrailcastFuzzChecks"]),
        .testTarget(
            name: "TrailcastEndToEndTests",
            dependencies: [
                "TrailcastBasics", "TrailcastDevice", "TrailcastFeeds", "TrailcastLive", "TrailcastRoutes",
                "TrailcastSettings", "TrailcastTimeline", "TrailcastWire",
                tool("AsyncHTTPClient", "async-http-client"), tool("NIOCore", "swift-nio"),
                tool("NIOHTTP1", "swift-nio"),
                tool("NIOPosix", "swift-nio"), tool("NIOWebSocket", "swift-nio"),
            ]),
    ],
    swiftLanguageModes: [.v6],
    // C23 for #embed (CTrailcastZoneBoundaries); the other C targets are plain C as well.
    cLanguageStandard: .c2x
)

if !coreLocationStandIn.isEmpty {
    package.targets.append(
        .target(name: "CoreLocation", dependencies: ["CoreLocationSeam"], path: "Sources/CoreLocationStandIn"))
}

// The upcoming language rules, for every target: an import is internal unless it says `public`
// (so a module re-exports only what it means to), a member is visible only from a module
// the file imports itself, and an existential is spelled `any P`.
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("ExistentialAny"),
        ] + (coreLocationStandIn.isEmpty ? [] : [.define("TRAILCAST_CORELOCATION_STANDIN")])
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
