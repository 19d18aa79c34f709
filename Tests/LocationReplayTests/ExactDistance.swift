// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics

/// Latitudes at an exact distance, for the edges of the rules that measure one (a visit's 50 m,
/// the distance filter, a significant change's 500 m): a rule's `<=` and `<` differ only at
/// the figure itself, so a test must put a fix there, as `GreatCircle` measures it.
enum ExactDistance {
    static func distance(from base: Double, to latitude: Double, longitude: Double = 8) -> Double {
        GreatCircle.distanceMeters(latitude1: base, longitude1: longitude, latitude2: latitude, longitude2: longitude)
    }

    /// The smallest latitude north of `base` on the meridian of `longitude` whose distance
    /// from (`base`, `longitude`) passes `meters` (`strictly`: is more than it; else: at least
    /// it).
    static func latitude(
        meters: Double, from base: Double = 0, longitude: Double = 8, strictly: Bool = false
    ) -> Double {
        // Positive doubles order as their bit patterns: a bisection over the patterns.
        var low = base.bitPattern
        var high = (base + 1).bitPattern
        while high - low > 1 {
            let middle = low + (high - low) / 2
            let measured = distance(from: base, to: Double(bitPattern: middle), longitude: longitude)
            if strictly ? measured > meters : measured >= meters { high = middle } else { low = middle }
        }
        return Double(bitPattern: high)
    }

    /// A latitude exactly `meters` north of the equator, and the nearest one beyond it: near
    /// the equator a degree's last bit is a few femtometres, so short distances are met
    /// exactly (``ExactDistanceTests``).
    static func edge(meters: Double) -> (at: Double, beyond: Double) {
        (latitude(meters: meters), latitude(meters: meters, strictly: true))
    }

    /// A base latitude from which some latitude north of it is exactly `meters` away, and
    /// that latitude: longer distances are met exactly from some bases and not others (the
    /// last bit of the result is finer than the last bit of the latitudes that make it).
    static func exactPair(meters: Double) -> (base: Double, at: Double, beyond: Double)? {
        for step in 0..<1000 {
            let base = Double(step) / 1000
            let at = latitude(meters: meters, from: base)
            if distance(from: base, to: at) == meters {
                return (base, at, latitude(meters: meters, from: base, strictly: true))
            }
        }
        return nil
    }
}

@Suite("Exact distances for the rules' edges")
struct ExactDistanceTests {
    @Test(
        "each short distance a rule turns on is met exactly from the equator; below it is nearer, beyond it further",
        arguments: [50.0, 100])
    func exists(_ meters: Double) {
        let (at, beyond) = ExactDistance.edge(meters: meters)
        #expect(ExactDistance.distance(from: 0, to: at) == meters)
        #expect(ExactDistance.distance(from: 0, to: at.nextDown) < meters)
        #expect(ExactDistance.distance(from: 0, to: beyond) > meters)
    }

    @Test("500 m is met exactly from some base latitude")
    func longerDistance() throws {
        let pair = try #require(ExactDistance.exactPair(meters: 500))
        #expect(ExactDistance.distance(from: pair.base, to: pair.at) == 500)
        #expect(ExactDistance.distance(from: pair.base, to: pair.at.nextDown) < 500)
        #expect(ExactDistance.distance(from: pair.base, to: pair.beyond) > 500)
    }
}
