// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The parts of Open-Meteo's FlatBuffers schema (`weather_api.fbs` in open-meteo/sdk,
/// namespace `openmeteo_sdk`) that serve-weather writes: field slots in schema order and the
/// enums' numbers (their position in the schema's lists, which the SDKs of every language
/// are generated from, so a number here is the SDK's constant of the same name).
enum WeatherApiSchema {
    /// `table WeatherApiResponse`.
    enum Response {
        static let latitude = 0, longitude = 1, elevation = 2, generationTimeMilliseconds = 3
        static let locationID = 4, model = 5, utcOffsetSeconds = 6, timezone = 7, timezoneAbbreviation = 8
        static let current = 9, daily = 10, hourly = 11, minutely15 = 12
    }

    /// `table VariablesWithTime`.
    enum VariablesWithTime {
        static let time = 0, timeEnd = 1, interval = 2, variables = 3
    }

    /// `table VariableWithValues`.
    enum VariableWithValues {
        static let variable = 0, unit = 1, value = 2, values = 3, valuesInt64 = 4, altitude = 5, aggregation = 6
        static let pressureLevel = 7, depth = 8, depthTo = 9
    }

    /// `enum Model`: Open-Meteo answers `best_match` unless `models` names one.
    static let bestMatch: UInt8 = 1

    /// `enum Variable`.
    enum Variable: UInt8 {
        case undefined = 0
        case apparentTemperature = 1
        case cape = 2
        case cloudCover = 3
        case cloudCoverHigh = 4
        case cloudCoverLow = 5
        case cloudCoverMid = 6
        case daylightDuration = 7
        case dewPoint = 8
        case diffuseRadiation = 9
        case diffuseRadiationInstant = 10
        case directNormalIrradiance = 11
        case directNormalIrradianceInstant = 12
        case directRadiation = 13
        case directRadiationInstant = 14
        case et0FAOEvapotranspiration = 15
        case evapotranspiration = 16
        case freezingLevelHeight = 17
        case isDay = 19
        case liftedIndex = 22
        case lightningPotential = 23
        case precipitation = 24
        case precipitationHours = 25
        case precipitationProbability = 26
        case pressureMSL = 27
        case rain = 28
        case relativeHumidity = 29
        case runoff = 30
        case shortwaveRadiation = 32
        case shortwaveRadiationInstant = 33
        case showers = 34
        case snowDepth = 35
        case snowHeight = 36
        case snowfall = 37
        case snowfallHeight = 38
        case snowfallWaterEquivalent = 39
        case sunrise = 40
        case sunset = 41
        case soilMoisture = 42
        case soilTemperature = 44
        case surfacePressure = 45
        case surfaceTemperature = 46
        case temperature = 47
        case terrestrialRadiation = 48
        case terrestrialRadiationInstant = 49
        case totalColumnIntegratedWaterVapour = 50
        case updraft = 51
        case uvIndex = 52
        case uvIndexClearSky = 53
        case vapourPressureDeficit = 54
        case visibility = 55
        case weatherCode = 56
        case windDirection = 57
        case windGusts = 58
        case windSpeed = 59
        case verticalVelocity = 60
        case geopotentialHeight = 61
        case wetBulbTemperature = 62
        case sunshineDuration = 103
        case convectiveInhibition = 104
        case globalTiltedIrradiance = 106
        case globalTiltedIrradianceInstant = 107
        case oceanCurrentVelocity = 108
        case oceanCurrentDirection = 109
        case massDensity = 112
        case boundaryLayerHeight = 113
        case thunderstormProbability = 125
        case rainProbability = 126
        case freezingRainProbability = 127
        case icePelletsProbability = 128
        case snowfallProbability = 129
        case seaLevelHeightMSL = 132
        case seaSurfaceTemperature = 133
        case albedo = 136
        case precipitationType = 137
        case convectiveCloudBase = 138
        case convectiveCloudTop = 139
        case snowDepthWaterEquivalent = 140
        case windUComponent = 149
        case windVComponent = 150
        case kIndex = 157
        case roughnessLength = 158
        case lightningDensity = 163
        case seaIceThickness = 164
    }

    /// `enum Unit`.
    enum Unit: UInt8 {
        case undefined = 0
        case celsius = 1
        case centimetre = 2
        case cubicMetrePerCubicMetre = 3
        case degreeDirection = 5
        case dimensionlessInteger = 6
        case dimensionless = 7
        case fahrenheit = 9
        case feet = 10
        case hectopascal = 16
        case hours = 17
        case inch = 18
        case iso8601 = 19
        case joulePerKilogram = 20
        case kilogramPerSquareMetre = 23
        case kilopascal = 22
        case kilometresPerHour = 24
        case knots = 25
        case megajoulePerSquareMetre = 26
        case metrePerSecondNotUnitConverted = 27
        case metrePerSecond = 28
        case metre = 29
        case milesPerHour = 31
        case millimetre = 32
        case percentage = 35
        case seconds = 36
        case unixTime = 37
        case wattPerSquareMetre = 39
        case wmoCode = 40
        case kilogramPerCubicMetre = 42
    }

    /// `enum Aggregation`.
    enum Aggregation: UInt8 {
        case none = 0
        case minimum = 1
        case maximum = 2
        case mean = 3
        case dominant = 9
        case sum = 10
    }

    /// How a variable is described in a message: what, at which height, aggregated how
    /// (Open-Meteo's own mapping: `temperature_2m` is `temperature` at altitude 2,
    /// `temperature_2m_max` the same with `maximum`).
    struct Description: Equatable {
        var variable: Variable
        var altitude: Int16 = 0
        var aggregation: Aggregation = .none
        /// A pressure level in hPa (`temperature_500hPa`), or 0.
        var pressureLevel: Int16 = 0
        /// A soil layer's top and bottom, cm (`soil_temperature_0_to_7cm`: 0 and 7), or 0.
        var depth: Int16 = 0
        var depthTo: Int16 = 0
    }
}

extension MeasurementUnits {
    /// The schema's unit for a temperature, a speed, an amount of rain or of snow.
    var temperatureUnit: WeatherApiSchema.Unit { temperature == .celsius ? .celsius : .fahrenheit }

    var windSpeedUnit: WeatherApiSchema.Unit {
        switch windSpeed {
        case .kmh: .kilometresPerHour
        case .ms: .metrePerSecond
        case .mph: .milesPerHour
        case .kn: .knots
        }
    }

    var precipitationUnit: WeatherApiSchema.Unit { precipitation == .mm ? .millimetre : .inch }

    var snowUnit: WeatherApiSchema.Unit { precipitation == .mm ? .centimetre : .inch }

    /// A time of day (`sunrise`): written as Unix seconds in `values_int64` either way.
    var timeUnit: WeatherApiSchema.Unit { time == .iso8601 ? .iso8601 : .unixTime }
}
