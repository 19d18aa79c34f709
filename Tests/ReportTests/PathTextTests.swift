// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
@testable import TrailcastReport
import Testing

/// The report's reading of a `missed` event's path and a fix's truth or a region's centre,
/// without a JSON parser per point: every place on Earth, and nothing past its edges.
@Suite("Paths and points read from their JSON text")
struct PathTextTests {
    @Test("a point anywhere on Earth is read: the Americas, East Asia, the poles and the antimeridian")
    func pointsOnEarth() {
        for (latitude, longitude) in [(37.8, -122.4), (35.68, 139.69), (90, 180), (-90, -180), (0, 0)] {
            let read = PathText.coordinates(inObject: #"{"lat":\#(latitude),"lon":\#(longitude)}"#)
            #expect(read?.latitude == latitude && read?.longitude == longitude, "\(latitude), \(longitude)")
        }
    }

    @Test("a point past the edges is not: latitude over 90, longitude over 180, a key missing")
    func pointsOffEarth() {
        for text in [
            #"{"lat":90.5,"lon":0}"#, #"{"lat":-90.5,"lon":0}"#, #"{"lat":0,"lon":180.5}"#, #"{"lat":0,"lon":-180.5}"#,
            #"{"lat":0}"#, #"{"lon":0}"#, #"{"lat":"x","lon":0}"#,
        ] {
            #expect(PathText.coordinates(inObject: text) == nil, "\(text)")
        }
    }

    @Test("a path's pairs in order; anything that is not a pair skipped")
    func pairs() {
        var read: [[Double]] = []
        PathText.forEachPair(in: "[[37.1,-122.2],[3],[1,2,3],[35.5,139.5]]") { read.append([$0, $1]) }
        #expect(read == [[37.1, -122.2], [35.5, 139.5]])
        #expect(PathText.pairCount(in: "[]") == 0)
    }
}
