import Foundation

/// A zone's abbreviation at an instant (`CET`, `CEST`, `EST`), read from the system's tz
/// database (the TZif files of `/usr/share/zoneinfo`, or `TZDIR`), as Open-Meteo's server
/// answers `timezone_abbreviation`.
///
/// Why not Foundation's `TimeZone.abbreviation(for:)`: since Swift 6 (ICU) it gives `GMT+1`
/// for Berlin on Linux and macOS, where the real API answers `CET`. The file's abbreviation is
/// the one of the last transition at or before the instant; after the file's last
/// transition, the one of the latest local time type with the offset and daylight saving
/// Foundation gives for the instant (so no POSIX TZ rule is evaluated here), and failing
/// both, the footer's standard or daylight name. A zone without a readable file falls back
/// to Foundation's abbreviation.
enum ZoneAbbreviations {
    static func abbreviation(of zone: TimeZone, at date: Date) -> String {
        let fallback = zone.abbreviation(for: date) ?? zone.identifier
        guard let file = ZoneFile(identifier: zone.identifier) else { return fallback }
        let instant = Int64(date.timeIntervalSince1970.rounded(.down))
        return file.abbreviation(
            at: instant, offset: zone.secondsFromGMT(for: date), daylight: zone.isDaylightSavingTime(for: date)) ?? fallback
    }
}

/// The parts of a TZif file (RFC 8536) an abbreviation needs.
struct ZoneFile {
    struct LocalTimeType {
        var offset: Int
        var daylight: Bool
        var abbreviation: String
    }

    var transitions: [(time: Int64, type: Int)] = []
    var types: [LocalTimeType] = []
    /// The POSIX TZ string after the data (`CET-1CEST,M3.5.0,M10.5.0/3`), if any.
    var footer = ""

    /// Reads the zone's file, or nil when there is none or it is not TZif.
    init?(identifier: String) {
        // No path outside the database: an identifier is letters, digits, `/`, `_`, `-`, `+`.
        guard !identifier.isEmpty, !identifier.contains(".."), !identifier.hasPrefix("/") else { return nil }
        let directory = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo"
        guard let data = FileManager.default.contents(atPath: "\(directory)/\(identifier)") else { return nil }
        self.init(bytes: [UInt8](data))
    }

    init?(bytes: [UInt8]) {
        var reader = ByteReader(bytes: bytes)
        guard let header = reader.header() else { return nil }
        var counts = header.counts
        var timeSize = 4
        if header.version >= 2 {
            // Skip the 32-bit block for the 64-bit one after it.
            guard reader.skip(counts.dataSize(timeSize: 4)), let second = reader.header() else { return nil }
            counts = second.counts
            timeSize = 8
        }
        var times: [Int64] = []
        for _ in 0..<counts.transitions {
            guard let time = timeSize == 8 ? reader.int64() : reader.int32().map(Int64.init) else { return nil }
            times.append(time)
        }
        var indices: [Int] = []
        for _ in 0..<counts.transitions {
            guard let index = reader.byte() else { return nil }
            indices.append(Int(index))
        }
        var rawTypes: [(offset: Int, daylight: Bool, index: Int)] = []
        for _ in 0..<counts.types {
            guard let offset = reader.int32(), let daylight = reader.byte(), let index = reader.byte() else { return nil }
            rawTypes.append((Int(offset), daylight != 0, Int(index)))
        }
        guard let characters = reader.bytes(counts.characters) else { return nil }
        types = rawTypes.map { raw in
            let name = characters.dropFirst(raw.index).prefix { $0 != 0 }
            return LocalTimeType(offset: raw.offset, daylight: raw.daylight, abbreviation: String(decoding: name, as: UTF8.self))
        }
        guard indices.allSatisfy({ $0 < types.count }) else { return nil }
        transitions = Array(zip(times, indices))
        if header.version >= 2, reader.skip(counts.leapSeconds * (timeSize + 4) + counts.standardIndicators + counts.utIndicators) {
            let rest = reader.remaining
            if rest.first == UInt8(ascii: "\n") {
                footer = String(decoding: rest.dropFirst().prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            }
        }
    }

    /// The abbreviation at `instant`, whose offset and daylight saving time are known.
    func abbreviation(at instant: Int64, offset: Int, daylight: Bool) -> String? {
        // Before the file's last transition, the type in force is the file's own word.
        if let last = transitions.last, instant < last.time, let inForce = transitions.last(where: { $0.time <= instant }) {
            let type = types[inForce.type]
            if type.offset == offset { return type.abbreviation }
        }
        // Past it (the footer's rules govern) or before the first: the latest type like it.
        for transition in transitions.reversed() {
            let type = types[transition.type]
            if type.offset == offset && type.daylight == daylight { return type.abbreviation }
        }
        if let type = types.first(where: { $0.offset == offset && $0.daylight == daylight }) { return type.abbreviation }
        return footerNames().map { daylight ? $0.daylight ?? $0.standard : $0.standard }
    }

    /// The standard and daylight names of the footer (`CET-1CEST,...`, `<+0530>-5:30`).
    func footerNames() -> (standard: String, daylight: String?)? {
        var rest = Substring(footer)
        func name() -> String? {
            if rest.first == "<" {
                guard let close = rest.firstIndex(of: ">") else { return nil }
                let name = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                return String(name)
            }
            let name = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(name.count)
            return name.count >= 3 ? String(name) : nil
        }
        guard let standard = name() else { return nil }
        rest = rest.drop { $0.isNumber || $0 == "+" || $0 == "-" || $0 == ":" }
        return (standard, rest.isEmpty ? nil : name())
    }
}

/// Big-endian reading of a TZif file, nil past its end.
private struct ByteReader {
    struct Counts {
        var utIndicators = 0, standardIndicators = 0, leapSeconds = 0, transitions = 0, types = 0, characters = 0

        func dataSize(timeSize: Int) -> Int {
            transitions * (timeSize + 1) + types * 6 + characters + leapSeconds * (timeSize + 4) + standardIndicators
                + utIndicators
        }
    }

    let bytes: [UInt8]
    var position = 0

    var remaining: ArraySlice<UInt8> { bytes[min(position, bytes.count)...] }

    mutating func header() -> (version: Int, counts: Counts)? {
        guard let magic = self.bytes(4), magic.elementsEqual("TZif".utf8), let version = byte(), skip(15) else { return nil }
        var values: [Int] = []
        for _ in 0..<6 {
            guard let value = int32(), value >= 0, value < 1 << 20 else { return nil }
            values.append(Int(value))
        }
        let counts = Counts(
            utIndicators: values[0], standardIndicators: values[1], leapSeconds: values[2], transitions: values[3],
            types: values[4], characters: values[5])
        // Version 1 files have 0; later ones an ASCII digit.
        return (version == 0 ? 1 : Int(version) - Int(UInt8(ascii: "0")), counts)
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count else { return false }
        position += count
        return true
    }

    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, position + count <= bytes.count else { return nil }
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func byte() -> UInt8? { bytes(1)?.first }

    mutating func int32() -> Int32? {
        bytes(4).map { Int32(bitPattern: $0.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) }
    }

    mutating func int64() -> Int64? {
        bytes(8).map { Int64(bitPattern: $0.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }) }
    }
}
