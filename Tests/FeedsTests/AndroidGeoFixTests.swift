// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastDevice
@testable import TrailcastFeeds

/// The `geo fix` line sent to the Android emulator console: its satellite count carries the
/// fix's accuracy as the NMEA feed's HDOP does (5 m of accuracy per unit of HDOP), so a
/// good fix reports many satellites and a poor one few.
@Suite("Android geo fix")
struct AndroidGeoFixTests {
    static func fix(accuracy: Double) -> LocationFix {
        LocationFix(
            time: Timestamp(secondsSince1970: 1_780_000_000), latitude: 37.8, longitude: -122.4, altitudeMeters: 10,
            horizontalAccuracyMeters: accuracy, speedMetersPerSecond: 1)
    }

    @Test(
        "accuracy to satellites: 5 m is HDOP 1 and 12 in view; 10 m 6; 15 m and worse the 4 of a 3D fix",
        arguments: [
            (1.0, 12), (5.0, 12), (10.0, 6), (12.0, 5), (15.0, 4), (100.0, 4),
        ])
    func satellitesFollowAccuracy(accuracy: Double, satellites: Int) {
        let fields = AndroidEmulatorFeed.geoFix(Self.fix(accuracy: accuracy)).split(separator: " ")
        #expect(fields.count == 7)
        #expect(fields.count == 7 && fields[5] == "\(satellites)")
    }

    @Test("the whole line: longitude first, then latitude, altitude, satellites and knots")
    func wholeLine() {
        #expect(AndroidEmulatorFeed.geoFix(Self.fix(accuracy: 5)) == "geo fix -122.4000000 37.8000000 10.0 12 1.94")
    }
}
