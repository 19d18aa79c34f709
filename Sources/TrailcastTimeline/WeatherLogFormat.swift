// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastWeather

/// The weather log (`--weather-log`): CSV with a header and one row per `weather` event,
/// nothing for other events. Where was I, what was the weather.
///
/// ```
/// time,offset,lat,lon,temperatureCelsius,apparentTemperatureCelsius,relativeHumidity,...
/// 2026-03-14T16:00:05.000Z,5,37.80852,-122.41005,14.2,13.1,71,0,40,2,partly cloudy,3.1,240,model,false
/// ```
package struct WeatherLogFormat: TimelineFormat {
    /// The header's column names, in order.
    package static let columns = [
        "time", "offset", "lat", "lon", "temperatureCelsius", "apparentTemperatureCelsius",
        "relativeHumidity", "precipitationMm", "cloudCover", "weatherCode", "condition",
        "windSpeedMps", "windDirectionDegrees", "source", "stale",
    ]

    package init() {}

    package mutating func appendHeader(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: Self.columns.joined(separator: ",").utf8)
        bytes.append(0x0A)
    }

    package mutating func append(_ event: TimelineEvent, to bytes: inout [UInt8]) {
        guard case .weather(let weather) = event.kind else { return }
        let conditions = weather.conditions
        event.time.appendTimelineTime(to: &bytes)
        bytes.append(UInt8(ascii: ","))
        bytes.appendDecimal(event.offsetSeconds, fractionDigits: TimelinePrecision.offset)
        for value in [weather.latitude, weather.longitude] {
            bytes.append(UInt8(ascii: ","))
            bytes.appendDecimal(value, fractionDigits: TimelinePrecision.coordinate)
        }
        for value in [conditions.temperatureCelsius, conditions.apparentTemperatureCelsius] {
            bytes.append(UInt8(ascii: ","))
            bytes.appendDecimal(value, fractionDigits: TimelinePrecision.weather)
        }
        bytes.append(UInt8(ascii: ","))
        bytes.appendDecimal(conditions.relativeHumidity)
        bytes.append(UInt8(ascii: ","))
        bytes.appendDecimal(conditions.precipitationMm, fractionDigits: TimelinePrecision.weather)
        bytes.append(UInt8(ascii: ","))
        bytes.appendDecimal(conditions.cloudCover)
        bytes.append(UInt8(ascii: ","))
        bytes.appendDecimal(conditions.weatherCode.rawValue)
        bytes.append(UInt8(ascii: ","))
        CSVTimelineFormat.appendField(Array(conditions.condition.utf8), to: &bytes)
        bytes.append(UInt8(ascii: ","))
        bytes.appendDecimal(conditions.windSpeedMps, fractionDigits: TimelinePrecision.weather)
        bytes.append(UInt8(ascii: ","))
        bytes.appendDecimal(conditions.windDirectionDegrees)
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: weather.source.rawValue.utf8)
        bytes.append(contentsOf: weather.stale ? ",true\n".utf8 : ",false\n".utf8)
    }
}
