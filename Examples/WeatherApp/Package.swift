// swift-tools-version: 6.1
import PackageDescription

// A weather app's core, written as an iOS app's would be, and its tests driven by
// Trailcast's testing library. The app's code does not depend on Trailcast; its tests do,
// through the light `LocationSimulation` product only.
let package = Package(
    name: "WeatherApp",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "WeatherAppCore", targets: ["WeatherAppCore"]),
    ],
    dependencies: [
        .package(name: "Trailcast", path: "../.."),
    ],
    targets: [
        .target(name: "WeatherAppCore"),
        .testTarget(
            name: "WeatherAppCoreTests",
            dependencies: [
                "WeatherAppCore",
                .product(name: "LocationSimulation", package: "Trailcast"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
