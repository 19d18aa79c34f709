import Foundation

/// Files of this package, found from this source file's location so the tests
/// work from any working directory.
enum Repository {
    /// The package root: `Tests/TrailcastEndToEndTests/Repository.swift`, three levels up.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The four sample files, as paths relative to the root (the keys of the gpxpy reference).
    static let samples = [
        "gpx/sf-waterfront-walk.gpx",
        "gpx/xcode-waypoints.gpx",
        "gpx/route-no-times.gpx",
        "gpx/zurich-lake-ride.gpx",
    ]

    /// A file given by its path relative to the root.
    static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }
}
