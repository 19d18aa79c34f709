/// `format=csv`, laid out as Open-Meteo's `CsvWriter.swift` (open-meteo/open-meteo) writes
/// it: a header line and a line of the place (`latitude,longitude,elevation,
/// utc_offset_seconds,timezone,timezone_abbreviation`), then each section asked for
/// (`current`, `hourly`, `daily`, in that order) after an empty line, as a header of
/// `time` and `NAME (UNIT)` columns and one line per time. Numbers as the JSON answer
/// writes them; times as `timeformat` asks.
extension ForecastDocument {
    func renderCSV(now: Int) -> String {
        let values = self.values(now: now)
        let units = query.units
        var csv = "latitude,longitude,elevation,utc_offset_seconds,timezone,timezone_abbreviation\n"
        let zone = query.zone
        csv += "\(Float(query.latitude)),\(Float(query.longitude)),\(Float(query.elevationMeters)),"
        csv += "\(zone.utcOffsetSeconds),\(zone.identifier),\(zone.abbreviation)\n"
        func header(_ columns: [(name: String, unit: String)]) {
            csv += "\ntime"
            for column in columns { csv += ",\(column.name) (\(column.unit))" }
            csv += "\n"
        }
        func line(_ time: String, _ numbers: [NumberValue]) {
            csv += time
            for number in numbers { csv += ",\(number.text)" }
            csv += "\n"
        }
        if let current = values.current {
            header(query.current.map { ($0.name, $0.variable.unit(units)) })
            line(time(values.currentTime, iso: UTCCalendar.isoMinute), query.current.map { $0.variable.value(current, units) })
        }
        if !query.hourly.isEmpty {
            header(query.hourly.map { ($0.name, $0.variable.unit(units)) })
            for (hour, conditions) in zip(query.window.shownHours, values.hours) {
                line(time(hour, iso: UTCCalendar.isoMinute), query.hourly.map { $0.variable.value(conditions, units) })
            }
        }
        if !query.daily.isEmpty {
            header(query.daily.map { ($0.name, $0.variable.unit(units)) })
            for (day, summary) in zip(query.window.shownDays, values.days) {
                line(time(day, iso: UTCCalendar.isoDate), query.daily.map { $0.variable.value(summary, units) })
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

    private func time(_ unixTime: Int, iso: (Int) -> String) -> String {
        switch query.units.time {
        case .iso8601: iso(unixTime + query.zone.utcOffsetSeconds)
        case .unixtime: String(unixTime)
        }
    }
}
