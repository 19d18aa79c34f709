// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// Files of this package, found from this source file's location so the tests
/// work from any working directory.
enum Repository {
    /// The package root: `Tests/TrailcastEndToEndTests/Repository.swift`, three levels up.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The first ```LANGUAGE fenced block of `file` (relative to the root) that contains
    /// `marker`: a recipe the docs show, for a test to run as written.
    static func codeBlock(_ language: String, in file: String, containing marker: String) throws -> String {
        let text = try String(contentsOf: url(file), encoding: .utf8)
        let blocks = text.components(separatedBy: "```\(language)\n").dropFirst().map {
            $0.components(separatedBy: "```").first ?? ""
        }
        return try #require(blocks.first { $0.contains(marker) }, "\(file) has a \(language) block with \(marker)")
    }

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
