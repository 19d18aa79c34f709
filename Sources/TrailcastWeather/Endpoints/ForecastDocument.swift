// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// The JSON answer to a ``ForecastQuery``, laid out as Open-Meteo lays it out: location
/// and timing fields, then `current_units`/`current`, `hourly_units`/`hourly` (a `time`
/// array, then one array per variable in the order asked) and `daily_units`/`daily`.
///
/// Every value comes from ``WeatherModel`` (or recorded weather where it covers the hour):
/// hourly values at each whole hour, daily values from the 24 hours of each UTC day
/// (``DailyWeatherSummary``), current values at the current quarter hour.
struct ForecastDocument {
    var query: ForecastQuery
    var model: WeatherModel
    var recorded: (any RecordedConditions)? = nil
    /// The server's cache of the model's answers, when there is one.
    var cache: ModelConditionsCache? = nil

    /// Open-Meteo's current conditions are 15-minutely.
    static let currentIntervalSeconds = 900

    /// The answer's bytes; `now` (seconds since 1970) places `current`, and
    /// `generationTime` is how long the answer took so far (`generationtime_ms`).
    /// The model's conditions an answer shows, whatever its format.
    struct Values {
        /// One per hour of the window, when hourly variables are asked for.
        var hours: [ModelHour]
        /// One per quarter hour of the window, when `minutely_15` variables are asked for:
        /// the model at that instant, its hour's precipitation spread over its four quarters.
        var quarters: [ModelHour]
        /// One per day of the window, when daily variables are asked for.
        var days: [ForecastDay]
        /// The start of the current quarter hour, and its conditions if asked for.
        var currentTime: Int
        var current: ModelHour?
    }

    /// The values of the model `model` (one of the query's `models`).
    func values(now: Int, model: ForecastModel = .bestMatch) -> Values {
        let variation = ModelVariation(modelNamed: model.name)
        let memo = ConditionsMemo { time in self.conditions(at: time, variation: variation) }
        let hour = { (time: Int) in self.hour(at: time, memo: memo) }
        let hours = query.hourly.isEmpty ? [] : query.window.hours.map(hour)
        let quarters: [ModelHour] =
            query.minutely15.isEmpty
            ? []
            : query.window.quarters.map { time in
                var quarter = hour(time)
                quarter.conditions.precipitationMm = roundedToTenth(quarter.conditions.precipitationMm / 4)
                return quarter
            }
        let days: [ForecastDay] =
            query.daily.isEmpty
            ? []
            : query.window.days.map { midnight in
                let hours: [ModelHour] = (0..<24).map { hour(midnight + $0 * 3600) }
                // The sun of the local day as shown (its hours are read up to half an hour later).
                let sun =
                    query.daily.contains {
                        [.summary(.sunrise), .summary(.sunset), .summary(.daylightDuration)].contains($0.variable)
                    }
                    ? SunTimes(
                        dayStart: midnight - query.window.displayLag, latitude: query.latitude,
                        longitude: query.longitude)
                    : SunTimes(sunrise: 0, sunset: 0)
                return ForecastDay(summary: DailyWeatherSummary(hours: hours.map(\.conditions)), hours: hours, sun: sun)
            }
        let currentTime = now.floorDivided(by: Self.currentIntervalSeconds) * Self.currentIntervalSeconds
        let current = query.current.isEmpty ? nil : hour(currentTime)
        return Values(hours: hours, quarters: quarters, days: days, currentTime: currentTime, current: current)
    }

