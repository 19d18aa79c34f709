// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Trailcast",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "trailcast", targets: ["trailcast"]),
        // The testing library. Light: the GPX reader, the device, the location service and
        // the weather model only.
        .library(name: "LocationSimulation", targets: ["LocationSimulation"]),
        // The same, with a local Open-Meteo-compatible server on the simulated clock (NIO).
        .library(name: "LocationSimulationWeather", targets: ["LocationSimulationWeather"]),
        // What `trailcast replay` and `check` run, from Swift: a replay from a plan (its
        // files, feeds, weather and report), a scenario file read and checked.
        .library(name: "TrailcastRun", targets: ["TrailcastRun", "TrailcastScenario"]),
        // The checks the fuzz targets in Fuzz/ run on each input (and the test suite on
        // every committed input); not an API for users.
        .library(name: "TrailcastFuzzChecks", targets: ["TrailcastFuzzChecks"]),
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
        .systemLibrary(
            name: "CTrailcastLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // What every layer may use: time and the UTC calendar, ISO 8601, great-circle distance,
        // seeded randomness, a lock the sanitizers see.
        .target(name: "TrailcastBasics"),
        .target(name: "TrailcastJSON"),
        // Core Location's rules for one app: authorization, prompts, accuracy, which fixes
        // reach the app and why not.
        .target(name: "TrailcastCoreLocation",
            dependencies: [
                "TrailcastDevice",
                "TrailcastBasics",
            ]
        ),
        // What shapes a run: the settings the `start` event records and the scheduled events.
        .target(name: "TrailcastSettings",
            dependencies: [
                "TrailcastDevice",
                "TrailcastGPX",
                "TrailcastOpenMeteoAPI",
                "TrailcastCoreLocation",
                "TrailcastWeather",
                "TrailcastWeatherEndpoints",
            ]
        ),
        // The model apps in the simulated phone (weather, places) behind one protocol.
        .target(name: "TrailcastApps",
            dependencies: [
                "TrailcastDevice",
                "TrailcastPlaces",
                "TrailcastTimeline",
                "TrailcastCoreLocation",
                "TrailcastSettings",
            ]
        ),
        .target(name: "TrailcastWeather", dependencies: [
                "TrailcastBasics",
            ]),
        // Open-Meteo's wire format without a network: the request URL for a query, the JSON
        // answer and error body read. Light, so that fuzzing it builds no HTTP stack.
        .target(name: "TrailcastOpenMeteoAPI",
            dependencies: [
                "TrailcastJSON",
                "TrailcastBasics",
                "TrailcastWeather",
            ]
        ),
        // serve-weather's answers without HTTP: queries read, documents written, faults drawn.
        .target(name: "TrailcastWeatherEndpoints", dependencies: [
                "TrailcastJSON",
                "TrailcastBasics",
                "TrailcastWeather",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        // NMEA 0183 sentences for a fix, as every NMEA feed writes them.
        .target(name: "TrailcastNMEA",
            dependencies: [
                "TrailcastDevice",
                "TrailcastBasics",
            ]
        ),
        // Runs wired from settings: a scenario's run, the weather connection a run uses.
        .target(name: "TrailcastRun", dependencies: [
                "TrailcastFeeds",
                "TrailcastGPX",
                "TrailcastLiveStream",
                "TrailcastEngine",
                "TrailcastOpenMeteo",
                "TrailcastReport",
                "TrailcastScenario",
                "TrailcastTimeline",
                "TrailcastBasics",
                "TrailcastSettings",
                "TrailcastWeather",
                "TrailcastWeatherCache",
                "TrailcastWeatherServer",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(
            name: "TrailcastOpenMeteo",
            dependencies: [
                "TrailcastOpenMeteoAPI",
                "TrailcastBasics",
                "TrailcastWeather",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "TrailcastWeatherServer",
            dependencies: [
                "TrailcastBasics",
                "TrailcastWeather",
                "TrailcastWeatherEndpoints",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "TrailcastGPX",
            dependencies: [
                "CTrailcastLibXML2",
                "TrailcastJSON",
                "TrailcastBasics",
            ]
        ),
        .target(
            name: "TrailcastDevice",
            dependencies: [
                "TrailcastGPX",
                "TrailcastBasics",
            ]
        ),
        .target(
            name: "TrailcastPlaces",
            dependencies: [
                "TrailcastGPX",
                "TrailcastBasics",
            ]
        ),
        .target(
            name: "TrailcastEngine",
            dependencies: [
                "TrailcastDevice",
                "TrailcastGPX",
                "TrailcastPlaces",
                "TrailcastTimeline",
                "TrailcastApps",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
                "TrailcastWeather",
            ]
        ),
        .target(
            name: "TrailcastFeeds",
            dependencies: [
                "TrailcastDevice",
                "TrailcastNMEA",
                "TrailcastBasics",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "LocationSimulation",
            dependencies: [
                "TrailcastDevice",
                "TrailcastGPX",
                "TrailcastEngine",
                "TrailcastTimeline",
                "TrailcastExpectations",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
                "TrailcastWeather",
            ]
        ),
        .target(
            name: "LocationSimulationWeather",
            dependencies: [
                "LocationSimulation",
                "TrailcastWeatherServer",
            ]
        ),
        .target(
            name: "TrailcastLiveStream",
            dependencies: [
                "TrailcastDevice",
                "TrailcastJSON",
                "TrailcastEngine",
                "TrailcastTimeline",
                "TrailcastBasics",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "TrailcastTimeline",
            dependencies: [
                "TrailcastDevice",
                "TrailcastJSON",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
                "TrailcastWeather",
            ]
        ),
        .target(
            name: "TrailcastExpectations",
            dependencies: [
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
                "TrailcastJSON",
                "TrailcastTimeline",
                "TrailcastBasics",
                "TrailcastCoreLocation",
            ]
        ),
        .target(
            name: "TrailcastScenario",
            dependencies: [
                "TrailcastDevice",
                "TrailcastTimeline",
                "TrailcastExpectations",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
                "TrailcastWeather",
                "TrailcastWeatherEndpoints",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "TrailcastFuzzChecks",
            dependencies: [
                "TrailcastDevice",
                "TrailcastGPX",
                "TrailcastEngine",
                "TrailcastNMEA",
                "TrailcastOpenMeteoAPI",
                "TrailcastPlaces",
                "TrailcastScenario",
                "TrailcastTimeline",
                "TrailcastBasics",
                "TrailcastSettings",
                "TrailcastWeather",
                "TrailcastWeatherEndpoints",
            ]
        ),
        .executableTarget(
            name: "trailcast",
            dependencies: [
                "TrailcastDevice",
                "TrailcastFeeds",
                "TrailcastGPX",
                "TrailcastEngine",
                "TrailcastReport",
                "TrailcastScenario",
                "TrailcastTimeline",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastRun",
                "TrailcastSettings",
                "TrailcastWeather",
                "TrailcastWeatherCache",
                "TrailcastWeatherEndpoints",
                "TrailcastWeatherServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TrailcastRunTests",
            dependencies: [
                "TrailcastTimeline",
                "TrailcastBasics",
                "TrailcastRun",
                "TrailcastSettings",
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
                "TrailcastGPX",
                "TrailcastBasics",
            ]
        ),
        .testTarget(
            name: "DeviceTests",
            dependencies: [
                "TrailcastDevice",
                "TrailcastGPX",
                "TrailcastBasics",
            ]
        ),
        .testTarget(
            name: "LocationReplayTests",
            dependencies: [
                "TrailcastDevice",
                "TrailcastGPX",
                "TrailcastEngine",
                "TrailcastPlaces",
                "TrailcastTimeline",
                "TrailcastApps",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
                "TrailcastWeather",
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "FeedsTests",
            dependencies: [
                "TrailcastDevice",
                "TrailcastNMEA",
                "TrailcastBasics",
            ]
        ),
        .testTarget(
            name: "LocationSimulationTests",
            dependencies: [
                "TrailcastGPX",
                "LocationSimulation",
                "TrailcastBasics",
            ]
        ),
        .testTarget(
            name: "LocationSimulationWeatherTests",
            dependencies: [
                "TrailcastGPX",
                "LocationSimulation",
                "LocationSimulationWeather",
                "TrailcastScenario",
                "TrailcastBasics",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "LiveStreamTests",
            dependencies: [
                "TrailcastDevice",
                "TrailcastLiveStream",
                "TrailcastEngine",
                "TrailcastTimeline",
                "TrailcastBasics",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "TimelineTests",
            dependencies: [
                "TrailcastDevice",
                "TrailcastTimeline",
                "TrailcastApps",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
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
                "TrailcastOpenMeteo",
                "TrailcastOpenMeteoAPI",
                "TrailcastBasics",
                "TrailcastWeather",
                "TrailcastWeatherEndpoints",
                "TrailcastWeatherServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "WeatherServerTests",
            dependencies: [
                "TrailcastBasics",
                "TrailcastWeather",
                "TrailcastWeatherEndpoints",
                "TrailcastWeatherServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
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
                "TrailcastPlaces",
                "TrailcastBasics",
            ]
        ),
        .testTarget(
            name: "ReportTests",
            dependencies: [
                "TrailcastDevice",
                "TrailcastReport",
                "TrailcastTimeline",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
                "TrailcastWeather",
            ]
        ),
        .testTarget(
            name: "ScenarioTests",
            dependencies: [
                "TrailcastDevice",
                "TrailcastScenario",
                "TrailcastTimeline",
                "TrailcastApps",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastRun",
                "TrailcastSettings",
                "TrailcastWeather",
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
                "TrailcastLiveStream",
                "TrailcastBasics",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

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
