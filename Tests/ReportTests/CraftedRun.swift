// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import TrailcastWeather
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastTimeline

/// A small run with one of everything a report draws, its expected drawing worked out by
/// hand in the tests: three delivered stretches joined by a distance-filter stretch, a
/// signal loss and a revocation; a prompt, two authorization changes, an alert, two
/// location errors, one weather cell and a weather error.
enum CraftedRun {
    static let start = Timestamp(iso8601: "2026-06-13T16:00:00Z")!

    static func event(_ offset: Double, _ kind: TimelineEvent.Kind) -> TimelineEvent {
        TimelineEvent(time: start.adding(seconds: offset), offsetSeconds: offset, kind: kind)
    }

    static func fix(_ offset: Double, _ step: Double, index: Int, accuracy: Double = 5) -> TimelineEvent {
        event(
            offset,
            .location(
                LocationFix(
                    time: start.adding(seconds: offset), latitude: 37.80 + step * 0.001,
                    longitude: -122.40 - step * 0.0012,
                    horizontalAccuracyMeters: accuracy, sourceIndex: index)))
    }

    static func point(_ step: Double) -> Coordinate {
        Coordinate(latitude: 37.80 + step * 0.001, longitude: -122.40 - step * 0.0012)
    }

    static let conditions = WeatherConditions(
        temperatureCelsius: 14.2, apparentTemperatureCelsius: 12.9, relativeHumidity: 71, precipitationMm: 0.4,
        cloudCover: 40, weatherCode: .partlyCloudy, windSpeedMps: 3.1, windDirectionDegrees: 240, isDay: true)
    static let cell = WeatherCell(latitude: 37.80, longitude: -122.40, sizeDegrees: 0.01)

    static let events: [TimelineEvent] = [
        event(
            0,
            .start(
                ReplayStart(file: "gpx/crafted <walk>.gpx", source: .track, points: 40, settings: ReplayConfiguration())
            )),
        event(
            0,
            .authorization(
                AuthorizationChange(
                    from: .notDetermined, to: .notDetermined, accuracy: .full, servicesEnabled: true, cause: .initial))),
        event(0, .prompt(request: .whenInUse, answer: .allow)),
        event(
            0,
            .authorization(
                AuthorizationChange(
                    from: .notDetermined, to: .authorizedWhenInUse, accuracy: .full, servicesEnabled: true,
                    cause: .prompt))),
        fix(0, 0, index: 0),
        event(
            0,
            .weather(
                WeatherObservation(
                    latitude: 37.80, longitude: -122.40, cell: cell, source: .model, conditions: conditions, attempts: 1
                ))),
        fix(10, 1, index: 1),
        fix(20, 2, index: 2),
        event(
            60,
            .missed(
                MissedFixes(
                    reason: .distanceFilter, fixes: 3, sinceOffset: 30, untilOffset: 50,
                    path: [point(3), point(4), point(5)]))),
        fix(60, 6, index: 6),
        event(70, .signal(SignalChange(state: .lost, cause: .event, time: start.adding(seconds: 70)))),
        event(70, .locationError(.locationUnknown)),
        event(120, .signal(SignalChange(state: .restored, cause: .event, time: start.adding(seconds: 120)))),
        event(
            130,
            .missed(
                MissedFixes(reason: .noSignal, fixes: 5, sinceOffset: 80, untilOffset: 120, path: [point(7), point(9)]))
        ),
        fix(130, 13, index: 13),
        event(
            200,
            .authorization(
                AuthorizationChange(
                    from: .authorizedWhenInUse, to: .denied, accuracy: .full, servicesEnabled: true, cause: .settings))),
        event(200, .alert(message: "Location <off> & \"more\"")),
        event(200, .locationError(.denied)),
        event(
            300,
            .weatherError(
                WeatherFailure(cell: cell, message: "HTTP 500", attempts: 3, httpStatus: 500, willRetry: true))),
        event(
            400,
            .missed(
                MissedFixes(
                    reason: .notAuthorized, fixes: 20, sinceOffset: 210, untilOffset: 400, path: [point(14), point(20)])
            )),
        event(
            400,
            .end(
                ReplaySummary(
                    locations: 6, distanceMeters: 2500, simulatedSeconds: 400, wallSeconds: 0.01,
                    weather: WeatherStatistics(lookups: 6, networkFetches: 0, cacheHits: 5, errors: 1)))),
    ]

    static var records: [TimelineRecord] { events.map(TimelineRecord.init) }
}
