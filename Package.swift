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
        .target(name: "Weather", dependencies: ["TrailcastBasics"]),
        .target(
            name: "OpenMeteo",
            dependencies: ["TrailcastBasics",
                "Weather",
                "JSONOutput",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "WeatherServer",
            dependencies: ["TrailcastBasics",
                "Weather",
                "JSONOutput",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "GPXReader",
            dependencies: ["TrailcastBasics", "CLibXML2", "JSONOutput"]
        ),
        .target(
            name: "Device",
            dependencies: ["GPXReader", "TrailcastBasics"]
        ),
        .target(
            name: "Places",
            dependencies: ["TrailcastBasics", "GPXReader"]
        ),
        .target(
            name: "LocationReplay",
            dependencies: ["TrailcastBasics", "GPXReader", "Device", "Weather", "Places"]
        ),
        .target(
            name: "Feeds",
            dependencies: ["TrailcastBasics",
                "Device",
                "GPXReader",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "LocationSimulation",
            dependencies: ["TrailcastBasics", "GPXReader", "Device", "LocationReplay", "TimelineExpectations", "Weather"]
        ),
        .target(
            name: "LocationSimulationWeather",
            dependencies: ["LocationSimulation", "WeatherServer"]
        ),
        .target(
            name: "LiveStream",
            dependencies: ["TrailcastBasics",
                "Device",
                "LocationReplay",
                "Timeline",
                "JSONOutput",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "Timeline",
            dependencies: ["TrailcastBasics", "LocationReplay", "Device", "GPXReader", "JSONOutput", "Weather"]
        ),
        .target(
            name: "TimelineExpectations",
            dependencies: ["LocationReplay", "Timeline"]
        ),
        .target(
            name: "WeatherCache",
            dependencies: ["TrailcastBasics", "Weather"]
        ),
        .target(
            name: "Report",
            dependencies: ["TrailcastBasics", "TimelineExpectations", "LocationReplay", "JSONOutput"]
        ),
        .target(
            name: "Scenario",
            dependencies: [
                "TimelineExpectations",
                "LocationReplay",
                "Timeline",
                "Weather",
                "WeatherServer",
                "WeatherCache",
                "OpenMeteo",
                "GPXReader",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "FuzzChecks",
            dependencies: ["TrailcastBasics",
                "GPXReader", "Device", "LocationReplay", "Scenario", "OpenMeteo", "WeatherServer", "Weather",
                "Feeds", "Places",
                .product(name: "HummingbirdCore", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "trailcast",
            dependencies: ["TrailcastBasics",
                "GPXReader",
                "LocationReplay",
                "Timeline",
                "Weather",
                "OpenMeteo",
                "WeatherServer",
                "Scenario",
                "Feeds",
                "LiveStream",
                "Report",
                "WeatherCache",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "GPXReaderTests",
            dependencies: ["TrailcastBasics", "GPXReader"]
        ),
        .testTarget(
            name: "DeviceTests",
            dependencies: ["Device", "GPXReader", "TrailcastBasics"]
        ),
        .testTarget(
            name: "LocationReplayTests",
            dependencies: ["TrailcastBasics",
                "LocationReplay",
                "Weather",
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "FeedsTests",
            dependencies: ["TrailcastBasics", "Feeds", "Device", "GPXReader"]
        ),
        .testTarget(
            name: "LocationSimulationTests",
            dependencies: ["TrailcastBasics", "LocationSimulation"]
        ),
        .testTarget(
            name: "LocationSimulationWeatherTests",
            dependencies: ["TrailcastBasics",
                "LocationSimulationWeather",
                "Scenario",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "LiveStreamTests",
            dependencies: ["TrailcastBasics",
                "LiveStream",
                "LocationReplay",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "TimelineTests",
            dependencies: ["TrailcastBasics", "Timeline", "LocationReplay", "Weather"]
        ),
        .testTarget(
            name: "WeatherTests",
            dependencies: ["Weather", "TrailcastBasics"]
        ),
        .testTarget(
            name: "OpenMeteoTests",
            dependencies: ["TrailcastBasics",
                "OpenMeteo",
                "WeatherServer",
                "Weather",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "WeatherServerTests",
            dependencies: ["TrailcastBasics",
                "WeatherServer",
                "Weather",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "WeatherCacheTests",
            dependencies: ["TrailcastBasics", "WeatherCache", "Weather"]
        ),
        .testTarget(
            name: "PlacesTests",
            dependencies: ["TrailcastBasics", "Places", "GPXReader"]
        ),
        .testTarget(
            name: "ReportTests",
            dependencies: ["TrailcastBasics", "Report", "TimelineExpectations", "LocationReplay", "Device", "Weather", "GPXReader"]
        ),
        .testTarget(
            name: "ScenarioTests",
            dependencies: ["TrailcastBasics", "Scenario", "LocationReplay", "Device", "Weather", "GPXReader"]
        ),
        .testTarget(
            name: "FuzzRegressionTests",
            dependencies: ["FuzzChecks"]
        ),
        .testTarget(
            name: "JSONOutputTests",
            dependencies: ["JSONOutput"]
        ),
        .testTarget(
            name: "TrailcastEndToEndTests",
            dependencies: ["TrailcastBasics",
                "trailcast",
                "LiveStream",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
