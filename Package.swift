// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Trailcast",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "trailcast", targets: ["trailcast"]),
        .library(name: "GPXReader", targets: ["GPXReader"]),
        .library(name: "Device", targets: ["Device"]),
        .library(name: "LocationReplay", targets: ["LocationReplay"]),
        .library(name: "Feeds", targets: ["Feeds"]),
        .library(name: "LiveStream", targets: ["LiveStream"]),
        // Light: the GPX reader, the device, the location service and the weather model only.
        .library(name: "LocationSimulation", targets: ["LocationSimulation"]),
        // The same, with a local Open-Meteo-compatible server on the simulated clock (NIO).
        .library(name: "LocationSimulationWeather", targets: ["LocationSimulationWeather"]),
        .library(name: "Timeline", targets: ["Timeline"]),
        .library(name: "Weather", targets: ["Weather"]),
        .library(name: "OpenMeteo", targets: ["OpenMeteo"]),
        .library(name: "WeatherServer", targets: ["WeatherServer"]),
        .library(name: "Scenario", targets: ["Scenario"]),
        .library(name: "TrailcastRun", targets: ["TrailcastRun"]),
        .library(name: "TimelineExpectations", targets: ["TimelineExpectations"]),
        .library(name: "Report", targets: ["Report"]),
        // The checks the fuzz targets in Fuzz/ run on each input (and the test suite on
        // every committed input); not an API for users.
        .library(name: "TrailcastFuzzChecks", targets: ["FuzzChecks"]),
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
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // What every layer may use: time and the UTC calendar, ISO 8601, great-circle distance,
        // seeded randomness, a lock the sanitizers see.
        .target(name: "TrailcastBasics"),
        .target(name: "JSONOutput"),
        // Core Location's rules for one app: authorization, prompts, accuracy, which fixes
        // reach the app and why not.
        .target(name: "TrailcastCoreLocation",
            dependencies: [
                "Device",
                "TrailcastBasics",
            ]
        ),
        // What shapes a run: the settings the `start` event records and the scheduled events.
        .target(name: "TrailcastSettings",
            dependencies: [
                "Device",
                "GPXReader",
                "OpenMeteoAPI",
                "TrailcastCoreLocation",
                "Weather",
                "WeatherEndpoints",
            ]
        ),
        // The model apps in the simulated phone (weather, places) behind one protocol.
        .target(name: "TrailcastApps",
            dependencies: [
                "Device",
                "Places",
                "Timeline",
                "TrailcastCoreLocation",
                "TrailcastSettings",
            ]
        ),
        .target(name: "Weather", dependencies: [
                "TrailcastBasics",
            ]),
        // Open-Meteo's wire format without a network: the request URL for a query, the JSON
        // answer and error body read. Light, so that fuzzing it builds no HTTP stack.
        .target(name: "OpenMeteoAPI",
            dependencies: [
                "JSONOutput",
                "TrailcastBasics",
                "Weather",
            ]
        ),
        // serve-weather's answers without HTTP: queries read, documents written, faults drawn.
        .target(name: "WeatherEndpoints", dependencies: [
                "JSONOutput",
                "TrailcastBasics",
                "Weather",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        // NMEA 0183 sentences for a fix, as every NMEA feed writes them.
        .target(name: "NMEA",
            dependencies: [
                "Device",
                "TrailcastBasics",
            ]
        ),
        // Runs wired from settings: a scenario's run, the weather connection a run uses.
        .target(name: "TrailcastRun", dependencies: [
                "Feeds",
                "GPXReader",
                "LiveStream",
                "LocationReplay",
                "OpenMeteo",
                "Report",
                "Scenario",
                "Timeline",
                "TrailcastBasics",
                "TrailcastSettings",
                "Weather",
                "WeatherCache",
                "WeatherServer",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(
            name: "OpenMeteo",
            dependencies: [
                "OpenMeteoAPI",
                "TrailcastBasics",
                "Weather",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "WeatherServer",
            dependencies: [
                "TrailcastBasics",
                "Weather",
                "WeatherEndpoints",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "GPXReader",
            dependencies: [
                "CLibXML2",
                "JSONOutput",
                "TrailcastBasics",
            ]
        ),
        .target(
            name: "Device",
            dependencies: [
                "GPXReader",
                "TrailcastBasics",
            ]
        ),
        .target(
            name: "Places",
            dependencies: [
                "GPXReader",
                "TrailcastBasics",
            ]
        ),
        .target(
            name: "LocationReplay",
            dependencies: [
                "Device",
                "GPXReader",
                "Places",
                "Timeline",
                "TrailcastApps",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
                "Weather",
            ]
        ),
        .target(
            name: "Feeds",
            dependencies: [
                "Device",
                "NMEA",
                "TrailcastBasics",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "LocationSimulation",
            dependencies: [
                "Device",
                "GPXReader",
                "LocationReplay",
                "Timeline",
                "TimelineExpectations",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
                "Weather",
            ]
        ),
        .target(
            name: "LocationSimulationWeather",
            dependencies: [
                "LocationSimulation",
                "WeatherServer",
            ]
        ),
        .target(
            name: "LiveStream",
            dependencies: [
                "Device",
                "JSONOutput",
                "LocationReplay",
                "Timeline",
                "TrailcastBasics",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "Timeline",
            dependencies: [
                "Device",
                "JSONOutput",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
                "Weather",
            ]
        ),
        .target(
            name: "TimelineExpectations",
            dependencies: [
                "Timeline",
            ]
        ),
        .target(
            name: "WeatherCache",
            dependencies: [
                "TrailcastBasics",
                "Weather",
            ]
        ),
        .target(
            name: "Report",
            dependencies: [
                "JSONOutput",
                "Timeline",
                "TrailcastBasics",
                "TrailcastCoreLocation",
            ]
        ),
        .target(
            name: "Scenario",
            dependencies: [
                "Device",
                "Timeline",
                "TimelineExpectations",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
                "Weather",
                "WeatherEndpoints",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "FuzzChecks",
            dependencies: [
                "Device",
                "GPXReader",
                "LocationReplay",
                "NMEA",
                "OpenMeteoAPI",
                "Places",
                "Scenario",
                "Timeline",
                "TrailcastBasics",
                "TrailcastSettings",
                "Weather",
                "WeatherEndpoints",
            ]
        ),
        .executableTarget(
            name: "trailcast",
            dependencies: [
                "Device",
                "Feeds",
                "GPXReader",
                "LocationReplay",
                "Report",
                "Scenario",
                "Timeline",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastRun",
                "TrailcastSettings",
                "Weather",
                "WeatherCache",
                "WeatherEndpoints",
                "WeatherServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TrailcastRunTests",
            dependencies: [
                "Timeline",
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
                "GPXReader",
                "TrailcastBasics",
            ]
        ),
        .testTarget(
            name: "DeviceTests",
            dependencies: [
                "Device",
                "GPXReader",
                "TrailcastBasics",
            ]
        ),
        .testTarget(
            name: "LocationReplayTests",
            dependencies: [
                "Device",
                "GPXReader",
                "LocationReplay",
                "Places",
                "Timeline",
                "TrailcastApps",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
                "Weather",
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "FeedsTests",
            dependencies: [
                "Device",
                "NMEA",
                "TrailcastBasics",
            ]
        ),
        .testTarget(
            name: "LocationSimulationTests",
            dependencies: [
                "GPXReader",
                "LocationSimulation",
                "TrailcastBasics",
            ]
        ),
        .testTarget(
            name: "LocationSimulationWeatherTests",
            dependencies: [
                "GPXReader",
                "LocationSimulation",
                "LocationSimulationWeather",
                "Scenario",
                "TrailcastBasics",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "LiveStreamTests",
            dependencies: [
                "Device",
                "LiveStream",
                "LocationReplay",
                "Timeline",
                "TrailcastBasics",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "TimelineTests",
            dependencies: [
                "Device",
                "Timeline",
                "TrailcastApps",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
                "Weather",
            ]
        ),
        .testTarget(
            name: "WeatherTests",
            dependencies: [
                "TrailcastBasics",
                "Weather",
            ]
        ),
        .testTarget(
            name: "OpenMeteoTests",
            dependencies: [
                "OpenMeteo",
                "OpenMeteoAPI",
                "TrailcastBasics",
                "Weather",
                "WeatherEndpoints",
                "WeatherServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "WeatherServerTests",
            dependencies: [
                "TrailcastBasics",
                "Weather",
                "WeatherEndpoints",
                "WeatherServer",
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
                "Weather",
                "WeatherCache",
            ]
        ),
        .testTarget(
            name: "PlacesTests",
            dependencies: [
                "Places",
                "TrailcastBasics",
            ]
        ),
        .testTarget(
            name: "ReportTests",
            dependencies: [
                "Device",
                "Report",
                "Timeline",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastSettings",
                "Weather",
            ]
        ),
        .testTarget(
            name: "ScenarioTests",
            dependencies: [
                "Device",
                "Scenario",
                "Timeline",
                "TrailcastApps",
                "TrailcastBasics",
                "TrailcastCoreLocation",
                "TrailcastRun",
                "TrailcastSettings",
                "Weather",
            ]
        ),
        .testTarget(
            name: "FuzzRegressionTests",
            dependencies: [
                "FuzzChecks",
            ]
        ),
        .testTarget(
            name: "JSONOutputTests",
            dependencies: [
                "JSONOutput",
            ]
        ),
        .testTarget(
            name: "TrailcastEndToEndTests",
            dependencies: [
                "LiveStream",
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
