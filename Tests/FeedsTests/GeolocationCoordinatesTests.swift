// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastDevice
import TrailcastWire

/// A fix as the browser protocols' `GeolocationCoordinates`: heading only while moving, as the
/// W3C Geolocation API says ("If the hosting device is stationary (i.e. the value of the speed
/// attribute is 0), then the value of the heading attribute is NaN"); unknown values left out.
@Suite("A fix in the browsers' geolocation overrides")
struct GeolocationCoordinatesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var speed: Double
        var course: Double
        var motion: String
        var testDescription: String { name }
    }

    static let time = Timestamp(iso8601: "2026-06-13T16:00:00Z")!

    @Test(
        "heading while moving only; speed whenever known",
        arguments: [
            Case(name: "moving east", speed: 1.5, course: 90, motion: #","heading":90,"speed":1.5"#),
            Case(name: "at rest, a course still known", speed: 0, course: 90, motion: #","speed":0"#),
            Case(name: "moving, no course", speed: 2, course: -1, motion: #","speed":2"#),
            Case(name: "neither known", speed: -1, course: -1, motion: ""),
            Case(
                name: "a course of 0 (north) while moving", speed: 0.01, course: 0,
                motion: #","heading":0,"speed":0.01"#),
        ])
    func motion(_ test: Case) {
        let fix = LocationFix(
            time: Self.time, latitude: 37.7955, longitude: -122.3942, altitudeMeters: 4.5,
            horizontalAccuracyMeters: 5, verticalAccuracyMeters: 3,
            speedMetersPerSecond: test.speed, courseDegrees: test.course)
        let coordinates =
            #""latitude":37.7955,"longitude":-122.3942,"accuracy":5,"altitude":4.5,"altitudeAccuracy":3"#
            + test.motion
        #expect(
            DevToolsCommand.geolocationOverride(fix).message(id: 7, sessionID: nil)
                == #"{"id":7,"method":"Emulation.setGeolocationOverride","params":{"# + coordinates + "}}")
        #expect(BiDiCommand.geolocationOverride(fix).message(id: 7).contains(#""coordinates":{"# + coordinates + "}"))
    }
}
