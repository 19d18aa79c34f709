// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Trailcast",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "trailcast", targets: ["trailcast"]),
        .library(name: "GPXReader", targets: ["GPXReader"]),
        .library(name: "LocationReplay", targets: ["LocationReplay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "JSONOutput"),
        .target(
            name: "GPXReader",
            dependencies: ["CLibXML2", "JSONOutput"]
        ),
        .target(
            name: "LocationReplay",
            dependencies: ["GPXReader"]
        ),
        .executableTarget(
            name: "trailcast",
            dependencies: [
                "GPXReader",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "GPXReaderTests",
            dependencies: ["GPXReader"]
        ),
        .testTarget(
            name: "LocationReplayTests",
            dependencies: ["LocationReplay"]
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
