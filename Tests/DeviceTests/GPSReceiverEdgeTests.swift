// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
@testable import TrailcastDevice

/// The receiver's rules at their edges, one fix through `GPSReceiver.apply` with an error
/// chosen exactly (the noise of a seeded run never lands on an edge).
@Suite("GPS receiver: the edges of its rules")
struct GPSReceiverEdgeTests {
    static let start = Timestamp(secondsSince1970: 1_781_000_000)

    static func error(east: Double = 0, velocityNorth: Double = 0, velocityEast: Double = 0) -> ErrorSample {
        ErrorSample(
            northMeters: 0, eastMeters: east, upMeters: 0, horizontalAccuracyMeters: 5, verticalAccuracyMeters: 3,
            velocityNorth: velocityNorth, velocityEast: velocityEast)
    }

    static func seen(
        longitude: Double = 8, speed: Double = 0, course: Double = -1, error: ErrorSample = error()
    ) -> LocationFix {
        GPSReceiver.apply(
            error,
            to: LocationFix(
                time: start, latitude: 10, longitude: longitude, speedMetersPerSecond: speed, courseDegrees: course))
    }

    @Test("a measured speed of 0.5 m/s has a course; just under it, none (-1)")
    func courseFromWalkingPace() {
        #expect(Self.seen(speed: 0.5, course: 90).courseDegrees == 90)
        #expect(Self.seen(speed: (0.5).nextDown, course: 90).courseDegrees == -1)
    }

    @Test("a measured velocity a hair west of due north is course 0, never 360")
    func courseNeverReads360() {
        let fix = Self.seen(speed: 2, course: 0, error: Self.error(velocityEast: -1e-17))
        #expect(fix.courseDegrees == 0)
        #expect(Self.seen(speed: 2, course: 0, error: Self.error(velocityEast: -0.01)).courseDegrees < 360)
    }

    @Test("the antimeridian: 180 is -180, -180 stays, and noise over it comes back round")
    func longitudeWraps() {
        #expect(Self.seen(longitude: 180).longitude == -180)
        #expect(Self.seen(longitude: -180).longitude == -180)
        #expect(Self.seen(longitude: (180.0).nextDown).longitude == (180.0).nextDown)
        let east = Self.seen(longitude: 179.99999, error: Self.error(east: 50)).longitude
        #expect(east > -180 && east < -179.999)
        let west = Self.seen(longitude: -179.99999, error: Self.error(east: -50)).longitude
        #expect(west < 180 && west > 179.999)
    }

    @Test("a bearing a hair west of north is 0, never 360; one a degree west is 359")
    func bearingNeverReads360() {
        #expect(Bearing.degrees(latitude1: 0, longitude1: 0, latitude2: 1, longitude2: -1e-18) == 0)
        let west = Bearing.degrees(latitude1: 0, longitude1: 0, latitude2: 1, longitude2: -0.0174551)
        #expect(west > 358.99 && west < 359.01, "\(west)")
    }
}
