// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
/// The units a request asks for (`temperature_unit`, `wind_speed_unit`,
/// `precipitation_unit`, `timeformat`), with Open-Meteo's spellings and symbols.
struct MeasurementUnits: Sendable, Equatable {
    var temperature = TemperatureUnit.celsius
    var windSpeed = WindSpeedUnit.kmh
    var precipitation = PrecipitationUnit.mm
    var time = TimeFormat.iso8601
}

/// `temperature_unit`.
enum TemperatureUnit: String, Sendable, CaseIterable {
    case celsius, fahrenheit

    var symbol: String { self == .celsius ? "°C" : "°F" }

    /// The model's °C in this unit, to 0.1 like Open-Meteo.
    func value(celsius: Double) -> NumberValue {
        .decimal(self == .celsius ? celsius : celsius * 9 / 5 + 32, fractionDigits: 1)
    }
}

/// `wind_speed_unit` (`windspeed_unit` is Open-Meteo's older spelling).
enum WindSpeedUnit: String, Sendable, CaseIterable {
    case kmh, ms, mph, kn

    /// Open-Meteo writes miles per hour as `mp/h`.
    var symbol: String {
        switch self {
        case .kmh: "km/h"
        case .ms: "m/s"
        case .mph: "mp/h"
        case .kn: "kn"
        }
    }

    /// A speed in this unit, to 0.1.
    ///
    /// km/h is the model's own rounded value, so a client comparing with
    /// `WeatherConditions.windSpeedKilometersPerHour` agrees to the last digit.
    func value(metersPerSecond: Double, kilometersPerHour: Double) -> NumberValue {
        switch self {
        case .kmh: .decimal(kilometersPerHour, fractionDigits: 1)
        case .ms: .decimal(metersPerSecond, fractionDigits: 1)
        case .mph: .decimal(metersPerSecond * 3600 / 1609.344, fractionDigits: 1)
        case .kn: .decimal(metersPerSecond * 3600 / 1852, fractionDigits: 1)
        }
    }
}

/// `precipitation_unit`.
enum PrecipitationUnit: String, Sendable, CaseIterable {
    case mm, inch

    var symbol: String { rawValue }

    /// Snowfall's unit: centimetres of snow, or inches.
    var snowSymbol: String { self == .mm ? "cm" : "inch" }

    /// Millimetres of water in this unit: 0.1 mm, or 0.001 inch (0.1 inch would hide most rain).
    func value(millimeters: Double) -> NumberValue {
        self == .mm ? .decimal(millimeters, fractionDigits: 1) : .decimal(millimeters / 25.4, fractionDigits: 3)
    }

    /// Centimetres of snow in this unit.
    func value(snowCentimeters: Double) -> NumberValue {
        self == .mm ? .decimal(snowCentimeters, fractionDigits: 2) : .decimal(snowCentimeters / 2.54, fractionDigits: 3)
    }
}

/// `length_unit`: `imperial` asks for inches and feet, as `precipitation_unit=inch` does.
enum LengthUnit: String, Sendable, CaseIterable {
    case metric, imperial
}

/// `timeformat`: how `time` values are written.
enum TimeFormat: String, Sendable, CaseIterable {
    /// `"2024-07-01T13:00"` and `"2024-07-01"`.
    case iso8601
    /// Seconds since 1970 as integers.
    case unixtime
}

/// A number as it goes into the JSON answer.
enum NumberValue: Equatable {
    case integer(Int)
    /// Rounded to `fractionDigits` and always written with a decimal point (`15.0`), as
    /// Open-Meteo does for its floating-point variables.
    case decimal(Double, fractionDigits: Int)
    /// A moment (`sunrise`), Unix seconds: shown as a time where times are shown, and as the
    /// integer elsewhere.
    case instant(Int)
}

extension JSONLineWriter {
    /// Writes `value`: integers as they are, decimals with at least one fraction digit.
    mutating func number(_ value: NumberValue) {
        switch value {
        case .integer(let integer), .instant(let integer):
            self.integer(integer)
        case .decimal(let decimal, let fractionDigits):
            // `15.0` rather than `15`: a strictly typed client may tell the two apart.
            numberWithFraction(decimal, fractionDigits: fractionDigits)
        }
    }
}

extension NumberValue {
    /// The number as the JSON answer writes it (`15.0`, `65`).
    var text: String {
        var json = JSONLineWriter(capacity: 24)
        json.number(self)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// The number the JSON answer's text reads back as, as the float an Open-Meteo
    /// FlatBuffers message carries (so that a client reading either gets the same value).
    var float: Float {
        switch self {
        case .integer(let integer), .instant(let integer): Float(integer)
        case .decimal: Float(Double(text) ?? .nan)
        }
    }
}
