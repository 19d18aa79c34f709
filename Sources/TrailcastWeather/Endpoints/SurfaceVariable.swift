// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.

/// A surface variable a request can ask for in `hourly`, `current` or `minutely_15`, by
/// Open-Meteo's name, that this server computes.
///
/// The model's own values, and the ones derived from them (``DerivedWeather``,
/// ``DerivedAtmosphere``, ``SolarRadiation``): the dew point, the chance of precipitation,
/// visibility, gusts, the UV index, pressure, cloud layers, radiation and sunshine, the
/// freezing level, moisture, convection and snow on the ground.
///
/// `rain`, `showers` and `snowfall` split the model's precipitation by its weather code:
/// snow codes make snowfall (7 mm of water make 1 cm of snow, Open-Meteo's ratio), shower and
/// thunderstorm codes make showers, anything else that falls is rain.
enum SurfaceVariable: String, Sendable, CaseIterable {
    case temperature2m = "temperature_2m"
    case relativeHumidity2m = "relative_humidity_2m"
    case apparentTemperature = "apparent_temperature"
    case isDay = "is_day"
    case precipitation
    case rain
    case showers
    case snowfall
    case weatherCode = "weather_code"
    case cloudCover = "cloud_cover"
    case windSpeed10m = "wind_speed_10m"
    case windDirection10m = "wind_direction_10m"
    case dewPoint2m = "dew_point_2m"
    case precipitationProbability = "precipitation_probability"
    case visibility
    case windGusts10m = "wind_gusts_10m"
    case uvIndex = "uv_index"
    case uvIndexClearSky = "uv_index_clear_sky"
    case pressureMSL = "pressure_msl"
    case surfacePressure = "surface_pressure"
    case cloudCoverLow = "cloud_cover_low"
    case cloudCoverMid = "cloud_cover_mid"
    case cloudCoverHigh = "cloud_cover_high"
    case shortwaveRadiation = "shortwave_radiation"
    case directRadiation = "direct_radiation"
    case diffuseRadiation = "diffuse_radiation"
    case directNormalIrradiance = "direct_normal_irradiance"
    case globalTiltedIrradiance = "global_tilted_irradiance"
    case terrestrialRadiation = "terrestrial_radiation"
    case shortwaveRadiationInstant = "shortwave_radiation_instant"
    case directRadiationInstant = "direct_radiation_instant"
    case diffuseRadiationInstant = "diffuse_radiation_instant"
    case directNormalIrradianceInstant = "direct_normal_irradiance_instant"
    case globalTiltedIrradianceInstant = "global_tilted_irradiance_instant"
    case terrestrialRadiationInstant = "terrestrial_radiation_instant"
    case sunshineDuration = "sunshine_duration"
    case freezingLevelHeight = "freezing_level_height"
    case snowfallHeight = "snowfall_height"
    case vapourPressureDeficit = "vapour_pressure_deficit"
    case wetBulbTemperature2m = "wet_bulb_temperature_2m"
    case cape
    case lightningPotential = "lightning_potential"
    case et0FAOEvapotranspiration = "et0_fao_evapotranspiration"
    case snowDepth = "snow_depth"
    case temperature2mMax = "temperature_2m_max"
    case temperature2mMin = "temperature_2m_min"
    case snowfallWaterEquivalent = "snowfall_water_equivalent"
    case snowDepthWaterEquivalent = "snow_depth_water_equivalent"
    case snowHeight = "snow_height"
    case evapotranspiration
    case runoff
    case precipitationType = "precipitation_type"
    case rainProbability = "rain_probability"
    case snowfallProbability = "snowfall_probability"
    case freezingRainProbability = "freezing_rain_probability"
    case icePelletsProbability = "ice_pellets_probability"
    case thunderstormProbability = "thunderstorm_probability"
    case totalColumnIntegratedWaterVapour = "total_column_integrated_water_vapour"
    case liftedIndex = "lifted_index"
    case convectiveInhibition = "convective_inhibition"
    case kIndex = "k_index"
    case boundaryLayerHeight = "boundary_layer_height"
    case surfaceTemperature = "surface_temperature"
    case massDensity8m = "mass_density_8m"
    case convectiveCloudBase = "convective_cloud_base"
    case convectiveCloudTop = "convective_cloud_top"
    case updraft
    case lightningDensity = "lightning_density"
    case roughnessLength = "roughness_length"
    case albedo
    case seaSurfaceTemperature = "sea_surface_temperature"
    case seaLevelHeightMSL = "sea_level_height_msl"
    case oceanCurrentVelocity = "ocean_current_velocity"
    case oceanCurrentDirection = "ocean_current_direction"
    case seaIceThickness = "sea_ice_thickness"

