// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// The surface variables of the ground, the water and convection: the hour's extremes,
/// snow as water, evaporation and runoff, the kind and chance of what falls, the moisture of
/// the column, the stability of the air, the boundary layer and the surface itself. Each from
/// the model's own hour (and the hours before where it needs them); the rules are the
/// project's reading unless a formula is named, each a line of docs/weather.md.
extension SurfaceVariable {
    func groundAndConvectionValue(_ hour: ModelHour, _ units: MeasurementUnits) -> NumberValue {
        let conditions = hour.conditions
        let code = conditions.weatherCode
        let convective = (80...86).contains(code.rawValue) || code.isThunderstorm
        let freezing = [56, 57, 66, 67].contains(code.rawValue)
        let falling = conditions.precipitationMm >= 0.1
        let chance = DerivedWeather.precipitationProbability(conditions)
        // Only for the variables that use it: four solar positions a value.
        var radiation: SolarRadiation {
            SolarRadiation.hourMean(
                latitude: hour.latitude, longitude: hour.longitude, endingAt: hour.unixTime,
                cloudCover: conditions.cloudCover)
        }
        func length(_ meters: Double) -> NumberValue {
            .decimal(
                units.precipitation == .mm ? meters.rounded() : (meters * 3.280839895).rounded(), fractionDigits: 0)
        }
        switch self {
        case .temperature2mMax, .temperature2mMin:
            // Over the hour before: the two whole hours that bound it.
            let before = hour.history?(hour.unixTime - 3600).temperatureCelsius ?? conditions.temperatureCelsius
            let pair = [before, conditions.temperatureCelsius]
            return units.temperature.value(celsius: self == .temperature2mMax ? pair.max()! : pair.min()!)
        case .snowfallWaterEquivalent:
            return units.precipitation.value(millimeters: code.isSnow ? conditions.precipitationMm : 0)
        case .snowDepthWaterEquivalent:
            // Settled snow holds a fifth of its depth as water.
            return units.precipitation.value(millimeters: (Self.snowDepthMeters(hour) * 200 * 10).rounded() / 10)
        case .snowHeight:
            let meters = Self.snowDepthMeters(hour)
            return .decimal(
                units.precipitation == .mm ? meters : (meters * 3.280839895 * 100).rounded() / 100, fractionDigits: 2)
        case .evapotranspiration:
            // Seven tenths of the reference crop's, a field not watered.
            let reference = Self.referenceEvapotranspiration(
                conditions, globalRadiation: radiation.global, elevationMeters: hour.elevationMeters)
            return units.precipitation.value(millimeters: (reference * 0.7 * 100).rounded() / 100)
        case .runoff:
            // What the soil does not take: rain beyond 2 mm an hour.
            return units.precipitation.value(millimeters: roundedToTenth(max(0, conditions.precipitationMm - 2)))
        case .precipitationType:
            // ECMWF's codes: 0 none, 1 rain, 3 freezing rain, 5 snow.
            return .integer(!falling ? 0 : freezing ? 3 : code.isSnow ? 5 : 1)
        case .rainProbability: return .integer(falling && !code.isSnow && !freezing ? chance : falling ? 0 : chance / 2)
        case .snowfallProbability:
            return .integer(code.isSnow ? chance : conditions.temperatureCelsius < 2 ? chance / 2 : 0)
        case .freezingRainProbability: return .integer(freezing ? chance : 0)
        case .icePelletsProbability: return .integer(code.rawValue == 79 ? chance : 0)
        case .thunderstormProbability: return .integer(code.isThunderstorm ? max(chance, 90) : convective ? 30 : 0)
        case .totalColumnIntegratedWaterVapour:
            // About 1.7 kg/m² of water in the column for each hPa of vapour pressure at the ground.
            let vapour =
                DerivedAtmosphere.saturationVapourPressure(celsius: conditions.temperatureCelsius) * 10
                * Double(conditions.relativeHumidity) / 100
            return .decimal(roundedToTenth(1.7 * vapour), fractionDigits: 1)
        case .liftedIndex:
            return .decimal(roundedToTenth(5 - DerivedAtmosphere.cape(conditions) / 300), fractionDigits: 1)
        case .convectiveInhibition: return .decimal(convective ? 0 : 50, fractionDigits: 1)
        case .kIndex:
            // George's K index from this server's own levels: (T850 - T500) + Td850 - (T700 - Td700).
            func level(_ hectopascals: Double) -> (celsius: Double, dewPoint: Double) {
                let air = DerivedAtmosphere.level(
                    conditions, hectopascals: hectopascals, elevationMeters: hour.elevationMeters)
                var moist = conditions
                moist.temperatureCelsius = air.temperatureCelsius
                moist.relativeHumidity = air.relativeHumidity
                return (air.temperatureCelsius, DerivedWeather.dewPointCelsius(moist))
            }
            let (at850, at700, at500) = (level(850), level(700), level(500))
            return .decimal(
                roundedToTenth(at850.celsius - at500.celsius + at850.dewPoint - (at700.celsius - at700.dewPoint)),
                fractionDigits: 1)
        case .boundaryLayerHeight:
            // Mixed by the sun's warmth by day (2 m for each W/m²), shallow at night, deeper in wind.
            return length(200 + 2 * radiation.global + 30 * conditions.windSpeedMps)
        case .surfaceTemperature:
            // The ground warmer than the air in sunshine, colder under a clear night sky.
            let sunlight = radiation.global
            let night = sunlight == 0 ? 2 * (1 - Double(conditions.cloudCover) / 100) : 0
            return units.temperature.value(
                celsius: roundedToTenth(conditions.temperatureCelsius + sunlight / 100 - night))
        case .massDensity8m:
            // The ideal gas at 8 m: pressure over R T.
            let pascals = DerivedAtmosphere.surfacePressure(conditions, elevationMeters: hour.elevationMeters + 8) * 100
            let kelvin = DerivedAtmosphere.temperature(conditions, heightMeters: 8) + 273.15
            return .decimal(
                (pascals / (DerivedAtmosphere.gasConstant * kelvin) * 1000).rounded() / 1000, fractionDigits: 3)
        case .convectiveCloudBase:
            // The lifting condensation level: 125 m for each degree between air and dew point.
            let spread = conditions.temperatureCelsius - DerivedWeather.dewPointCelsius(conditions)
            return length(hour.elevationMeters + 125 * max(0, spread))
        case .convectiveCloudTop:
            let spread = conditions.temperatureCelsius - DerivedWeather.dewPointCelsius(conditions)
            let base = hour.elevationMeters + 125 * max(0, spread)
            return length(code.isThunderstorm ? max(base, 11_000) : convective ? max(base, 6000) : base)
        case .updraft:
            // A parcel's speed from its buoyant energy, a quarter of √(2 CAPE).
            return .decimal(
                roundedToTenth((2 * DerivedAtmosphere.cape(conditions)).squareRoot() / 4), fractionDigits: 1)
        case .lightningDensity: return .decimal(code.isThunderstorm ? 1 : 0, fractionDigits: 1)
        case .roughnessLength: return .decimal(0.1, fractionDigits: 2)
        case .albedo: return .integer(Self.snowDepthMeters(hour) >= 0.01 ? 80 : 20)
        default: return seaValue(hour, units)
        }
    }

