// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastTimeline
import TrailcastWeather
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastApps
import TrailcastDevice

/// One event of every kind, with values chosen to exercise rounding, for the format tests.
enum TimelineSamples {
    static let start = Timestamp(iso8601: "2026-06-13T16:00:00Z")!

    static func event(_ offsetSeconds: Double, _ kind: TimelineEvent.Kind) -> TimelineEvent {
        TimelineEvent(time: start.adding(seconds: offsetSeconds), offsetSeconds: offsetSeconds, kind: kind)
    }

    static func startEvent(file: String = "gpx/walk.gpx", settings: ReplayConfiguration = ReplayConfiguration())
        -> TimelineEvent
    {
        event(0, .start(ReplayStart(file: file, source: .track, points: nil, settings: settings)))
    }

    static let authorization = event(
        0,
        .authorization(
            AuthorizationChange(
                from: .notDetermined, to: .authorizedWhenInUse, accuracy: .full, servicesEnabled: true, cause: .prompt))
    )

    static let prompt = event(0, .prompt(request: .whenInUse, answer: .allow))

    /// Seven coordinate decimals, two for altitude, accuracy and speed, one for course,
    /// each rounded half away from zero.
    static let location = event(
        3,
        .location(
            LocationFix(
                time: start.adding(seconds: 3), latitude: 37.795412345, longitude: -122.394263449,
                altitudeMeters: 4.456, horizontalAccuracyMeters: 4.5, verticalAccuracyMeters: 10,
                speedMetersPerSecond: 1.3349, courseDegrees: 318.75, sourceIndex: 1)))

    /// No elevation in the file, no speed or course known.
    static let bareLocation = event(
        4.5,
        .location(
            LocationFix(
                time: start.adding(seconds: 4.5), latitude: -33.8688, longitude: 151.2093, sourceIndex: 2)))

    static let locationError = event(600, .locationError(.denied))

    static let alert = event(600, .alert(message: WeatherAppModel.accessOffAlert))

    static let app = event(3600, .app(.background))

    static let partlyCloudy = WeatherConditions(
        temperatureCelsius: 14.2, apparentTemperatureCelsius: 12.9, relativeHumidity: 71, precipitationMm: 0,
        cloudCover: 40, weatherCode: .partlyCloudy, windSpeedMps: 3.1, windDirectionDegrees: 240, isDay: true)

    static let cell = WeatherCell(latitude: 37.7954123, longitude: -122.3942634, sizeDegrees: 0.01)

    /// Built-in model weather for ``location``.
    static let weather = event(
        3,
        .weather(
            WeatherObservation(
                latitude: 37.7954123, longitude: -122.3942634, cell: cell, source: .model,
                conditions: partlyCloudy, attempts: 1)))

    /// Fetched from a server after a retry.
    static let networkWeather = event(
        3700,
        .weather(
            WeatherObservation(
                latitude: 37.8012, longitude: -122.4101,
                cell: WeatherCell(latitude: 37.8012, longitude: -122.4101, sizeDegrees: 0.01),
                source: .network, conditions: partlyCloudy, attempts: 2, fetchMilliseconds: 183.246)))

    static let weatherError = event(
        4000,
        .weatherError(
            WeatherFailure(
                cell: cell, message: "HTTP 500: Internal Server Error", attempts: 3, httpStatus: 500, willRetry: true)))

    /// The last good weather kept after a failure.
    static let staleWeather = event(
        4000,
        .weather(
            WeatherObservation(
                latitude: 37.7954123, longitude: -122.3942634, cell: cell, source: .cache, stale: true,
                conditions: partlyCloudy, attempts: 0)))

    static let timeoutError = event(
        4500,
        .weatherError(
            WeatherFailure(
                cell: cell, message: "timed out after 5 s", attempts: 3, httpStatus: nil, willRetry: true)))

    static let end = event(
        5166,
        .end(
            ReplaySummary(
                points: 1840, locations: 1840, distanceMeters: 7080.5555, simulatedSeconds: 5166, wallSeconds: 0.08649,
                weather: WeatherStatistics(lookups: 1840, networkFetches: 9, cacheHits: 1829, errors: 2))))

    static let all: [TimelineEvent] = [
        startEvent(), authorization, prompt, location, weather, bareLocation, locationError, alert, app,
        networkWeather, weatherError, staleWeather, timeoutError, end,
    ]

    /// `format`'s bytes for `events`, header included, as text.
    static func render<Format: TimelineFormat>(_ events: [TimelineEvent], in format: Format) -> String {
        var format = format
        var bytes: [UInt8] = []
        format.appendHeader(to: &bytes)
        for event in events { format.append(event, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