    /// Open-Meteo's older names, still accepted there (and echoed back as asked).
    static let legacyNames: [String: SurfaceVariable] = [
        "relativehumidity_2m": .relativeHumidity2m,
        "weathercode": .weatherCode,
        "cloudcover": .cloudCover,
        "windspeed_10m": .windSpeed10m,
        "winddirection_10m": .windDirection10m,
        "dewpoint_2m": .dewPoint2m,
        "windgusts_10m": .windGusts10m,
        "freezinglevel_height": .freezingLevelHeight, "shortwave_radiation_sum": .shortwaveRadiation,
    ]

    /// The variable named `name`, by its current or its older spelling.
    init?(named name: String) {
        guard let variable = SurfaceVariable(rawValue: name) ?? Self.legacyNames[name] else { return nil }
        self = variable
    }

    /// The unit string of `*_units`.
    func unit(_ units: MeasurementUnits) -> String {
        switch self {
        case .temperature2m, .apparentTemperature: units.temperature.symbol
        case .relativeHumidity2m, .cloudCover: "%"
        case .isDay: ""
        case .precipitation, .rain, .showers: units.precipitation.symbol
        case .snowfall: units.precipitation.snowSymbol
        case .weatherCode: "wmo code"
        case .windSpeed10m: units.windSpeed.symbol
        case .windDirection10m: "°"
        case .dewPoint2m: units.temperature.symbol
        case .precipitationProbability: "%"
        case .visibility: units.precipitation == .mm ? "m" : "ft"
        case .windGusts10m: units.windSpeed.symbol
        case .uvIndex, .uvIndexClearSky: ""
        case .pressureMSL, .surfacePressure: "hPa"
        case .cloudCoverLow, .cloudCoverMid, .cloudCoverHigh: "%"
        case .shortwaveRadiation, .directRadiation, .diffuseRadiation, .directNormalIrradiance, .globalTiltedIrradiance,
            .terrestrialRadiation, .shortwaveRadiationInstant, .directRadiationInstant, .diffuseRadiationInstant,
            .directNormalIrradianceInstant, .globalTiltedIrradianceInstant, .terrestrialRadiationInstant:
            "W/m²"
        case .sunshineDuration: "s"
        case .freezingLevelHeight, .snowfallHeight, .snowDepth: units.precipitation == .mm ? "m" : "ft"
        case .vapourPressureDeficit: "kPa"
        case .wetBulbTemperature2m: units.temperature.symbol
        case .cape, .lightningPotential: "J/kg"
        case .et0FAOEvapotranspiration: units.precipitation.symbol
        default: groundAndConvectionUnit(units)
        }
    }

    /// This variable's value for the hour (or quarter hour) `hour`, in `units`.
    func value(_ hour: ModelHour, _ units: MeasurementUnits) -> NumberValue {
        let conditions = hour.conditions
        let code = conditions.weatherCode
        switch self {
        case .temperature2m: return units.temperature.value(celsius: conditions.temperatureCelsius)
        case .apparentTemperature: return units.temperature.value(celsius: conditions.apparentTemperatureCelsius)
        case .relativeHumidity2m: return .integer(conditions.relativeHumidity)
        case .isDay: return .integer(conditions.isDay ? 1 : 0)
        case .precipitation: return units.precipitation.value(millimeters: conditions.precipitationMm)
        case .rain, .showers:
            return units.precipitation.value(millimeters: falls(in: conditions) ? conditions.precipitationMm : 0)
        case .snowfall:
            return units.precipitation.value(
                snowCentimeters: falls(in: conditions) ? conditions.precipitationMm * 0.7 : 0)
        case .weatherCode: return .integer(code.rawValue)
        case .cloudCover: return .integer(conditions.cloudCover)
        case .windSpeed10m:
            return units.windSpeed.value(
                metersPerSecond: conditions.windSpeedMps, kilometersPerHour: conditions.windSpeedKilometersPerHour)
        case .windDirection10m: return .integer(conditions.windDirectionDegrees)
        case .dewPoint2m: return units.temperature.value(celsius: DerivedWeather.dewPointCelsius(conditions))
        case .precipitationProbability: return .integer(DerivedWeather.precipitationProbability(conditions))
        case .visibility:
            // Feet where precipitation is in inches, as Open-Meteo converts lengths.
            let meters = DerivedWeather.visibilityMeters(conditions)
            return .decimal(units.precipitation == .mm ? meters : meters * 3.280839895, fractionDigits: 0)
        case .windGusts10m:
            let gusts = DerivedWeather.windGustsMps(conditions)
            return units.windSpeed.value(metersPerSecond: gusts, kilometersPerHour: roundedToTenth(gusts * 3.6))
        case .uvIndex, .uvIndexClearSky:
            let sun = SolarPosition(latitude: hour.latitude, longitude: hour.longitude, unixTime: Double(hour.unixTime))
            var air = conditions
            if self == .uvIndexClearSky { air.cloudCover = 0 }
            return .decimal(DerivedWeather.uvIndex(air, sunElevationDegrees: sun.elevationDegrees), fractionDigits: 2)
        default:
            return atmosphereValue(hour, units)
        }
    }

