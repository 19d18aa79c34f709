// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastWeather

extension WeatherObservation: TimelineEventBody {
    static let eventType = "weather"
    static let textColor = TimelineTextColor.blue
    static var example: WeatherObservation {
        WeatherObservation(
            latitude: 37.8, longitude: -122.4, cell: WeatherCell(latitude: 37.8, longitude: -122.4, sizeDegrees: 0.01),
            source: .model,
            conditions: WeatherConditions(
                temperatureCelsius: 14.2, apparentTemperatureCelsius: 12.9, relativeHumidity: 71, precipitationMm: 0,
                cloudCover: 40, weatherCode: .partlyCloudy, windSpeedMps: 3.1, windDirectionDegrees: 240, isDay: true),
            attempts: 1)
    }

    func writeFields(to fields: inout some TimelineFields) {
        fields.number("lat", latitude, digits: TimelinePrecision.coordinate)
        fields.number("lon", longitude, digits: TimelinePrecision.coordinate)
        fields.string("cell", cell.description)
        fields.choice("source", source)
        fields.bool("stale", stale)
        fields.number("temperatureCelsius", conditions.temperatureCelsius, digits: TimelinePrecision.weather)
        fields.number(
            "apparentTemperatureCelsius", conditions.apparentTemperatureCelsius, digits: TimelinePrecision.weather)
        fields.integer("relativeHumidity", conditions.relativeHumidity)
        fields.number("precipitationMm", conditions.precipitationMm, digits: TimelinePrecision.weather)
        fields.integer("cloudCover", conditions.cloudCover)
        fields.integer("weatherCode", conditions.weatherCode.rawValue)
        fields.string("condition", conditions.condition)
        fields.number("windSpeedMps", conditions.windSpeedMps, digits: TimelinePrecision.weather)
        fields.integer("windDirectionDegrees", conditions.windDirectionDegrees)
        fields.bool("isDay", conditions.isDay)
        fields.integer("attempts", attempts)
        fields.number("fetchMs", fetchMilliseconds, digits: TimelinePrecision.fetchMilliseconds)
    }

    /// `12.4 °C (feels 11.0 °C), partly cloudy, wind 3.1 m/s from 240°, humidity 71%, ...`
    /// with one decimal always, so successive lines read alike.
    func appendText(to bytes: inout [UInt8]) {
        TextTimelineFormat.appendFixed(conditions.temperatureCelsius, digits: 1, width: 0, to: &bytes)
        bytes.append(contentsOf: " °C (feels ".utf8)
        TextTimelineFormat.appendFixed(conditions.apparentTemperatureCelsius, digits: 1, width: 0, to: &bytes)
        bytes.append(contentsOf: " °C), \(conditions.condition), wind ".utf8)
        TextTimelineFormat.appendFixed(conditions.windSpeedMps, digits: 1, width: 0, to: &bytes)
        var text = " m/s from \(conditions.windDirectionDegrees)°, humidity \(conditions.relativeHumidity)%, "
        text += "cloud \(conditions.cloudCover)%, precipitation "
        bytes.append(contentsOf: text.utf8)
        TextTimelineFormat.appendFixed(conditions.precipitationMm, digits: 1, width: 0, to: &bytes)
        text = " mm, \(conditions.isDay ? "day" : "night")  [\(source.rawValue)"
        if stale { text += ", stale" }
        if source == .network {
            text += ", \(attempts) attempt\(attempts == 1 ? "" : "s")"
            if let fetchMilliseconds { text += ", \(TextTimelineFormat.number(fetchMilliseconds, digits: 1)) ms" }
        }
        text += ", cell \(cell)]"
        bytes.append(contentsOf: text.utf8)
    }
}
