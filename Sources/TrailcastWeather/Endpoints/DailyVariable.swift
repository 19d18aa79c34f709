// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// A variable of `daily`, read from its name as Open-Meteo reads it (`ForecastVariableDaily`,
/// its 126 names): what Open-Meteo takes is taken here, a name it does not know is a 400.
///
/// Served with values: the days' summaries with rules of their own (``DailySummaryVariable``:
/// extremes, sums, the sun), every other `NAME_max`, `_min`, `_mean` and `_sum` of an hourly
/// variable this server computes, over the day's 24 hours as Open-Meteo aggregates them,
/// `wind_direction_10m_dominant` (the direction of the day's mean wind vector, each hour
/// weighted by its speed), `sunshine_duration`, `shortwave_radiation_sum` (MJ/m²) and
/// `et0_fao_evapotranspiration` (the hours' sums). Another name is answered as Open-Meteo
/// answers a variable its model has no data for: unit `undefined` and every value null.
enum DailyVariable: Sendable, Equatable {
    case summary(DailySummaryVariable)
    case aggregate(WeatherVariable, Aggregation)
    case noData

    enum Aggregation: String, Sendable {
        case maximum = "max", minimum = "min", mean, sum, dominant
    }

    /// The variable named `name`, or nil if Open-Meteo does not know it.
    init?(named name: String) {
        if let summary = DailySummaryVariable(named: name) {
            self = .summary(summary)
            return
        }
        guard OpenMeteoVariableNames.daily.contains(name) else { return nil }
        switch name {
        case "sunshine_duration": self = .aggregate(.surface(.sunshineDuration), .sum)
        case "et0_fao_evapotranspiration": self = .aggregate(.surface(.et0FAOEvapotranspiration), .sum)
        default:
            self = .noData
            guard let split = name.lastIndex(of: "_"),
                let aggregation = Aggregation(rawValue: String(name[name.index(after: split)...])),
                let hourly = WeatherVariable(named: String(name[..<split])), hourly != .noData
            else { return }
            self = .aggregate(hourly, aggregation)
        }
    }

    /// The unit string of `daily_units`.
    func unit(_ units: MeasurementUnits) -> String {
        switch self {
        case .summary(let summary): summary.unit(units)
        case .aggregate(.surface(.shortwaveRadiation), .sum): "MJ/m²"
        case .aggregate(let hourly, _): hourly.unit(units)
        case .noData: "undefined"
        }
    }

    /// This variable's value for a day, in `units`.
    func value(_ day: ForecastDay, _ units: MeasurementUnits) -> NumberValue {
        switch self {
        case .summary(let summary):
            return summary.value(day, units)
        case .aggregate(.surface(.windDirection10m), .dominant):
            // The mean wind vector's direction (where it comes from), each hour weighted by its speed.
            let (east, north) = day.hours.reduce((0.0, 0.0)) { sum, hour in
                let angle = Double(hour.conditions.windDirectionDegrees) * .pi / 180
                return (
                    sum.0 + hour.conditions.windSpeedMps * sin(angle), sum.1 + hour.conditions.windSpeedMps * cos(angle)
                )
            }
            let degrees = (atan2(east, north) * 180 / .pi).rounded()
            return .integer((Int(degrees) + 360) % 360)
        case .aggregate(let hourly, let aggregation):
            let values = day.hours.map { hourly.value($0, units) }
            let numbers = values.map(\.double)
            let result: Double
            switch aggregation {
            case .maximum: result = numbers.max() ?? .nan
            case .minimum: result = numbers.min() ?? .nan
            case .mean, .dominant: result = numbers.reduce(0, +) / Double(max(numbers.count, 1))
            case .sum:
                // W/m² for an hour each: the day's energy in MJ/m².
                if hourly == .surface(.shortwaveRadiation) {
                    return .decimal((numbers.reduce(0, +) * 3600 / 1e6 * 100).rounded() / 100, fractionDigits: 2)
                }
                result = numbers.reduce(0, +)
            }
            if case .integer = values.first, aggregation != .mean { return .integer(Int(result)) }
            if case .integer = values.first { return .integer(Int(result.rounded())) }
            if case .decimal(_, let digits) = values.first {
                let scale = pow(10, Double(digits))
                return .decimal((result * scale).rounded() / scale, fractionDigits: digits)
            }
            return .decimal(result, fractionDigits: 1)
        case .noData:
            return .decimal(.nan, fractionDigits: 0)
        }
    }

    /// How an Open-Meteo FlatBuffers message names it: the hourly variable with its aggregation.
    var flatBuffersDescription: WeatherApiSchema.Description {
        switch self {
        case .summary(let summary): return summary.flatBuffersDescription
        case .aggregate(let hourly, let aggregation):
            var description = hourly.flatBuffersDescription
            // The day's sums of an hourly amount: Open-Meteo names `sunshine_duration` and
            // `et0_fao_evapotranspiration` without an aggregation, as their daily variables.
            if !(aggregation == .sum
                && [.surface(.sunshineDuration), .surface(.et0FAOEvapotranspiration)].contains(hourly))
            {
                description.aggregation =
                    switch aggregation {
                    case .maximum: .maximum
                    case .minimum: .minimum
                    case .mean: .mean
                    case .sum: .sum
                    case .dominant: .dominant
                    }
            }
            return description
        case .noData: return .init(variable: .undefined)
        }
    }

    /// The schema's unit for this variable's values in `units`.
    func flatBuffersUnit(_ units: MeasurementUnits) -> WeatherApiSchema.Unit {
        switch self {
        case .summary(let summary): summary.flatBuffersUnit(units)
        case .aggregate(.surface(.shortwaveRadiation), .sum): .megajoulePerSquareMetre
        case .aggregate(let hourly, _): hourly.flatBuffersUnit(units)
        case .noData: .undefined
        }
    }
}

extension NumberValue {
    /// The value as a number (an instant's Unix seconds).
    var double: Double {
        switch self {
        case .integer(let integer), .instant(let integer): Double(integer)
        case .decimal(let decimal, _): decimal
        }
    }
}
