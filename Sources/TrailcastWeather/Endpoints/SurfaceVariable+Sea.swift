// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// The sea under the place, as Open-Meteo's marine models give it, from the model's air: the
/// project's reading, for an app that asks for them beside the weather (the model has no
/// ocean, so these hold together rather than forecast):
///
/// - `sea_surface_temperature`: the air's mean over the two days before, the sea being slow,
///   never below seawater's freezing point (-1.8 °C);
/// - `sea_level_height_msl`: the principal lunar tide (M2, 12.42 hours), 0.5 m, its phase
///   moving with the longitude;
/// - `ocean_current_velocity` and `_direction`: the wind drift, 3 % of the wind at 10 m,
///   turned 45° to the right of the wind north of the equator and to the left south of it
///   (Ekman), the direction it flows to;
/// - `sea_ice_thickness`: 0.5 m where the sea is at its freezing point, else none.
extension SurfaceVariable {
    func seaValue(_ hour: ModelHour, _ units: MeasurementUnits) -> NumberValue {
        let conditions = hour.conditions
        switch self {
        case .seaSurfaceTemperature:
            return units.temperature.value(celsius: Self.seaTemperature(hour))
        case .seaLevelHeightMSL:
            let phase = 2 * Double.pi * Double(hour.unixTime) / (12.42 * 3600) + hour.longitude * .pi / 180
            let meters = 0.5 * cos(phase)
            return .decimal(
                units.precipitation == .mm
                    ? (meters * 100).rounded() / 100 : (meters * 3.280839895 * 100).rounded() / 100,
                fractionDigits: 2)
        case .oceanCurrentVelocity:
            let drift = conditions.windSpeedMps * 0.03
            return units.windSpeed.value(
                metersPerSecond: roundedToTenth(drift), kilometersPerHour: roundedToTenth(drift * 3.6))
        case .oceanCurrentDirection:
            // The wind comes from its direction and blows toward the opposite one.
            let towards = conditions.windDirectionDegrees + 180 + (hour.latitude >= 0 ? 45 : -45)
            return .integer((towards % 360 + 360) % 360)
        case .seaIceThickness:
            return .decimal(Self.seaTemperature(hour) <= -1.8 ? 0.5 : 0, fractionDigits: 2)
        default:
            return .decimal(.nan, fractionDigits: 0)
        }
    }

    /// The air's mean over the 48 hours before (every six hours), not below -1.8 °C.
    static func seaTemperature(_ hour: ModelHour) -> Double {
        let history = hour.history ?? { _ in hour.conditions }
        let mean = (1...8).map { history(hour.unixTime - $0 * 6 * 3600).temperatureCelsius }.reduce(0, +) / 8
        return roundedToTenth(max(-1.8, mean))
    }

    func seaUnit(_ units: MeasurementUnits) -> String {
        switch self {
        case .seaSurfaceTemperature: units.temperature.symbol
        case .seaLevelHeightMSL: units.precipitation == .mm ? "m" : "ft"
        case .seaIceThickness: "m"
        case .oceanCurrentVelocity: units.windSpeed.symbol
        case .oceanCurrentDirection: "°"
        default: "undefined"
        }
    }

    var seaDescription: WeatherApiSchema.Description {
        switch self {
        case .seaSurfaceTemperature: .init(variable: .seaSurfaceTemperature)
        case .seaLevelHeightMSL: .init(variable: .seaLevelHeightMSL)
        case .oceanCurrentVelocity: .init(variable: .oceanCurrentVelocity)
        case .oceanCurrentDirection: .init(variable: .oceanCurrentDirection)
        case .seaIceThickness: .init(variable: .seaIceThickness)
        default: .init(variable: .undefined)
        }
    }

    func seaFlatBuffersUnit(_ units: MeasurementUnits) -> WeatherApiSchema.Unit {
        switch self {
        case .seaSurfaceTemperature: units.temperatureUnit
        case .seaLevelHeightMSL: units.precipitation == .mm ? .metre : .feet
        case .seaIceThickness: .metre
        case .oceanCurrentVelocity: units.windSpeedUnit
        case .oceanCurrentDirection: .degreeDirection
        default: .undefined
        }
    }
}
