// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Trailcast",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "trailcast", targets: ["trailcast"]),
        .library(name: "GPXReader", targets: ["GPXReader"]),
        .library(name: "LocationReplay", targets: ["LocationReplay"]),
        .library(name: "Timeline", targets: ["Timeline"]),
        .library(name: "Weather", targets: ["Weather"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "JSONOutput"),
        .target(name: "Weather"),
        .target(
            name: "GPXReader",
            dependencies: ["CLibXML2", "JSONOutput"]
        ),
        .target(
            name: "LocationReplay",
            dependencies: ["GPXReader"]
        ),
        .target(
            name: "Timeline",
            dependencies: ["LocationReplay", "GPXReader", "JSONOutput"]
        ),
        .executableTarget(
            name: "trailcast",
            dependencies: [
                "GPXReader",
                "LocationReplay",
                "Timeline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "GPXReaderTests",
            dependencies: ["GPXReader"]
        ),
        .testTarget(
            name: "LocationReplayTests",
            dependencies: [
                "LocationReplay",
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "TimelineTests",
            dependencies: ["Timeline", "LocationReplay"]
        ),
        .testTarget(
            name: "WeatherTests",
            dependencies: ["Weather"]
        ),
        .testTarget(
            name: "JSONOutputTests",
            dependencies: ["JSONOutput"]
        ),
        .testTarget(
            name: "TrailcastEndToEndTests",
            dependencies: ["trailcast"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
