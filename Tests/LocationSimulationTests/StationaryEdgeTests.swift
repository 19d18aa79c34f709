// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
@testable import LocationSimulation

/// `CLLocationUpdate.isStationary` as the simulation reads it: a known speed under 0.2 m/s
/// (the project's threshold; Apple gives none).
@Suite("Live updates: what stands still")
struct StationaryEdgeTests {
    static func fix(speed: Double) -> LocationFix {
        LocationFix(
            time: Timestamp(secondsSince1970: 1_781_000_000), latitude: 47, longitude: 8, speedMetersPerSecond: speed)
    }

    @Test(
        "0 and just under 0.2 m/s stand; 0.2 m/s moves; an unknown speed (-1) is not standing",
        arguments: [(0.0, true), ((0.2).nextDown, true), (0.2, false), (-1, false)])
    func stationary(speed: Double, stands: Bool) {
        #expect(AppUnderTest.isStationary(Self.fix(speed: speed)) == stands)
    }
}
