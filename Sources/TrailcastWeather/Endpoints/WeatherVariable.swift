// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// A variable of `hourly`, `current` or `minutely_15`, read from its name as Open-Meteo's
/// server reads it (`SurfacePressureAndHeightVariable` in its PressureVariableRespresentable.swift):
/// a pressure level first (`temperature_500hPa`, any whole number of hPa, `_spread` after it
/// allowed), then a surface variable (its 370 names, `_previous_dayN` after one allowed), then
/// a height (`wind_speed_37m`, any whole number of metres). What Open-Meteo takes is taken
/// here; a name it does not know is a 400 in its words.
///
/// Served with values: the surface variables this server computes (``SurfaceVariable``),
/// temperature, wind and humidity at any height and pressure level, the soil's temperature
/// and moisture at each depth Open-Meteo names. Another name Open-Meteo knows (its marine,
/// air-quality or model-specific variables) is answered as Open-Meteo answers a variable
/// its model has no data for: unit `undefined` and every value null.
enum WeatherVariable: Sendable, Equatable {
    case surface(SurfaceVariable)
    case height(AirQuantity, meters: Int)
    case pressureLevel(AirQuantity, hectopascals: Int)
    case soil(SoilQuantity, depth: ClosedRange<Int>)
    /// A name Open-Meteo knows and this server does not compute.
    case noData

    /// What is asked of the air at a height or a pressure level.
    enum AirQuantity: String, Sendable, CaseIterable {
        case temperature, geopotentialHeight = "geopotential_height", relativeHumidity = "relative_humidity"
        case windSpeed = "wind_speed", windDirection = "wind_direction", windU = "wind_u_component"
        case windV = "wind_v_component", dewPoint = "dew_point", cloudCover = "cloud_cover"
        case verticalVelocity = "vertical_velocity"

        /// Open-Meteo's older spellings of the same (`relativehumidity`, `windspeed`).
        static let olderNames: [String: AirQuantity] = [
            "relativehumidity": .relativeHumidity, "windspeed": .windSpeed, "winddirection": .windDirection,
            "dewpoint": .dewPoint, "cloudcover": .cloudCover,
        ]

        init?(named name: String) {
            guard let quantity = AirQuantity(rawValue: name) ?? Self.olderNames[name] else { return nil }
            self = quantity
        }
    }

    /// What is asked of the soil.
    enum SoilQuantity: String, Sendable {
        case temperature = "soil_temperature", moisture = "soil_moisture"
    }

    /// The variable named `name`, or nil if Open-Meteo does not know it.
    init?(named name: String) {
        if let level = Self.pressureLevel(name) {
            self = level
            return
        }
        // `_previous_dayN` asks for the forecast made N days before; this model has one run.
        let base = Self.withoutPreviousDay(name)
        if let surface = SurfaceVariable(named: base) {
            self = .surface(surface)
        } else if let height = Self.height(base) {
            self = height
        } else if OpenMeteoVariableNames.surface.contains(base) {
            self = Self.soil(base) ?? .noData
        } else {
            return nil
        }
    }

    /// `NAME_LEVELhPa` (what follows `hPa` ignored, as there): the last `_` splits it.
    private static func pressureLevel(_ name: String) -> WeatherVariable? {
        guard let split = name.lastIndex(of: "_") else { return nil }
        let head = name[..<split], tail = name[name.index(after: split)...]
        if tail == "spread" { return pressureLevel(String(head)) }
        guard let unit = tail.range(of: "hPa"), let level = Int(tail[..<unit.lowerBound]),
            let quantity = AirQuantity(named: String(head))
        else { return nil }
        return .pressureLevel(quantity, hectopascals: level)
    }

    /// `NAME_HEIGHTm` for the quantities a height takes (all but `geopotential_height`).
    private static func height(_ name: String) -> WeatherVariable? {
        guard name.hasSuffix("m"), let split = name.lastIndex(of: "_"),
            let meters = Int(name[name.index(after: split)...].dropLast()),
            let quantity = AirQuantity(named: String(name[..<split])), quantity != .geopotentialHeight
        else { return nil }
        return .height(quantity, meters: meters)
    }

    /// `soil_temperature_6cm`, `soil_moisture_0_to_7cm` (and `0_1cm`, an older spelling).
    private static func soil(_ name: String) -> WeatherVariable? {
        for quantity in [SoilQuantity.temperature, .moisture]
        where name.hasPrefix(quantity.rawValue + "_") && name.hasSuffix("cm") {
            let depths = name.dropFirst(quantity.rawValue.count + 1).dropLast(2)
                .replacingOccurrences(of: "_to_", with: "_").split(separator: "_").compactMap { Int($0) }
            guard (1...2).contains(depths.count), depths.first! <= depths.last! else { return nil }
            return .soil(quantity, depth: depths.first!...depths.last!)
        }
        return nil
    }

