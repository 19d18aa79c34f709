// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// `format=csv`, laid out as Open-Meteo's `CsvWriter.swift` (open-meteo/open-meteo) writes
/// it: a header line and a line per place (`latitude,longitude,elevation,
/// utc_offset_seconds,timezone,timezone_abbreviation`), then each section asked for
/// (`current`, `minutely_15`, `hourly`, `daily`, in that order) after an empty line, as a header of
/// `time` and `NAME (UNIT)` columns and one line per time. With several places every line
/// starts with the place's `location_id`, and each section holds every place's lines, one
/// place after the other. Numbers as the JSON answer writes them; times as `timeformat` asks.
/// With several `models`, each model's columns follow the one before's, named `NAME_MODEL`
/// as in the JSON answer.
extension ForecastDocument {
    /// The CSV answer of one request's places (at least one; every one asks for the same).
    static func renderCSV(_ documents: [ForecastDocument], now: Int) -> String {
        let first = documents[0].query
        let units = first.units
        let several = documents.count > 1
        // Each place's values, model by model.
        let values = documents.map { document in first.models.map { document.values(now: now, model: $0) } }
        let suffixes = first.models.map { first.models.count > 1 ? "_\($0.name)" : "" }
        func columns<Variable>(_ requested: [ForecastQuery.Requested<Variable>], unit: (Variable) -> String) -> [(
            name: String, unit: String
        )] {
            suffixes.flatMap { suffix in requested.map { ($0.name + suffix, unit($0.variable)) } }
        }
        let prefix = { (document: ForecastDocument) in several ? "\(document.query.locationID)," : "" }

        var csv = several ? "location_id," : ""
        csv += "latitude,longitude,elevation,utc_offset_seconds,timezone,timezone_abbreviation\n"
        for document in documents {
            let query = document.query, zone = query.zone
            csv += prefix(document)
            csv += "\(Float(query.latitude)),\(Float(query.longitude)),\(Float(query.elevationMeters)),"
            csv += "\(zone.utcOffsetSeconds),\(zone.identifier),\(zone.abbreviation)\n"
        }
        func header(_ columns: [(name: String, unit: String)]) {
            csv += several ? "\nlocation_id,time" : "\ntime"
            for column in columns { csv += ",\(column.name) (\(column.unit))" }
            csv += "\n"
        }
        func line(_ document: ForecastDocument, _ time: String, _ numbers: [NumberValue]) {
            csv += prefix(document) + time
            for number in numbers {
                if case .instant(let moment) = number {
                    csv += ",\(document.time(moment, iso: UTCCalendar.isoMinute))"
                } else {
                    csv += ",\(number.text)"
                }
            }
            csv += "\n"
        }
        if !first.current.isEmpty {
            header(columns(first.current) { $0.unit(units) })
            for (document, models) in zip(documents, values) {
                line(
                    document, document.time(models[0].currentTime, iso: UTCCalendar.isoMinute),
                    models.flatMap { values in
                        first.current.map { $0.variable.value(values.current!, units) }
                    })
            }
        }
        if !first.minutely15.isEmpty {
            header(columns(first.minutely15) { $0.unit(units) })
            for (document, models) in zip(documents, values) {
                for (index, quarter) in document.query.window.shownQuarters.enumerated() {
                    line(
                        document, document.time(quarter, iso: UTCCalendar.isoMinute),
                        models.flatMap { values in
                            first.minutely15.map { $0.variable.value(values.quarters[index], units) }
                        })
                }
            }
        }
        if !first.hourly.isEmpty {
            header(columns(first.hourly) { $0.unit(units) })
            for (document, models) in zip(documents, values) {
                for (index, hour) in document.query.window.shownHours.enumerated() {
                    line(
                        document, document.time(hour, iso: UTCCalendar.isoMinute),
                        models.flatMap { values in
                            first.hourly.map { $0.variable.value(values.hours[index], units) }
                        })
                }
            }
        }
        if !first.daily.isEmpty {
            header(columns(first.daily) { $0.unit(units) })
            for (document, models) in zip(documents, values) {
                for (index, day) in document.query.window.shownDays.enumerated() {
                    line(
                        document, document.time(day, iso: UTCCalendar.isoDate),
                        models.flatMap { values in
                            first.daily.map { $0.variable.value(values.days[index], units) }
                        })
                }
            }
        }
        return csv
    }

    /// The place in Open-Meteo's CSV file name, `47.38N8.54E408m`, written as its
    /// `formatedCoordinatesFilename` writes it: the numbers as its Floats, by printf's `%.2f`
    /// and `%.0f` (so `8.50`, an exact half to the even neighbour, 38.5 m as `38m`, and
    /// -0.4 m as `-0m`).
    var fileNameCoordinates: String {
        let latitude = Float(query.latitude)
        let longitude = Float(query.longitude)
        let elevation = Float(query.elevationMeters)
        let place =
            String(format: latitude < 0 ? "%.2fS" : "%.2fN", abs(latitude))
            + String(format: longitude < 0 ? "%.2fW" : "%.2fE", abs(longitude))
        return place + (elevation.isFinite ? String(format: "%.0fm", elevation) : "")
    }

    /// A time shown: Unix seconds, or the zone's local time.
    private func time(_ unixTime: Int, iso: (Int) -> String) -> String {
        switch query.units.time {
        case .iso8601: iso(unixTime + query.zone.utcOffsetSeconds)
        case .unixtime: String(unixTime)
        }
    }
}
