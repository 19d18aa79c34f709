// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// `format=flatbuffers`: the answer as Open-Meteo's SDKs read it (`openmeteo-requests` for
/// Python, and the Swift, TypeScript and other SDKs of open-meteo/sdk), one size-prefixed
/// `WeatherApiResponse` message per place.
///
/// What Open-Meteo's server writes (`FlatBuffersWriter.swift` in open-meteo/open-meteo), read
/// for its rules: each section (`current`, `hourly`, `daily`) gives its first time, its end
/// (exclusive) and its interval in Unix seconds, with one `VariableWithValues` per variable
/// asked, in the order asked; a time series in `values` (floats), the current value in
/// `value`; times in Unix seconds whatever the zone, which `utc_offset_seconds` gives;
/// `timezone` and `timezone_abbreviation` left out for GMT; with several `models`, one
/// message per place and model, place by place, each naming its model.
/// The values are the JSON answer's numbers as floats.
extension ForecastDocument {
    private typealias Response = WeatherApiSchema.Response
    private typealias Section = WeatherApiSchema.VariablesWithTime
    private typealias Column = WeatherApiSchema.VariableWithValues

    func renderFlatBuffers(
        now: Int, model: ForecastModel = .bestMatch, elapsed generationTime: () -> Duration,
        into writer: inout FlatBufferWriter
    ) {
        let values = self.values(now: now, model: model)
        let units = query.units
        var response = FlatTable()
        response.add(Response.latitude, Float(query.latitude))
        response.add(Response.longitude, Float(query.longitude))
        response.add(Response.elevation, Float(query.elevationMeters))
        response.add(Response.locationID, Int64(query.locationID))
        response.add(Response.model, model.flatBuffersNumber)
        response.add(Response.utcOffsetSeconds, Int32(query.zone.utcOffsetSeconds))
        if query.zone.identifier != "GMT" { response.add(Response.timezone, .string(query.zone.identifier)) }
        if query.zone.abbreviation != "GMT" {
            response.add(Response.timezoneAbbreviation, .string(query.zone.abbreviation))
        }
        if let current = values.current {
            let columns = query.current.map { requested in
                column(requested.variable.flatBuffersDescription, requested.variable.flatBuffersUnit(units)) { table in
                    table.add(Column.value, requested.variable.value(current, units).float)
                }
            }
            response.add(
                Response.current,
                .table(
                    section(
                        time: values.currentTime, seconds: Self.currentIntervalSeconds, count: 1, columns: columns)))
        }
        if !query.hourly.isEmpty {
            let columns = query.hourly.map { requested in
                column(requested.variable.flatBuffersDescription, requested.variable.flatBuffersUnit(units)) { table in
                    table.add(Column.values, .floats(values.hours.map { requested.variable.value($0, units).float }))
                }
            }
            response.add(
                Response.hourly,
                .table(
                    section(
                        time: query.window.firstHour - query.window.displayLag, seconds: 3600,
                        count: query.window.hourCount, columns: columns)))
        }
        if !query.minutely15.isEmpty {
            let columns = query.minutely15.map { requested in
                column(requested.variable.flatBuffersDescription, requested.variable.flatBuffersUnit(units)) { table in
                    table.add(Column.values, .floats(values.quarters.map { requested.variable.value($0, units).float }))
                }
            }
            response.add(
                Response.minutely15,
                .table(
                    section(
                        time: query.window.firstQuarter - query.window.displayLag, seconds: 900,
                        count: query.window.quarterCount,
                        columns: columns)))
        }
        if !query.daily.isEmpty {
            let columns = query.daily.map { requested in
                column(requested.variable.flatBuffersDescription, requested.variable.flatBuffersUnit(units)) { table in
                    let numbers = values.days.map { requested.variable.value($0, units) }
                    // Moments (`sunrise`) as Unix seconds in `values_int64`, as Open-Meteo sends them.
                    let instants = numbers.compactMap { number -> Int64? in
                        if case .instant(let time) = number { Int64(time) } else { nil }
                    }
                    if !numbers.isEmpty && instants.count == numbers.count {
                        table.add(Column.valuesInt64, .int64s(instants))
                    } else {
                        table.add(Column.values, .floats(numbers.map(\.float)))
                    }
                }
            }
            response.add(
                Response.daily,
                .table(
                    section(
                        time: query.window.firstDay - query.window.displayLag, seconds: UTCCalendar.secondsPerDay,
                        count: query.window.dayCount,
                        columns: columns)))
        }
        response.add(Response.generationTimeMilliseconds, Float(generationTime().totalMilliseconds))
        writer.appendSizePrefixedMessage(root: response)
    }

    /// A `VariablesWithTime`: `count` steps of `seconds` from `time`.
    private func section(time: Int, seconds: Int, count: Int, columns: [FlatTable]) -> FlatTable {
        var section = FlatTable()
        section.add(Section.time, Int64(time))
        section.add(Section.timeEnd, Int64(time + count * seconds))
        section.add(Section.interval, Int32(seconds))
        section.add(Section.variables, .tables(columns))
        return section
    }

    /// A `VariableWithValues` described as `description` in `unit`, its values added by `values`.
    private func column(
        _ description: WeatherApiSchema.Description, _ unit: WeatherApiSchema.Unit, values: (inout FlatTable) -> Void
    ) -> FlatTable {
        var column = FlatTable()
        column.add(Column.variable, description.variable.rawValue)
        column.add(Column.unit, unit.rawValue)
        values(&column)
        column.add(Column.altitude, description.altitude)
        column.add(Column.aggregation, description.aggregation.rawValue)
        if description.pressureLevel != 0 { column.add(Column.pressureLevel, description.pressureLevel) }
        if description.depth != 0 || description.depthTo != 0 {
            column.add(Column.depth, description.depth)
            column.add(Column.depthTo, description.depthTo)
        }
        return column
    }
}
