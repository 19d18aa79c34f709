/// `format=csv`, laid out as Open-Meteo's `CsvWriter.swift` (open-meteo/open-meteo) writes
/// it: a header line and a line per place (`latitude,longitude,elevation,
/// utc_offset_seconds,timezone,timezone_abbreviation`), then each section asked for
/// (`current`, `minutely_15`, `hourly`, `daily`, in that order) after an empty line, as a header of
/// `time` and `NAME (UNIT)` columns and one line per time. With several places every line
/// starts with the place's `location_id`, and each section holds every place's lines, one
/// place after the other. Numbers as the JSON answer writes them; times as `timeformat` asks.
extension ForecastDocument {
    /// The CSV answer of one request's places (at least one; every one asks for the same).
    static func renderCSV(_ documents: [ForecastDocument], now: Int) -> String {
        let first = documents[0].query
        let units = first.units
        let several = documents.count > 1
        let values = documents.map { $0.values(now: now) }
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
            header(first.current.map { ($0.name, $0.variable.unit(units)) })
            for (document, values) in zip(documents, values) {
                guard let current = values.current else { continue }
                line(document, document.time(values.currentTime, iso: UTCCalendar.isoMinute),
                     first.current.map { $0.variable.value(current, units) })
            }
        }
        if !first.minutely15.isEmpty {
            header(first.minutely15.map { ($0.name, $0.variable.unit(units)) })
            for (document, values) in zip(documents, values) {
                for (quarter, conditions) in zip(document.query.window.shownQuarters, values.quarters) {
                    line(document, document.time(quarter, iso: UTCCalendar.isoMinute), first.minutely15.map { $0.variable.value(conditions, units) })
                }
            }
        }
        if !first.hourly.isEmpty {
            header(first.hourly.map { ($0.name, $0.variable.unit(units)) })
            for (document, values) in zip(documents, values) {
                for (hour, conditions) in zip(document.query.window.shownHours, values.hours) {
                    line(document, document.time(hour, iso: UTCCalendar.isoMinute), first.hourly.map { $0.variable.value(conditions, units) })
                }
            }
        }
        if !first.daily.isEmpty {
            header(first.daily.map { ($0.name, $0.variable.unit(units)) })
            for (document, values) in zip(documents, values) {
                for (day, summary) in zip(document.query.window.shownDays, values.days) {
                    line(document, document.time(day, iso: UTCCalendar.isoDate), first.daily.map { $0.variable.value(summary, units) })
                }
            }
        }
        return csv
    }

    /// The place in Open-Meteo's CSV file name: `47.37N8.54E0m`.
    var fileNameCoordinates: String {
        func twoDecimals(_ value: Double) -> String { NumberValue.decimal(value.magnitude, fractionDigits: 2).text }
        let latitude = twoDecimals(query.latitude) + (query.latitude < 0 ? "S" : "N")
        let longitude = twoDecimals(query.longitude) + (query.longitude < 0 ? "W" : "E")
        return latitude + longitude + "\(Int(query.elevationMeters.rounded()))m"
    }

    /// A time shown: Unix seconds, or the zone's local time.
    private func time(_ unixTime: Int, iso: (Int) -> String) -> String {
        switch query.units.time {
        case .iso8601: iso(unixTime + query.zone.utcOffsetSeconds)
        case .unixtime: String(unixTime)
        }
    }
}
