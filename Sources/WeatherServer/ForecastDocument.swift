import Weather

/// The JSON answer to a ``ForecastQuery``, laid out as Open-Meteo lays it out: location
/// and timing fields, then `current_units`/`current`, `hourly_units`/`hourly` (a `time`
/// array, then one array per variable in the order asked) and `daily_units`/`daily`.
///
/// Every value comes from ``WeatherModel``: hourly values at each whole hour, daily values
/// from the 24 hours of each UTC day (``DailyWeatherSummary``), current values at the
/// current quarter hour.
struct ForecastDocument {
    var query: ForecastQuery
    var model: WeatherModel

    /// Open-Meteo's current conditions are 15-minutely.
    static let currentIntervalSeconds = 900

    /// The answer's bytes; `now` (seconds since 1970) places `current`, and
    /// `generationTime` is how long the answer took so far (`generationtime_ms`).
    func render(now: Int, elapsed generationTime: () -> Duration) -> [UInt8] {
        let hours = query.hourly.isEmpty ? [] : query.window.hours.map(conditions(at:))
        let days = query.daily.isEmpty ? [] : query.window.days.map { midnight in
            DailyWeatherSummary(hours: (0..<24).map { conditions(at: midnight + $0 * 3600) })
        }
        let currentTime = UTCCalendar.floorDivide(now, Self.currentIntervalSeconds) * Self.currentIntervalSeconds
        let current = conditions(at: currentTime)
        let units = query.units
        let timeUnit = units.time.rawValue

        var json = JSONWriter(capacity: 256 + (hours.count * (query.hourly.count + 1) + days.count * 8) * 8)
        json.beginObject()
        json.number(.decimal(query.latitude, fractionDigits: 6), key: "latitude")
        json.number(.decimal(query.longitude, fractionDigits: 6), key: "longitude")
        let generation = generationTime().components
        let milliseconds = Double(generation.seconds) * 1000 + Double(generation.attoseconds) / 1e15
        json.number(.decimal(milliseconds, fractionDigits: 6), key: "generationtime_ms")
        json.number(.integer(0), key: "utc_offset_seconds")
        json.string("GMT", key: "timezone")
        json.string("GMT", key: "timezone_abbreviation")
        json.number(.decimal(query.elevationMeters, fractionDigits: 2), key: "elevation")

        if !query.current.isEmpty {
            json.beginObject("current_units")
            json.string(timeUnit, key: "time")
            json.string("seconds", key: "interval")
            for requested in query.current {
                json.string(requested.variable.unit(units), key: requested.name)
            }
            json.endObject()
            json.beginObject("current")
            writeTime(currentTime, iso: UTCCalendar.isoMinute, into: &json, key: "time")
            json.number(.integer(Self.currentIntervalSeconds), key: "interval")
            for requested in query.current {
                json.number(requested.variable.value(current, units), key: requested.name)
            }
            json.endObject()
        }

        if !query.hourly.isEmpty {
            json.beginObject("hourly_units")
            json.string(timeUnit, key: "time")
            for requested in query.hourly {
                json.string(requested.variable.unit(units), key: requested.name)
            }
            json.endObject()
            json.beginObject("hourly")
            json.beginArray("time")
            for hour in query.window.hours {
                writeTime(hour, iso: UTCCalendar.isoMinute, into: &json)
            }
            json.endArray()
            for requested in query.hourly {
                json.beginArray(requested.name)
                for hour in hours {
                    json.number(requested.variable.value(hour, units))
                }
                json.endArray()
            }
            json.endObject()
        }

        if !query.daily.isEmpty {
            json.beginObject("daily_units")
            json.string(timeUnit, key: "time")
            for requested in query.daily {
                json.string(requested.variable.unit(units), key: requested.name)
            }
            json.endObject()
            json.beginObject("daily")
            json.beginArray("time")
            for day in query.window.days {
                writeTime(day, iso: UTCCalendar.isoDate, into: &json)
            }
            json.endArray()
            for requested in query.daily {
                json.beginArray(requested.name)
                for day in days {
                    json.number(requested.variable.value(day, units))
                }
                json.endArray()
            }
            json.endObject()
        }
        json.endObject()
        return json.bytes
    }

    private func conditions(at unixTime: Int) -> WeatherConditions {
        model.conditions(
            latitude: query.latitude, longitude: query.longitude,
            elevationMeters: query.elevationMeters, unixTime: Double(unixTime))
    }

    private func writeTime(_ unixTime: Int, iso: (Int) -> String, into json: inout JSONWriter, key: String? = nil) {
        switch query.units.time {
        case .iso8601: json.string(iso(unixTime), key: key)
        case .unixtime: json.number(.integer(unixTime), key: key)
        }
    }
}
