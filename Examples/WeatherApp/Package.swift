// swift-tools-version: 6.1
import PackageDescription

// A weather app's core, written as an iOS app's would be, and its tests driven by
// Trailcast's testing library. The app's code does not depend on Trailcast; its tests do:
// WeatherAppCoreTests through the light `LocationSimulation` product only (no NIO),
// WeatherAppNetworkTests through `LocationSimulationWeather` for the app's real networking.
let package = Package(
    name: "WeatherApp",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "WeatherAppCore", targets: ["WeatherAppCore"]),
    ],
    // CI builds the view model with a planted bug (`swift test --traits BrokenViewModel`)
    // to see a test catch it.
    traits: [
        .trait(name: "BrokenViewModel", description: "The view model fetches weather while location is denied."),
    ],
    dependencies: [
        .package(name: "Trailcast", path: "../.."),
    ],
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