    private static func withoutPreviousDay(_ name: String) -> String {
        guard let range = name.range(of: "_previous_day", options: .backwards),
            Int(name[range.upperBound...]) != nil
        else { return name }
        return String(name[..<range.lowerBound])
    }

    /// The unit string of `*_units`.
    func unit(_ units: MeasurementUnits) -> String {
        switch self {
        case .surface(let variable): variable.unit(units)
        case .height(let quantity, _), .pressureLevel(let quantity, _): quantity.unit(units)
        case .soil(.temperature, _): units.temperature.symbol
        case .soil(.moisture, _): "m³/m³"
        case .noData: "undefined"
        }
    }

    /// This variable's value for the hour (or quarter hour) `hour`, in `units`.
    func value(_ hour: ModelHour, _ units: MeasurementUnits) -> NumberValue {
        switch self {
        case .surface(let variable):
            return variable.value(hour, units)
        case .height(let quantity, let meters):
            return quantity.value(atHeight: Double(meters), hour, units)
        case .pressureLevel(let quantity, let hectopascals):
            // Open-Meteo's parser takes any whole number; no air has a pressure of zero or less.
            guard hectopascals > 0 else { return .decimal(.nan, fractionDigits: 0) }
            let level = DerivedAtmosphere.level(
                hour.conditions, hectopascals: Double(hectopascals), elevationMeters: hour.elevationMeters)
            return quantity.value(
                at: level, heightAboveGround: level.geopotentialHeightMeters - hour.elevationMeters, hour, units)
        case .soil(let quantity, let depth):
            return Self.soilValue(
                quantity, depthCentimeters: Double(depth.lowerBound + depth.upperBound) / 2, hour, units)
        case .noData:
            return .decimal(.nan, fractionDigits: 0)
        }
    }

    /// How an Open-Meteo FlatBuffers message names it.
    var flatBuffersDescription: WeatherApiSchema.Description {
        switch self {
        case .surface(let variable): variable.flatBuffersDescription
        case .height(let quantity, let meters):
            .init(variable: quantity.flatBuffersVariable, altitude: Int16(clamping: meters))
        case .pressureLevel(let quantity, let level):
            .init(variable: quantity.flatBuffersVariable, pressureLevel: Int16(clamping: level))
        case .soil(let quantity, let depth):
            .init(
                variable: quantity == .temperature ? .soilTemperature : .soilMoisture,
                depth: Int16(clamping: depth.lowerBound), depthTo: Int16(clamping: depth.upperBound))
        case .noData: .init(variable: .undefined)
        }
    }

    /// The schema's unit for this variable's values in `units`.
    func flatBuffersUnit(_ units: MeasurementUnits) -> WeatherApiSchema.Unit {
        switch self {
        case .surface(let variable): variable.flatBuffersUnit(units)
        case .height(let quantity, _), .pressureLevel(let quantity, _): quantity.flatBuffersUnit(units)
        case .soil(.temperature, _): units.temperatureUnit
        case .soil(.moisture, _): .cubicMetrePerCubicMetre
        case .noData: .undefined
        }
    }

    /// The soil at a depth, from the air of the hours before: the heat equation's answer to a
    /// periodic surface temperature, each cycle damped by e^(-z/D) and late by z/D of its
    /// period over 2π (the day's cycle with D = 10 cm, the seasons' with D = 2 m: the soil
    /// at 54 cm barely feels the day, at 4.86 m it is the year's mean). Moisture: 0.15 m³/m³
    /// plus the air's humidity and the last day's rain, smoother with depth. The project's
    /// reading, from the model's own air.
    static func soilValue(
        _ quantity: SoilQuantity, depthCentimeters depth: Double, _ hour: ModelHour, _ units: MeasurementUnits
    ) -> NumberValue {
        let history = hour.history ?? { _ in hour.conditions }
        switch quantity {
        case .temperature:
            let dailyLagHours = min(depth / 10 * 24 / (2 * .pi), 24)
            let lagged = hour.unixTime - Int(dailyLagHours * 3600)
            let air = history(lagged).temperatureCelsius
            let dayMean =
                (0..<4).map { history(lagged - 12 * 3600 + $0 * 6 * 3600).temperatureCelsius }.reduce(0, +) / 4
            let yearMean = Climate.annualMeanCelsius(latitude: hour.latitude)
            let celsius = yearMean + (dayMean - yearMean) * exp(-depth / 200) + (air - dayMean) * exp(-depth / 10)
            return units.temperature.value(celsius: roundedToTenth(celsius))
        case .moisture:
            let rain = (0..<8).map { history(hour.unixTime - $0 * 3 * 3600).precipitationMm }.reduce(0, +) * 3
            let surfaceShare = exp(-depth / 30)
            let moisture =
                0.15 + 0.1 * Double(hour.conditions.relativeHumidity) / 100 + surfaceShare * min(rain, 30) / 150
            return .decimal((min(moisture, 0.45) * 1000).rounded() / 1000, fractionDigits: 3)
        }
    }
}