    func groundAndConvectionUnit(_ units: MeasurementUnits) -> String {
        switch self {
        case .temperature2mMax, .temperature2mMin, .surfaceTemperature: units.temperature.symbol
        case .snowfallWaterEquivalent, .snowDepthWaterEquivalent, .evapotranspiration, .runoff:
            units.precipitation.symbol
        case .snowHeight, .boundaryLayerHeight, .convectiveCloudBase, .convectiveCloudTop:
            units.precipitation == .mm ? "m" : "ft"
        case .precipitationType, .liftedIndex, .kIndex: ""
        case .rainProbability, .snowfallProbability, .freezingRainProbability, .icePelletsProbability,
            .thunderstormProbability,
            .albedo:
            "%"
        case .totalColumnIntegratedWaterVapour: "kg/m²"
        case .convectiveInhibition: "J/kg"
        case .massDensity8m: "kg/m³"
        case .updraft: "m/s"
        case .lightningDensity: "1/km²/day"
        case .roughnessLength: "m"
        default: seaUnit(units)
        }
    }

    var groundAndConvectionDescription: WeatherApiSchema.Description {
        switch self {
        case .temperature2mMax: .init(variable: .temperature, altitude: 2, aggregation: .maximum)
        case .temperature2mMin: .init(variable: .temperature, altitude: 2, aggregation: .minimum)
        case .snowfallWaterEquivalent: .init(variable: .snowfallWaterEquivalent)
        case .snowDepthWaterEquivalent: .init(variable: .snowDepthWaterEquivalent)
        case .snowHeight: .init(variable: .snowHeight)
        case .evapotranspiration: .init(variable: .evapotranspiration)
        case .runoff: .init(variable: .runoff)
        case .precipitationType: .init(variable: .precipitationType)
        case .rainProbability: .init(variable: .rainProbability)
        case .snowfallProbability: .init(variable: .snowfallProbability)
        case .freezingRainProbability: .init(variable: .freezingRainProbability)
        case .icePelletsProbability: .init(variable: .icePelletsProbability)
        case .thunderstormProbability: .init(variable: .thunderstormProbability)
        case .totalColumnIntegratedWaterVapour: .init(variable: .totalColumnIntegratedWaterVapour)
        case .liftedIndex: .init(variable: .liftedIndex)
        case .convectiveInhibition: .init(variable: .convectiveInhibition)
        case .kIndex: .init(variable: .kIndex)
        case .boundaryLayerHeight: .init(variable: .boundaryLayerHeight)
        case .surfaceTemperature: .init(variable: .surfaceTemperature)
        case .massDensity8m: .init(variable: .massDensity, altitude: 8)
        case .convectiveCloudBase: .init(variable: .convectiveCloudBase)
        case .convectiveCloudTop: .init(variable: .convectiveCloudTop)
        case .updraft: .init(variable: .updraft)
        case .lightningDensity: .init(variable: .lightningDensity)
        case .roughnessLength: .init(variable: .roughnessLength)
        case .albedo: .init(variable: .albedo)
        default: .init(variable: .undefined)
        }
    }

    func groundAndConvectionFlatBuffersUnit(_ units: MeasurementUnits) -> WeatherApiSchema.Unit {
        switch self {
        case .temperature2mMax, .temperature2mMin, .surfaceTemperature: units.temperatureUnit
        case .snowfallWaterEquivalent, .snowDepthWaterEquivalent, .evapotranspiration, .runoff: units.precipitationUnit
        case .snowHeight, .boundaryLayerHeight, .convectiveCloudBase, .convectiveCloudTop:
            units.precipitation == .mm ? .metre : .feet
        case .precipitationType, .liftedIndex, .kIndex: .dimensionless
        case .rainProbability, .snowfallProbability, .freezingRainProbability, .icePelletsProbability,
            .thunderstormProbability,
            .albedo:
            .percentage
        case .totalColumnIntegratedWaterVapour: .kilogramPerSquareMetre
        case .convectiveInhibition: .joulePerKilogram
        case .massDensity8m: .kilogramPerCubicMetre
        case .updraft: .metrePerSecondNotUnitConverted
        case .lightningDensity: .dimensionless
        case .roughnessLength: .metre
        default: seaFlatBuffersUnit(units)
        }
    }
}