    /// The JSON answer. With several `models`, one object still: each model's columns after
    /// the one before's, every name with `_MODEL` after it (`temperature_2m_icon_eu`), as
    /// Open-Meteo merges them (`ForecastapiResult.swift`: suffixed only when more than one
    /// model answers).
    func render(now: Int, elapsed generationTime: () -> Duration) -> [UInt8] {
        let perModel = query.models.map { (model: $0, values: self.values(now: now, model: $0)) }
        let suffix = { (model: ForecastModel) in perModel.count > 1 ? "_\(model.name)" : "" }
        let first = perModel[0].values
        let units = query.units
        let timeUnit = units.time.rawValue

        var json = JSONLineWriter(
            capacity: 256 + perModel.count * (first.hours.count * (query.hourly.count + 1) + first.days.count * 8) * 8)
        json.beginObject()
        json.key("latitude")
        json.number(.decimal(query.latitude, fractionDigits: 6))
        json.key("longitude")
        json.number(.decimal(query.longitude, fractionDigits: 6))
        let milliseconds = generationTime().totalMilliseconds
        json.key("generationtime_ms")
        json.number(.decimal(milliseconds, fractionDigits: 6))
        json.field("utc_offset_seconds", query.zone.utcOffsetSeconds)
        json.field("timezone", query.zone.identifier)
        json.field("timezone_abbreviation", query.zone.abbreviation)
        json.key("elevation")
        json.number(.decimal(query.elevationMeters, fractionDigits: 2))
        if query.locationID != 0 { json.field("location_id", query.locationID) }

        if !query.current.isEmpty {
            // `current_weather=true` is the same block under its older name.
            let block = query.currentWeather ? "current_weather" : "current"
            json.key(named: "\(block)_units")
            json.beginObject()
            json.field("time", timeUnit)
            json.field("interval", "seconds")
            for (model, _) in perModel {
                for requested in query.current {
                    json.key(named: requested.name + suffix(model))
                    json.string(requested.variable.unit(units))
                }
            }
            json.endObject()
            json.key(named: block)
            json.beginObject()
            json.key("time")
            writeTime(first.currentTime, iso: UTCCalendar.isoMinute, into: &json)
            json.field("interval", Self.currentIntervalSeconds)
            for (model, values) in perModel {
                for requested in query.current {
                    json.key(named: requested.name + suffix(model))
                    json.number(requested.variable.value(values.current!, units))
                }
            }
            json.endObject()
        }
        /// Each model's columns of one section, model by model.
        func columns<Variable>(
            _ requested: [ForecastQuery.Requested<Variable>], unit: (Variable) -> String,
            values: @escaping (Values, Variable) -> [NumberValue]
        ) -> (variables: [(name: String, unit: String)], values: (Int) -> [NumberValue]) {
            let variables = perModel.flatMap { model, _ in
                requested.map { ($0.name + suffix(model), unit($0.variable)) }
            }
            return (
                variables,
                { index in
                    let (model, variable) = index.quotientAndRemainder(dividingBy: requested.count)
                    return values(perModel[model].values, requested[variable].variable)
                }
            )
        }
        if !query.minutely15.isEmpty {
            json.key("minutely_15_units")
            let series = columns(
                query.minutely15, unit: { $0.unit(units) },
                values: { values, variable in values.quarters.map { variable.value($0, units) } })
            writeSeries(
                "minutely_15", times: query.window.shownQuarters, iso: UTCCalendar.isoMinute,
                variables: series.variables, values: series.values, into: &json)
        }
        if !query.hourly.isEmpty {
            json.key("hourly_units")
            let series = columns(
                query.hourly, unit: { $0.unit(units) },
                values: { values, variable in values.hours.map { variable.value($0, units) } })
            writeSeries(
                "hourly", times: query.window.shownHours, iso: UTCCalendar.isoMinute,
                variables: series.variables, values: series.values, into: &json)
        }
        if !query.daily.isEmpty {
            json.key("daily_units")
            let series = columns(
                query.daily, unit: { $0.unit(units) },
                values: { values, variable in values.days.map { variable.value($0, units) } })
            writeSeries(
                "daily", times: query.window.shownDays, iso: UTCCalendar.isoDate,
                variables: series.variables, values: series.values, into: &json)
        }
        json.endObject()
        return json.bytes
    }

    /// `{"time":UNIT,"var":UNIT,...},"hourly":{"time":[...],"var":[...],...}` after the
    /// caller's `"hourly_units":` key: hourly and daily answers share this layout.
    private func writeSeries(
        _ name: StaticString, times: [Int], iso: (Int) -> String, variables: [(name: String, unit: String)],
        values: (Int) -> [NumberValue], into json: inout JSONLineWriter
    ) {
        json.beginObject()
        json.field("time", query.units.time.rawValue)
        for variable in variables {
            json.key(named: variable.name)
            json.string(variable.unit)
        }
        json.endObject()
        json.key(name)
        json.beginObject()
        json.key("time")
        json.beginArray()
        for time in times { writeTime(time, iso: iso, into: &json) }
        json.endArray()
        for (index, variable) in variables.enumerated() {
            json.key(named: variable.name)
            json.beginArray()
            for value in values(index) {
                if case .instant(let time) = value {
                    writeTime(time, iso: UTCCalendar.isoMinute, into: &json)
                } else {
                    json.number(value)
                }
            }
            json.endArray()
        }
        json.endObject()
    }

    private func hour(at unixTime: Int, memo: ConditionsMemo) -> ModelHour {
        ModelHour(
            conditions: memo.conditions(at: unixTime), unixTime: unixTime, latitude: query.latitude,
            longitude: query.longitude, elevationMeters: query.elevationMeters, panel: query.panel,
            history: memo.conditions(at:))
    }

    /// One model's conditions at one place, each time worked out once for the whole answer:
    /// what looks back (the soil, snow on the ground, the sea) asks again for the hours the
    /// answer shows and for each other's. Without it the four soil variables of one request
    /// of 520 places and models took 10 s (schemathesis's time limit). Bounded by the
    /// request's own limits: its window and a week before it.
    private final class ConditionsMemo {
        private let compute: (Int) -> WeatherConditions
        private var byTime: [Int: WeatherConditions] = [:]

        init(_ compute: @escaping (Int) -> WeatherConditions) {
            self.compute = compute
        }

        func conditions(at unixTime: Int) -> WeatherConditions {
            if let known = byTime[unixTime] { return known }
            let computed = compute(unixTime)
            byTime[unixTime] = computed
            return computed
        }
    }

    /// Recorded weather where it covers the hour (the same for every model: it is what
    /// happened), else the model, through the cache for the built-in model's own answers.
    private func conditions(at unixTime: Int, variation: ModelVariation) -> WeatherConditions {
        if let recorded,
            let conditions = recorded.conditions(
                latitude: query.latitude, longitude: query.longitude, unixTime: Double(unixTime))
        {
            return conditions
        }
        if let cache, variation == .none {
            return cache.conditions(
                latitude: query.latitude, longitude: query.longitude,
                elevationMeters: query.elevationMeters, unixTime: unixTime)
        }
        return model.conditions(
            latitude: query.latitude, longitude: query.longitude,
            elevationMeters: query.elevationMeters, unixTime: Double(unixTime), variation: variation)
    }

    /// A time shown: Unix seconds, or the zone's local time in ISO 8601.
    private func writeTime(_ unixTime: Int, iso: (Int) -> String, into json: inout JSONLineWriter) {
        switch query.units.time {
        case .iso8601: json.string(iso(unixTime + query.zone.utcOffsetSeconds))
        case .unixtime: json.integer(unixTime)
        }
    }
}
