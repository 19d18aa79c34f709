// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
@testable import TrailcastApps
import Testing
import TrailcastBasics

@Suite("Nearest places")
struct NearestPlacesTests {
    /// SplitMix64: seeded, so a failure can be replayed.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    static func bruteForce(_ places: [Place], _ count: Int, latitude: Double, longitude: Double) -> [Int] {
        places.indices.map {
            (
                $0,
                GreatCircle.distanceMeters(
                    latitude1: latitude, longitude1: longitude, latitude2: places[$0].latitude,
                    longitude2: places[$0].longitude)
            )
        }
        .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        .prefix(count).map(\.0)
    }

    @Test(
        "the tree finds what a sort of everything finds: worldwide, across the antimeridian, near the poles",
        arguments: [1, 3, 5, 20])
    func matchesBruteForce(count: Int) {
        var random = Random(state: UInt64(count))
        // Sized to stay light: a test that holds a core for seconds delays the suite's
        // clock-bound tests on two cores.
        let places = (0..<1000).map { index in
            Place(name: "p\(index)", latitude: random.next() * 180 - 90, longitude: random.next() * 360 - 180)
        }
        let index = NearestPlaces(places)
        var queries: [(Double, Double)] = [(0, 179.99), (0, -179.99), (89.9, 10), (-89.9, -170), (37.8, -122.4)]
        for _ in 0..<100 { queries.append((random.next() * 180 - 90, random.next() * 360 - 180)) }
        for (latitude, longitude) in queries {
            let found = index.nearest(count, latitude: latitude, longitude: longitude)
            let expected = Self.bruteForce(places, count, latitude: latitude, longitude: longitude)
            // As many as asked (zip below would hide a short answer): --limit places shown.
            #expect(found.count == count, "at \(latitude), \(longitude)")
            // Equal distances may come in either order between the two; compare distances.
            let distances = found.map(\.distanceMeters)
            let expectedDistances = expected.map {
                GreatCircle.distanceMeters(
                    latitude1: latitude, longitude1: longitude, latitude2: places[$0].latitude,
                    longitude2: places[$0].longitude)
            }
            #expect(
                zip(distances, expectedDistances).allSatisfy { abs($0 - $1) < 1e-6 }, "at \(latitude), \(longitude)")
            #expect(distances == distances.sorted())
        }
    }

    @Test("fewer places than asked: all of them; none: nothing")
    func small() {
        let places = [Place(name: "a", latitude: 1, longitude: 1), Place(name: "b", latitude: 2, longitude: 2)]
        #expect(NearestPlaces(places).nearest(5, latitude: 2.1, longitude: 2.1).map(\.index) == [1, 0])
        #expect(NearestPlaces([]).nearest(5, latitude: 0, longitude: 0).isEmpty)
        #expect(NearestPlaces(places).nearest(0, latitude: 0, longitude: 0).isEmpty)
    }

    @Test("the same place twice: the one earlier in the file first")
    func ties() {
        let places = [
            Place(name: "first", latitude: 5, longitude: 5), Place(name: "other", latitude: 6, longitude: 6),
            Place(name: "second", latitude: 5, longitude: 5),
        ]
        #expect(NearestPlaces(places).nearest(2, latitude: 5, longitude: 5).map(\.index) == [0, 2])
    }
}