    /// Whether what falls in `conditions` is this kind (`rain`, `showers` or `snowfall`):
    /// snow codes make snowfall, shower and thunderstorm codes showers, anything else rain.
    func falls(in conditions: WeatherConditions) -> Bool {
        let code = conditions.weatherCode
        let isShower = (80...82).contains(code.rawValue) || code.isThunderstorm
        switch self {
        case .snowfall: return code.isSnow
        case .showers: return isShower
        case .rain: return !code.isSnow && !isShower
        default: return false
        }
    }

    /// How an Open-Meteo FlatBuffers message names it: Open-Meteo's own mapping
    /// (`temperature_2m` is `temperature` at altitude 2, `wind_speed_10m` `wind_speed` at 10).
    var flatBuffersDescription: WeatherApiSchema.Description {
        switch self {
        case .uvIndexClearSky: .init(variable: .uvIndexClearSky)
        case .pressureMSL: .init(variable: .pressureMSL)
        case .surfacePressure: .init(variable: .surfacePressure)
        case .cloudCoverLow: .init(variable: .cloudCoverLow)
        case .cloudCoverMid: .init(variable: .cloudCoverMid)
        case .cloudCoverHigh: .init(variable: .cloudCoverHigh)
        case .shortwaveRadiation: .init(variable: .shortwaveRadiation)
        case .directRadiation: .init(variable: .directRadiation)
        case .diffuseRadiation: .init(variable: .diffuseRadiation)
        case .directNormalIrradiance: .init(variable: .directNormalIrradiance)
        case .globalTiltedIrradiance: .init(variable: .globalTiltedIrradiance)
        case .terrestrialRadiation: .init(variable: .terrestrialRadiation)
        case .shortwaveRadiationInstant: .init(variable: .shortwaveRadiationInstant)
        case .directRadiationInstant: .init(variable: .directRadiationInstant)
        case .diffuseRadiationInstant: .init(variable: .diffuseRadiationInstant)
        case .directNormalIrradianceInstant: .init(variable: .directNormalIrradianceInstant)
        case .globalTiltedIrradianceInstant: .init(variable: .globalTiltedIrradianceInstant)
        case .terrestrialRadiationInstant: .init(variable: .terrestrialRadiationInstant)
        case .sunshineDuration: .init(variable: .sunshineDuration)
        case .freezingLevelHeight: .init(variable: .freezingLevelHeight)
        case .snowfallHeight: .init(variable: .snowfallHeight)
        case .vapourPressureDeficit: .init(variable: .vapourPressureDeficit)
        case .wetBulbTemperature2m: .init(variable: .wetBulbTemperature, altitude: 2)
        case .cape: .init(variable: .cape)
        case .lightningPotential: .init(variable: .lightningPotential)
        case .et0FAOEvapotranspiration: .init(variable: .et0FAOEvapotranspiration)
        case .snowDepth: .init(variable: .snowDepth)
        case .temperature2mMax, .temperature2mMin, .snowfallWaterEquivalent, .snowDepthWaterEquivalent, .snowHeight,
            .evapotranspiration, .runoff, .precipitationType, .rainProbability, .snowfallProbability,
            .freezingRainProbability,
            .icePelletsProbability, .thunderstormProbability, .totalColumnIntegratedWaterVapour, .liftedIndex,
            .convectiveInhibition, .kIndex, .boundaryLayerHeight, .surfaceTemperature, .massDensity8m,
            .convectiveCloudBase,
            .convectiveCloudTop, .updraft, .lightningDensity, .roughnessLength, .albedo:
            groundAndConvectionDescription
        case .seaSurfaceTemperature, .seaLevelHeightMSL, .oceanCurrentVelocity, .oceanCurrentDirection,
            .seaIceThickness:
            seaDescription
        case .temperature2m: .init(variable: .temperature, altitude: 2)
        case .relativeHumidity2m: .init(variable: .relativeHumidity, altitude: 2)
        case .apparentTemperature: .init(variable: .apparentTemperature, altitude: 2)
        case .isDay: .init(variable: .isDay)
        case .precipitation: .init(variable: .precipitation)
        case .rain: .init(variable: .rain)
        case .showers: .init(variable: .showers)
        case .snowfall: .init(variable: .snowfall)
        case .weatherCode: .init(variable: .weatherCode)
        case .cloudCover: .init(variable: .cloudCover)
        case .windSpeed10m: .init(variable: .windSpeed, altitude: 10)
        case .windDirection10m: .init(variable: .windDirection, altitude: 10)
        case .dewPoint2m: .init(variable: .dewPoint, altitude: 2)
        case .precipitationProbability: .init(variable: .precipitationProbability)
        case .visibility: .init(variable: .visibility)
        case .windGusts10m: .init(variable: .windGusts, altitude: 10)
        case .uvIndex: .init(variable: .uvIndex)
        }
    }

