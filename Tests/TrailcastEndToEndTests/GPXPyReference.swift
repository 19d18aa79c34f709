// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// One entry of `Tests/Fixtures/realworld/gpxpy-reference.json`: what gpxpy 1.6.2
/// reads from a file (see that directory's README for how it was made).
struct GPXPyReference: Decodable {
    var version: String?
    var waypoints: Int?
    var routes: Int?
    var routePoints: Int?
    var tracks: Int?
    var segments: Int?
    var trackPoints: Int?
    var length2DMeters: Double?
    var startTime: String?
    var endTime: String?

    /// The reference entries, keyed by path from the package root.
    static func load() throws -> [String: GPXPyReference] {
        let data = try Data(contentsOf: Repository.url("Tests/Fixtures/realworld/gpxpy-reference.json"))
        return try JSONDecoder().decode([String: GPXPyReference].self, from: data)
    }
}