extension WeatherVariable.AirQuantity {
    func unit(_ units: MeasurementUnits) -> String {
        switch self {
        case .temperature, .dewPoint: units.temperature.symbol
        case .geopotentialHeight: units.precipitation == .mm ? "m" : "ft"
        case .relativeHumidity, .cloudCover: "%"
        case .windSpeed, .windU, .windV: units.windSpeed.symbol
        case .windDirection: "°"
        case .verticalVelocity: "m/s"
        }
    }

    var flatBuffersVariable: WeatherApiSchema.Variable {
        switch self {
        case .temperature: .temperature
        case .geopotentialHeight: .geopotentialHeight
        case .relativeHumidity: .relativeHumidity
        case .windSpeed: .windSpeed
        case .windDirection: .windDirection
        case .windU: .windUComponent
        case .windV: .windVComponent
        case .dewPoint: .dewPoint
        case .cloudCover: .cloudCover
        case .verticalVelocity: .verticalVelocity
        }
    }

    func flatBuffersUnit(_ units: MeasurementUnits) -> WeatherApiSchema.Unit {
        switch self {
        case .temperature, .dewPoint: units.temperatureUnit
        case .geopotentialHeight: units.precipitation == .mm ? .metre : .feet
        case .relativeHumidity, .cloudCover: .percentage
        case .windSpeed, .windU, .windV: units.windSpeedUnit
        case .windDirection: .degreeDirection
        case .verticalVelocity: .metrePerSecondNotUnitConverted
        }
    }

    /// At `height` metres above the ground: the air at 2 m with the lapse rate, the wind's
    /// profile, the humidity and dew point of 2 m, the cloud layer of that height.
    func value(atHeight height: Double, _ hour: ModelHour, _ units: MeasurementUnits) -> NumberValue {
        let conditions = hour.conditions
        let layers = DerivedAtmosphere.cloudLayers(conditions)
        let layer = height < 2000 ? layers.low : height < 6000 ? layers.mid : layers.high
        let level = DerivedAtmosphere.Level(
            geopotentialHeightMeters: hour.elevationMeters + height,
            temperatureCelsius: DerivedAtmosphere.temperature(conditions, heightMeters: height),
            relativeHumidity: conditions.relativeHumidity, cloudCover: layer)
        return value(at: level, heightAboveGround: height, hour, units)
    }

    /// At a level of the air `heightAboveGround` metres up.
    func value(
        at level: DerivedAtmosphere.Level, heightAboveGround height: Double, _ hour: ModelHour,
        _ units: MeasurementUnits
    ) -> NumberValue {
        let conditions = hour.conditions
        let speed = DerivedAtmosphere.windSpeed(conditions, heightMeters: max(height, 1))
        let direction = DerivedAtmosphere.windDirection(conditions, heightMeters: height)
        func wind(_ metersPerSecond: Double) -> NumberValue {
            units.windSpeed.value(
                metersPerSecond: roundedToTenth(metersPerSecond),
                kilometersPerHour: roundedToTenth(metersPerSecond * 3.6))
        }
        // Wind components point where the wind blows to: from the north (0°) is v < 0.
        let towards = Double(direction) * .pi / 180
        switch self {
        case .temperature: return units.temperature.value(celsius: level.temperatureCelsius)
        case .geopotentialHeight:
            let meters = level.geopotentialHeightMeters
            return .decimal(units.precipitation == .mm ? meters : (meters * 3.280839895).rounded(), fractionDigits: 0)
        case .relativeHumidity: return .integer(level.relativeHumidity)
        case .dewPoint:
            var air = conditions
            air.temperatureCelsius = level.temperatureCelsius
            air.relativeHumidity = level.relativeHumidity
            return units.temperature.value(celsius: DerivedWeather.dewPointCelsius(air))
        case .cloudCover: return .integer(level.cloudCover)
        case .windSpeed: return wind(speed)
        case .windDirection: return .integer(direction)
        case .windU: return wind(-speed * sin(towards))
        case .windV: return wind(-speed * cos(towards))
        case .verticalVelocity:
            // Rising air where it rains: 0.1 m/s a millimetre an hour, up to 1 m/s; still elsewhere.
            return .decimal(min(conditions.precipitationMm * 0.1, 1), fractionDigits: 2)
        }
    }
}