    /// The schema's unit for this variable's values in `units`.
    func flatBuffersUnit(_ units: MeasurementUnits) -> WeatherApiSchema.Unit {
        switch self {
        case .temperature2m, .apparentTemperature: units.temperatureUnit
        case .relativeHumidity2m, .cloudCover: .percentage
        case .isDay: .dimensionlessInteger
        case .precipitation, .rain, .showers: units.precipitationUnit
        case .snowfall: units.snowUnit
        case .weatherCode: .wmoCode
        case .windSpeed10m: units.windSpeedUnit
        case .windDirection10m: .degreeDirection
        case .dewPoint2m: units.temperatureUnit
        case .precipitationProbability: .percentage
        case .visibility: units.precipitation == .mm ? .metre : .feet
        case .windGusts10m: units.windSpeedUnit
        case .uvIndex, .uvIndexClearSky: .dimensionless
        case .pressureMSL, .surfacePressure: .hectopascal
        case .cloudCoverLow, .cloudCoverMid, .cloudCoverHigh: .percentage
        case .shortwaveRadiation, .directRadiation, .diffuseRadiation, .directNormalIrradiance, .globalTiltedIrradiance,
            .terrestrialRadiation, .shortwaveRadiationInstant, .directRadiationInstant, .diffuseRadiationInstant,
            .directNormalIrradianceInstant, .globalTiltedIrradianceInstant, .terrestrialRadiationInstant:
            .wattPerSquareMetre
        case .sunshineDuration: .seconds
        case .freezingLevelHeight, .snowfallHeight, .snowDepth: units.precipitation == .mm ? .metre : .feet
        case .vapourPressureDeficit: .kilopascal
        case .wetBulbTemperature2m: units.temperatureUnit
        case .cape, .lightningPotential: .joulePerKilogram
        case .et0FAOEvapotranspiration: units.precipitationUnit
        default: groundAndConvectionFlatBuffersUnit(units)
        }
    }
}

/// One time the model is asked about, where: what a variable's value is drawn from.
struct ModelHour {
    var conditions: WeatherConditions
    var unixTime: Int
    var latitude: Double
    var longitude: Double
    /// The height the model is asked at, metres.
    var elevationMeters: Double = 0
    /// A solar panel's `tilt` and `azimuth`, degrees (`global_tilted_irradiance`).
    var panel: (tilt: Double, azimuth: Double) = (0, 0)
    /// The same place's weather at another instant (the same model and bias), for what
    /// depends on the hours before: snow on the ground, the soil.
    var history: ((Int) -> WeatherConditions)? = nil
}
