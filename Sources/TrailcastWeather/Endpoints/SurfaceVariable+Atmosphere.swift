// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(ucrt)
import ucrt
#endif

/// The surface variables beyond the model's own weather: pressure, cloud layers, the sun's
/// radiation and sunshine, the freezing level, moisture, convection, evapotranspiration and
/// snow on the ground (each rule in ``DerivedAtmosphere`` and ``SolarRadiation``).
extension SurfaceVariable {
    func atmosphereValue(_ hour: ModelHour, _ units: MeasurementUnits) -> NumberValue {
        let conditions = hour.conditions
        /// A height above sea level or a depth, in metres or (where lengths are imperial) feet.
        func length(_ meters: Double, fractionDigits: Int = 0) -> NumberValue {
            .decimal(units.precipitation == .mm ? meters : meters * 3.280839895, fractionDigits: fractionDigits)
        }
        func radiation(_ value: KeyPath<SolarRadiation, Double>, instant: Bool) -> NumberValue {
            let radiation =
                instant
                ? SolarRadiation(
                    latitude: hour.latitude, longitude: hour.longitude, unixTime: Double(hour.unixTime),
                    cloudCover: conditions.cloudCover, tilt: hour.panel.tilt, azimuth: hour.panel.azimuth)
                : SolarRadiation.hourMean(
                    latitude: hour.latitude, longitude: hour.longitude, endingAt: hour.unixTime,
                    cloudCover: conditions.cloudCover, tilt: hour.panel.tilt, azimuth: hour.panel.azimuth)
            return .decimal(radiation[keyPath: value], fractionDigits: 1)
        }
        switch self {
        case .pressureMSL: return .decimal(DerivedAtmosphere.seaLevelPressure(conditions), fractionDigits: 1)
        case .surfacePressure:
            return .decimal(
                DerivedAtmosphere.surfacePressure(conditions, elevationMeters: hour.elevationMeters), fractionDigits: 1)
        case .cloudCoverLow: return .integer(DerivedAtmosphere.cloudLayers(conditions).low)
        case .cloudCoverMid: return .integer(DerivedAtmosphere.cloudLayers(conditions).mid)
        case .cloudCoverHigh: return .integer(DerivedAtmosphere.cloudLayers(conditions).high)
        case .shortwaveRadiation: return radiation(\.global, instant: false)
        case .directRadiation: return radiation(\.direct, instant: false)
        case .diffuseRadiation: return radiation(\.diffuse, instant: false)
        case .directNormalIrradiance: return radiation(\.directNormal, instant: false)
        case .globalTiltedIrradiance: return radiation(\.tilted, instant: false)
        case .terrestrialRadiation: return radiation(\.topOfAtmosphere, instant: false)
        case .shortwaveRadiationInstant: return radiation(\.global, instant: true)
        case .directRadiationInstant: return radiation(\.direct, instant: true)
        case .diffuseRadiationInstant: return radiation(\.diffuse, instant: true)
        case .directNormalIrradianceInstant: return radiation(\.directNormal, instant: true)
        case .globalTiltedIrradianceInstant: return radiation(\.tilted, instant: true)
        case .terrestrialRadiationInstant: return radiation(\.topOfAtmosphere, instant: true)
        case .sunshineDuration:
            return .decimal(
                Double(
                    SolarRadiation.sunshineSeconds(
                        latitude: hour.latitude, longitude: hour.longitude, endingAt: hour.unixTime,
                        cloudCover: conditions.cloudCover)),
                fractionDigits: 2)
        case .freezingLevelHeight:
            return length(DerivedAtmosphere.freezingLevel(conditions, elevationMeters: hour.elevationMeters))
        case .snowfallHeight:
            return length(DerivedAtmosphere.snowfallHeight(conditions, elevationMeters: hour.elevationMeters))
        case .vapourPressureDeficit:
            return .decimal(DerivedAtmosphere.vapourPressureDeficit(conditions), fractionDigits: 2)
        case .wetBulbTemperature2m: return units.temperature.value(celsius: DerivedAtmosphere.wetBulb(conditions))
        case .cape: return .decimal(DerivedAtmosphere.cape(conditions), fractionDigits: 1)
        case .lightningPotential:
            return .decimal(
                conditions.weatherCode.isThunderstorm ? DerivedAtmosphere.cape(conditions) : 0, fractionDigits: 1)
        case .et0FAOEvapotranspiration:
            let global = SolarRadiation.hourMean(
                latitude: hour.latitude, longitude: hour.longitude, endingAt: hour.unixTime,
                cloudCover: conditions.cloudCover
            ).global
            let millimeters = Self.referenceEvapotranspiration(
                conditions, globalRadiation: global, elevationMeters: hour.elevationMeters)
            return units.precipitation.value(millimeters: (millimeters * 100).rounded() / 100)
        case .snowDepth:
            return length(Self.snowDepthMeters(hour), fractionDigits: 2)
        default:
            return groundAndConvectionValue(hour, units)
        }
    }

    /// FAO-56's hourly reference evapotranspiration (equation 53), mm: net radiation 77 % of
    /// the sunlight (albedo 0.23) less 0.05 MJ/m² an hour of outgoing longwave, soil heat 10 %
    /// of it by day and half by night, the wind at 2 m from 10 m by FAO's log factor 0.748;
    /// never below zero.
    static func referenceEvapotranspiration(
        _ conditions: WeatherConditions, globalRadiation: Double, elevationMeters: Double
    ) -> Double {
        let temperature = conditions.temperatureCelsius
        let netRadiation = 0.77 * globalRadiation * 0.0036 - 0.05
        let soilHeat = netRadiation * (globalRadiation > 0 ? 0.1 : 0.5)
        let saturation = DerivedAtmosphere.saturationVapourPressure(celsius: temperature)
        let actual = saturation * Double(conditions.relativeHumidity) / 100
        let slope = 4098 * saturation / pow(temperature + 237.3, 2)
        let pressure = 101.3 * pow((293 - 0.0065 * elevationMeters) / 293, 5.26)
        let psychrometric = 0.000_665 * pressure
        let wind = conditions.windSpeedMps * 0.748
        let evaporation =
            (0.408 * slope * (netRadiation - soilHeat) + psychrometric * 37 / (temperature + 273) * wind
                * (saturation - actual))
            / (slope + psychrometric * (1 + 0.34 * wind))
        return max(0, evaporation)
    }

    /// Snow on the ground, metres: the last week's snowfall, three hours at a time (each mm of
    /// water 0.7 cm of snow, as `snowfall` counts it), melting 0.3 cm an hour for each degree
    /// above freezing and settling 1 % every three hours. The project's reading; none when
    /// the hours before cannot be read.
    static func snowDepthMeters(_ hour: ModelHour) -> Double {
        guard let history = hour.history else { return 0 }
        var centimeters = 0.0
        for step in stride(from: 7 * 24, through: 0, by: -3) {
            let conditions = step == 0 ? hour.conditions : history(hour.unixTime - step * 3600)
            if conditions.weatherCode.isSnow { centimeters += conditions.precipitationMm * 0.7 * 3 }
            centimeters -= max(0, conditions.temperatureCelsius) * 0.3 * 3
            centimeters = max(0, centimeters * 0.99)
        }
        return centimeters.rounded() / 100
    }
}
