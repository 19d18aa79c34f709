// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Which columns of a route CSV hold what, from its header's names: the spellings GPS
/// loggers and tools write (`lat`/`latitude`/`Latitude`, `lon`/`lng`/`long`/`longitude`,
/// `time`/`timestamp`/`datetime`, `Date` and `Time` apart as GPSBabel's unicsv writes them,
/// `ele`/`elevation`/`alt`/`altitude`, `speed` with its unit, `course`/`bearing`/`heading`),
/// matched without case, spaces, `_`, `-`, `.` or a unit in brackets (`Altitude (m)`).
struct CSVColumns {
    var latitude: Int
    var longitude: Int
    /// A date and time (or a time alone, with ``date``); epoch seconds or milliseconds too.
    var time: Int?
    /// A date alone (`2023/12/18`), for a ``time`` of day.
    var date: Int?
    var elevation: Int?
    var speed: Int?
    /// What a speed is in, as metres per second per unit.
    var speedScale = 1.0
    var course: Int?
    /// A hemisphere column beside its value (`N/S`, `E/W`: an MTK logger's).
    var latitudeHemisphere: Int?
    var longitudeHemisphere: Int?
    var name: Int?
    var satellites: Int?
    var horizontalDilution: Int?
    /// Whether the time column counts milliseconds (`timestampMs`), not seconds, when a number.
    var timeInMilliseconds = false
    var count: Int

    /// The columns `header` names, or nil when it names no latitude and longitude.
    init?(header: [Substring]) {
        var found: [String: Int] = [:]
        var units: [String: String] = [:]
        for (index, raw) in header.enumerated() {
            let (name, unit) = Self.normalized(raw)
            guard let role = Self.roles[name], found[role] == nil else { continue }
            found[role] = index
            units[role] = unit ?? Self.impliedUnits[name]
        }
        guard let latitude = found["latitude"], let longitude = found["longitude"] else { return nil }
        self.latitude = latitude
        self.longitude = longitude
        time = found["time"]
        date = found["date"]
        elevation = found["elevation"]
        speed = found["speed"]
        course = found["course"]
        latitudeHemisphere = found["latitudeHemisphere"]
        longitudeHemisphere = found["longitudeHemisphere"]
        name = found["name"]
        satellites = found["satellites"]
        horizontalDilution = found["hdop"]
        timeInMilliseconds = units["time"] == "ms"
        speedScale = Self.speedScale(unit: units["speed"] ?? "")
        count = header.count
    }

    /// Metres per second per `unit` of speed (lower case): m/s when not known.
    static func speedScale(unit: String) -> Double {
        switch unit {
        case "km/h", "kmh", "kph": 1 / 3.6
        case "mph": 0.447_04
        case "kn", "kt", "knots", "knot": 1852.0 / 3600
        default: 1
        }
    }

    /// A header name lowered, without spaces, `_`, `-` and `.`, and its unit: the part in
    /// brackets (`Speed (km/h)`), or a known suffix.
    static func normalized(_ raw: Substring) -> (name: String, unit: String?) {
        var text = raw.trimmingQuotesAndSpaces().lowercased()
        var unit: String?
        if let open = text.firstIndex(where: { $0 == "(" || $0 == "[" }) {
            unit = String(text[text.index(after: open)...].prefix { $0 != ")" && $0 != "]" }.filter { $0 != " " })
            text = String(text[..<open])
        }
        let name = String(text.filter { !" _-./".contains($0) })
        return (name, unit)
    }

    /// Every name read, by what it holds.
    static let roles: [String: String] = {
        var roles: [String: String] = [:]
        // `LATITUDE N/S`: a Columbus logger's, its hemisphere a letter after the number.
        for name in ["lat", "latitude", "latdeg", "latitudedeg", "latitudens"] { roles[name] = "latitude" }
        for name in ["lon", "lng", "long", "longitude", "londeg", "longitudedeg", "longitudeew"] {
            roles[name] = "longitude"
        }
        roles["ns"] = "latitudeHemisphere"
        roles["ew"] = "longitudeHemisphere"
        for name in [
            "time", "timestamp", "datetime", "utc", "utctime", "timeutc", "gpstime", "isotime", "timestampms", "timems",
            "recordedat", "trackedat", "dateandtime", "datetimeutc",
        ] { roles[name] = "time" }
        for name in ["date", "utcdate", "dateutc"] { roles[name] = "date" }
        for name in ["ele", "elevation", "alt", "altitude", "height", "elevationm", "altitudem"] {
            roles[name] = "elevation"
        }
        for name in ["speed", "speedkmh", "speedkph", "speedmph", "speedms", "speedknots", "speedkn"] {
            roles[name] = "speed"
        }
        for name in ["course", "bearing", "heading", "cog", "direction"] { roles[name] = "course" }
        for name in ["name", "label"] { roles[name] = "name" }
        for name in ["sat", "sats", "satellites", "satellitesused", "numsats"] { roles[name] = "satellites" }
        for name in ["hdop"] { roles[name] = "hdop" }
        return roles
    }()

    /// Units a name carries in itself (`speedKmh`, `timestampMs`).
    static let impliedUnits: [String: String] = [
        "speedkmh": "km/h", "speedkph": "km/h", "speedmph": "mph", "speedms": "m/s", "speedknots": "kn",
        "speedkn": "kn",
        "timestampms": "ms", "timems": "ms",
    ]
}

extension Substring {
    /// Without surrounding spaces and one pair of double quotes.
    func trimmingQuotesAndSpaces() -> Substring {
        var text = self.drop { $0 == " " || $0 == "\t" }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        return text
    }
}
