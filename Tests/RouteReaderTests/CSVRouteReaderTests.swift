// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastRoutes

/// A CSV of positions read as one track: columns by the header's names, times in the
/// spellings loggers write.
@Suite("CSV route reader")
struct CSVRouteReaderTests {
    static func time(_ text: String) -> Timestamp? { Timestamp(iso8601: text) }

    @Test("the columns by their names in any order and case, units in brackets; every field of a point")
    func columns() {
        let text = """
            Name,Speed (km/h),Longitude,LATITUDE,Altitude (m),Heading,Sats,HDOP,Time
            start,36,8.5,47.3,400.5,90,9,1.2,2026-06-13T16:00:00Z
            "Pier ""39"", north",18,8.50001,47.30001,401,180,7,2.5,2026-06-13T18:00:01.250+02:00

            """
        let (events, error) = readUntilError(text, as: .csv)
        #expect(error == nil)
        #expect(events.warnings.isEmpty)
        #expect(
            events.outline == ["metadata", "trk -", "seg", "trkpt start", "trkpt Pier \"39\", north", "/seg", "/trk"])
        let points = events.trackPoints
        #expect(points.map(\.latitude) == [47.3, 47.30001])
        #expect(points.map(\.longitude) == [8.5, 8.50001])
        #expect(points.map(\.elevationMeters) == [400.5, 401])
        #expect(points.map(\.speedMetersPerSecond) == [10, 5])
        #expect(points.map(\.courseDegrees) == [90, 180])
        #expect(points.map(\.satellites) == [9, 7])
        #expect(points.map(\.horizontalDilution) == [1.2, 2.5])
        #expect(points.map(\.time) == [Self.time("2026-06-13T16:00:00Z"), Self.time("2026-06-13T16:00:01.250Z")])
        #expect(points.map(\.line) == [2, 3])
    }

    /// Every name the reader knows for a column, spelled with each separator it ignores
    /// (space, `_`, `-`, `.`, `/`) and in any case; the rest of the header stays plain.
    @Test(
        "every header name of every field, with any separator",
        arguments: [
            ("lat", 0), ("Latitude", 0), ("lat-deg", 0), ("Latitude.Deg", 0),
            ("lon", 1), ("LNG", 1), ("Long", 1), ("longitude", 1), ("lon_deg", 1), ("Longitude-Deg", 1),
            ("time", 2), ("Timestamp", 2), ("date/time", 2), ("UTC", 2), ("utc_time", 2), ("time.utc", 2),
            ("GPS Time", 2), ("iso_time", 2), ("Date and Time", 2), ("recorded_at", 2), ("tracked-at", 2),
            ("date_time_utc", 2), ("timestamp_ms", 2), ("Time.MS", 2),
            ("ele", 3), ("Elevation", 3), ("alt", 3), ("Altitude", 3), ("height", 3), ("elevation_m", 3),
            ("altitude-m", 3),
            ("course", 4), ("Bearing", 4), ("heading", 4), ("COG", 4), ("direction", 4),
            ("sat", 5), ("sats", 5), ("Satellites", 5), ("Satellites Used", 5), ("num_sats", 5),
            ("name", 6), ("Label", 6), ("HDOP", 7),
        ])
    func everyHeaderName(alias: String, column: Int) {
        var names = ["lat", "lon", "time", "ele", "course", "sats", "name", "hdop"]
        var values = ["47.5", "8.25", "2026-06-13T16:00:00Z", "400", "90", "9", "start", "1.2"]
        names[column] = alias
        if alias.lowercased().hasSuffix("ms") { values[2] = "1781366400000" }
        let (events, error) = readUntilError(
            names.joined(separator: ",") + "\n" + values.joined(separator: ",") + "\n", as: .csv)
        #expect(error == nil, "\(alias)")
        #expect(events.warnings.isEmpty, "\(alias): \(events.warnings)")
        let point = events.trackPoints.first
        #expect(point?.latitude == 47.5 && point?.longitude == 8.25, "\(alias)")
        #expect(point?.time == Timestamp(secondsSince1970: 1_781_366_400), "\(alias)")
        #expect(point?.elevationMeters == 400 && point?.courseDegrees == 90, "\(alias)")
        #expect(point?.satellites == 9 && point?.horizontalDilution == 1.2, "\(alias)")
        #expect(events.outline.contains("trkpt start"), "\(alias): \(events.outline)")
    }

    @Test("a date apart from the time, under each of its names", arguments: ["Date", "utc_date", "Date-UTC"])
    func everyDateName(alias: String) {
        let (events, error) = readUntilError("lat,lon,\(alias),time\n1,2,2023/12/18,22:09:52.030\n", as: .csv)
        #expect(error == nil)
        #expect(events.trackPoints.map(\.time) == [Self.time("2023-12-18T22:09:52.030Z")], "\(alias)")
    }

    @Test("two columns for one field: the first is read, the second ignored")
    func firstOfTwoColumns() {
        let text = """
            lat,lon,alt,time,altitude,timestamp,latitude
            47.3,8.5,400,2026-06-13T16:00:00Z,1200,1781366400,12

            """
        let (events, error) = readUntilError(text, as: .csv)
        #expect(error == nil)
        let points = events.trackPoints
        #expect(points.map(\.latitude) == [47.3])
        #expect(points.map(\.elevationMeters) == [400])
        #expect(points.map(\.time) == [Self.time("2026-06-13T16:00:00Z")])
    }

    @Test(
        "times: ISO 8601 with a space and no zone (UTC), GPSBabel's Date and Time apart, seconds and milliseconds since 1970"
    )
    func times() {
        let cases: [(String, String, Timestamp?)] = [
            ("time,lat,lon", "2026-06-13 16:00:00,1,2", Self.time("2026-06-13T16:00:00Z")),
            ("Latitude,Longitude,Date,Time", "1,2,2023/12/18,22:09:52.030", Self.time("2023-12-18T22:09:52.030Z")),
            ("lat,lng,timestamp", "1,2,1781366400", Timestamp(secondsSince1970: 1_781_366_400)),
            (
                "lat,lng,timestamp", "1,2,1781366400500",
                Timestamp(secondsSince1970: 1_781_366_400, nanoseconds: 500_000_000)
            ),
            ("lat,lng,timestampMs", "1,2,1000", Timestamp(secondsSince1970: 1)),
            ("lat,long,datetime", "1,2,13/06/2026 16:00", nil),
        ]
        for (header, row, expected) in cases {
            let (events, error) = readUntilError(header + "\n" + row + "\n", as: .csv)
            #expect(error == nil, "\(header)")
            #expect(events.trackPoints.first?.time == expected, "\(header): \(row)")
            #expect(events.trackPoints.count == 1)
        }
        let dropped = readUntilError("lat,long,datetime\n1,2,13/06/2026 16:00\n", as: .csv)
        #expect(
            dropped.events.warnings.map(\.description) == [
                "2:1: warning: the time \"13/06/2026 16:00\" is not ISO 8601, Date and Time, or seconds since 1970; time dropped"
            ])
    }

    @Test("a semicolon header (a comma-decimal spreadsheet): semicolons split, `47,1` is a number; tabs too")
    func delimiters() {
        let semicolons = readUntilError("time;lat;lon;ele\n2026-06-13T16:00:00Z;47,1;-8,25;400,5\n", as: .csv)
        #expect(semicolons.error == nil)
        #expect(semicolons.events.trackPoints.map(\.latitude) == [47.1])
        #expect(semicolons.events.trackPoints.map(\.longitude) == [-8.25])
        #expect(semicolons.events.trackPoints.map(\.elevationMeters) == [400.5])
        let tabs = readUntilError("lat\tlon\n47.1\t8.2\n", as: .csv)
        #expect(tabs.events.trackPoints.map(\.longitude) == [8.2])
        // Between commas a comma is a delimiter, never a decimal.
        let commas = readUntilError("lat,lon,ele\n47.1,8.2,\"400,5\"\n", as: .csv)
        #expect(commas.events.trackPoints.map(\.elevationMeters) == [nil])
    }

    @Test("rows without a position in range are skipped, ten warned and then counted; a time going back is dropped")
    func badRows() {
        var text = "lat,lon,time\n"
        for index in 0..<12 { text += "\(91 + index),8,2026-06-13T16:00:0\(index % 10)Z\n" }
        text += "47,8,2026-06-13T16:00:05Z\n47,8.1,2026-06-13T16:00:04Z\n47,8.2,\n"
        let (events, error) = readUntilError(text, as: .csv, options: .init(chunkSize: 16))
        #expect(error == nil)
        #expect(events.trackPoints.map(\.longitude) == [8, 8.1, 8.2])
        #expect(events.trackPoints.map(\.time) == [Self.time("2026-06-13T16:00:05Z"), nil, nil])
        let messages = events.warnings.map(\.description)
        #expect(messages.count == 12)
        #expect(
            messages.first
                == "2:1: warning: the position \"91,8\" is not a latitude from -90 to 90 and a longitude from -180 to 180; row skipped"
        )
        #expect(
            messages.contains(
                "15:1: warning: a row's time 2026-06-13T16:00:04.000Z is earlier than the previous row's 2026-06-13T16:00:05.000Z; position kept, time dropped"
            ))
        #expect(messages.last == "1:1: warning: 12 rows in all have no position in range; skipped")
    }

    @Test(
        "no header naming latitude and longitude in the first ten lines: an error at line 1; a row cut short ends the read"
    )
    func refusals() {
        let places = readUntilError("name,x,y\nclinic,1,2\n", as: .csv)
        #expect(places.events.trackPoints.isEmpty)
        #expect(
            places.error?.description
                == "test.csv:1:1: error: the header names no latitude and longitude columns (lat or latitude, lon, lng or longitude): not a route CSV"
        )
        let cut = readUntilError("time,lat,lon,ele\n2026-06-13T16:00:00Z,47,8,400\n2026-06-13T16:00:01Z,47.0", as: .csv)
        #expect(cut.events.trackPoints.count == 1)
        #expect(
            cut.error?.description
                == "test.csv:3:26: error: the file ends inside a row (2 of the header's 4 fields): it is truncated")
        // A whole last row without its line end is no cut.
        let whole = readUntilError("lat,lon\n47,8", as: .csv)
        #expect(whole.error == nil)
        #expect(whole.events.trackPoints.count == 1)
        let untimed = readUntilError("lat,lon\n47,8\n", as: .csv)
        #expect(
            untimed.events.warnings.map(\.message) == [
                "no time column (time, timestamp, datetime, or Date and Time): the points are untimed"
            ])
    }

    /// 64 KiB before the line feed (a CR included) is the longest row kept: a row of exactly
    /// that many bytes is read whole, one of a byte more ends the read, in any chunk size.
    @Test(
        "a row of exactly 64 KiB is read; one of 64 KiB and a byte is refused at its line",
        arguments: [16, 4096, 65_536])
    func rowLengthLimit(chunkSize: Int) {
        let limit = 64 * 1024
        /// A row whose name fills it to `length` bytes before the LF.
        func row(_ coordinates: String, length: Int, ending: String = "") -> String {
            String(repeating: "n", count: length - coordinates.utf8.count - ending.utf8.count) + coordinates + ending
                + "\n"
        }
        let text =
            "name,lat,lon\n" + row(",47.1,8.1", length: limit) + row(",47.2,8.2", length: limit, ending: "\r")
            + row(",47.3,8.3", length: limit + 1) + row(",47.4,8.4", length: 20)
        let (events, error) = readUntilError(text, as: .csv, options: .init(chunkSize: chunkSize))
        #expect(events.trackPoints.map(\.latitude) == [47.1, 47.2])
        #expect(events.trackPoints.map { $0.name?.utf8.count } == [limit - 9, limit - 10])
        #expect(error?.description == "test.csv:4:1: error: a line longer than 64 KiB: not a route CSV")
    }

    @Test("found by .csv, and by a first line naming latitude and longitude; a spreadsheet's byte order mark read past")
    func detection() {
        #expect(RouteFormat(fileName: "ride.CSV") == .csv)
        #expect(RouteFormat.detect(head: Array("time,lat,lon\n2026".utf8)) == .csv)
        #expect(RouteFormat.detect(head: Array("Date;Time;Latitude;Longitude\r\n".utf8)) == .csv)
        #expect(RouteFormat.detect(head: Array("name,x,y\n".utf8)) == nil)
        let bom = readUntilError("\u{FEFF}lat,lon\n47,8\n", as: .csv)
        #expect(bom.error == nil)
        #expect(bom.events.trackPoints.count == 1)
    }

    @Test(
        "loggers' shapes: hemispheres in a column or after the number, units after values, a count line before the header"
    )
    func loggerShapes() {
        // An MTK logger's (through GPSBabel): N/S and E/W columns, `98.470 m`, `36.000 km/h`.
        let mtk = readUntilError(
            """
            INDEX,DATE,TIME,LATITUDE,N/S,LONGITUDE,E/W,HEIGHT,SPEED,
            1,2008/01/27,13:03:22.836,57.719581,S,12.016372,W,98.470 m,36.000 km/h,
            2,2008/01/27,13:03:23.836,57.719581,N,12.016372,E,98.470 m,3.6 m/s,

            """, as: .csv)
        #expect(mtk.error == nil)
        #expect(mtk.events.trackPoints.map(\.latitude) == [-57.719581, 57.719581])
        #expect(mtk.events.trackPoints.map(\.longitude) == [-12.016372, 12.016372])
        #expect(mtk.events.trackPoints.map(\.elevationMeters) == [98.47, 98.47])
        #expect(mtk.events.trackPoints.map(\.speedMetersPerSecond) == [10, 3.6])
        #expect(mtk.events.trackPoints.first?.time == Self.time("2008-01-27T13:03:22.836Z"))
        // A Columbus logger's: `49.07N`; its yyMMdd date is not guessed at, nor its time read
        // as seconds since 1970.
        let columbus = readUntilError(
            "INDEX,TAG,DATE,TIME,LATITUDE N/S,LONGITUDE E/W\n1,T,250724,173418,49.5N,125.25W\n", as: .csv)
        #expect(columbus.events.trackPoints.map(\.latitude) == [49.5])
        #expect(columbus.events.trackPoints.map(\.longitude) == [-125.25])
        #expect(columbus.events.trackPoints.map(\.time) == [nil])
        // A count before the header.
        let counted = readUntilError("197\ntime,lat,lon\n2017-08-14T05:23:35.000Z,60.38592,5.218073\n", as: .csv)
        #expect(counted.error == nil)
        #expect(counted.events.trackPoints.map(\.line) == [3])
        #expect(counted.events.warnings.map(\.message) == ["1 line before the header skipped"])
        // A hemisphere that is neither: the row is skipped.
        let wrong = readUntilError("lat,N/S,lon\n47,X,8\n", as: .csv)
        #expect(wrong.events.trackPoints.isEmpty)
        #expect(wrong.events.warnings.filter { $0.message.hasSuffix("row skipped") }.count == 1)
    }

    @Test("a spreadsheet's shapes: quoted header names, CR LF line ends, miles an hour")
    func spreadsheetShapes() {
        let text =
            "\"Latitude\",\"Longitude\",\"Speed (mph)\",\"Time\"\r\n\"47.1\",\"8.2\",\"10\",\"2026-06-13T16:00:00Z\"\r\n"
        let (events, error) = readUntilError(text, as: .csv)
        #expect(error == nil)
        #expect(events.warnings.isEmpty)
        #expect(events.trackPoints.map(\.latitude) == [47.1])
        #expect(events.trackPoints.map(\.speedMetersPerSecond) == [4.4704])
        // The time is the line's last field: read without the CR.
        #expect(events.trackPoints.map(\.time) == [Self.time("2026-06-13T16:00:00Z")])
    }

    /// Every speed unit the reader knows, as a header's brackets and as a name that carries
    /// it: the conversions are exact (a knot is 1,852 m an hour, a mile an hour 0.44704 m/s).
    @Test(
        "every speed unit: km/h, mph and knots in brackets or in the name, m/s when none",
        arguments: [
            ("Speed (km/h)", 36.0, 10.0), ("speed_kmh", 36, 10), ("Speed [kph]", 36, 10),
            ("Speed (mph)", 10, 4.4704), ("speedMph", 10, 4.4704),
            ("Speed (kn)", 10, 5.144_444_444_444_445), ("Speed (kt)", 10, 5.144_444_444_444_445),
            ("speed_knots", 10, 5.144_444_444_444_445), ("Speed (knots)", 10, 5.144_444_444_444_445),
            ("speed", 3, 3), ("Speed (m/s)", 3, 3),
            // Each unit a name can end in, as the reader lists them.
            ("speed_kph", 36, 10), ("speed_ms", 3, 3), ("speed_kn", 10, 5.144_444_444_444_445),
        ])
    func speedUnits(header: String, value: Double, metersPerSecond: Double) {
        let (events, error) = readUntilError("lat,lon,\(header)\n47,8,\(value)\n", as: .csv)
        #expect(error == nil)
        let speed = try? #require(events.trackPoints.first?.speedMetersPerSecond)
        #expect(abs((speed ?? -1) - metersPerSecond) < 1e-9, "\(header): \(String(describing: speed))")
    }

    @Test("the header is looked for in the first ten lines, not the eleventh")
    func headerWithinTenLines() {
        let title = String(repeating: "a title\n", count: 9)
        let tenth = readUntilError(title + "lat,lon\n47,8\n", as: .csv)
        #expect(tenth.error == nil)
        #expect(tenth.events.trackPoints.count == 1)
        #expect(tenth.events.warnings.map(\.message).first == "9 lines before the header skipped")
        let eleventh = readUntilError(title + "more\nlat,lon\n47,8\n", as: .csv)
        #expect(
            eleventh.error?.description.hasPrefix(
                "test.csv:1:1: error: the header names no latitude and longitude columns") == true)
        #expect(eleventh.events.trackPoints.isEmpty)
    }
}
