// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastBasics
import TrailcastRoutes

/// FIT read into GPX's events, checked against real devices' files and python-fitparse's
/// decoding of them (`Tests/Fixtures/fit/`), and against files built here byte by byte.
@Suite("FIT reader")
struct FITReaderTests {
    static func read(_ bytes: [UInt8], name: String = "test.fit", options: GPXStreamReader.Options = .init()) -> (
        events: [RouteEvent], error: RouteError?
    ) {
        do {
            return readUntilError(try RouteFormat.fit.makeReader(bytes: bytes, name: name, options: options))
        } catch {
            return ([], error)
        }
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: RepositoryFiles.path("Tests/Fixtures/fit/\(name)"))))
    }

    static func trackPoints(_ events: [RouteEvent]) -> [RoutePoint] {
        events.compactMap { if case .trackPoint(let point) = $0 { point } else { nil } }
    }

    @Test(
        "every record as python-fitparse decodes it: time, position, altitude, speed",
        arguments: [
            "garmin-fenix-5-run", "garmin-edge-820-bike",
        ])
    func sameAsFitparse(name: String) throws {
        let (events, error) = Self.read(try Self.fixture("\(name).fit"), options: .init(chunkSize: 16))
        #expect(error == nil)
        let points = Self.trackPoints(events)
        let csv = try String(
            contentsOfFile: RepositoryFiles.path("Tests/Fixtures/fit/\(name)-records.csv"), encoding: .utf8)
        let rows = csv.split(whereSeparator: \.isNewline).dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        .filter { !$0[5].isEmpty && !$0[6].isEmpty }
        #expect(points.count == rows.count)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss zzz yyyy"
        for (point, row) in zip(points, rows) {
            let time = try #require(formatter.date(from: row[0]))
            #expect(point.time == Timestamp(secondsSince1970: Int64(time.timeIntervalSince1970)))
            #expect(abs(point.latitude - Double(row[5])! * 180 / 2_147_483_648) < 1e-12)
            #expect(abs(point.longitude - Double(row[6])! * 180 / 2_147_483_648) < 1e-12)
            #expect(abs(point.elevationMeters! - Double(row[7])!) < 1e-9)
            #expect(abs(point.speedMetersPerSecond! - Double(row[3])!) < 1e-9)
            #expect(point.heartRateBeatsPerMinute == Int(row[1]))
        }
    }

    @Test("chained FIT files: an activity followed by a settings file reads as the activity alone")
    func chainedFiles() throws {
        let alone = Self.read(try Self.fixture("Activity.fit"))
        let chained = Self.read(try Self.fixture("activity-settings.fit"))
        #expect(alone.error == nil && chained.error == nil)
        #expect(Self.trackPoints(alone.events).count == 14)
        #expect(chained.events == alone.events)
    }

    @Test("developer fields skipped; compressed timestamps; records without a position warned once")
    func realDevices() throws {
        let bolt = Self.read(try Self.fixture("elemnt-bolt-no-application-id-inside-developer-data-id.fit"))
        #expect(bolt.error == nil)
        #expect(Self.trackPoints(bolt.events).count == 131)
        let treadmill = Self.read(try Self.fixture("compressed-speed-distance.fit"))
        #expect(treadmill.error == nil)
        let warnings = treadmill.events.compactMap { if case .warning(let warning) = $0 { warning } else { nil } }
        #expect(warnings.count == 1)
        #expect(warnings.first?.description.hasPrefix(" byte ") == true)
    }

    @Test(
        "damaged files: one error with the byte it is at",
        arguments: [
            (
                "activity-filecrc.fit",
                "activity-filecrc.fit: byte 769: error: the file's CRC is 0xb1d5, but its bytes give 0xa1d5: it is damaged or truncated"
            ),
            (
                "activity-unexpected-eof.fit",
                "activity-unexpected-eof.fit: byte 768: error: the file ends inside a data message: it is truncated"
            ),
            (
                "activity-settings-corruptheader.fit",
                "activity-settings-corruptheader.fit: byte 779: error: no \".FIT\" signature at byte 779: this is not a FIT file"
            ),
        ])
    func damaged(name: String, message: String) throws {
        let (_, error) = Self.read(try Self.fixture(name), name: name)
        #expect(error?.description == message)
    }

    // MARK: - Files built here

    static let record: [(UInt8, UInt8, UInt8)] = [
        (253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (78, 4, 0x86), (6, 2, 0x84),
    ]

    static func recordBytes(
        time: UInt32?, latitude: Double, longitude: Double, altitude: Double, bigEndian: Bool = false
    ) -> [UInt8] {
        let semicircles = { (degrees: Double) in UInt32(bitPattern: Int32((degrees * 2_147_483_648 / 180).rounded())) }
        var bytes: [UInt8] = []
        if let time { bytes += FITBuilder.integer(UInt64(time), 4, bigEndian) }
        bytes += FITBuilder.integer(UInt64(semicircles(latitude)), 4, bigEndian)
        bytes += FITBuilder.integer(UInt64(semicircles(longitude)), 4, bigEndian)
        bytes += FITBuilder.integer(UInt64((altitude + 500) * 5), 4, bigEndian)
        bytes += FITBuilder.integer(2500, 2, bigEndian)
        return bytes
    }

    @Test("compressed timestamps, big-endian definitions, developer fields, and the timer's stop as a new segment")
    func builtFile() {
        var fit = FITBuilder()
        fit.definition(local: 0, global: 20, fields: Self.record)
        fit.data(local: 0, Self.recordBytes(time: 1_000_000_030, latitude: 47.5, longitude: 8.5, altitude: 400))
        // A compressed header: local type 1, 5 bits of time offset (2 past 30 wraps to 34).
        fit.definition(
            local: 1, global: 20, bigEndian: true, fields: Array(Self.record.dropFirst()), developer: [(0, 3, 0)])
        fit.compressed(
            local: 1, offset: 2,
            Self.recordBytes(time: nil, latitude: 47.6, longitude: 8.6, altitude: 401, bigEndian: true) + [9, 9, 9])
        fit.definition(local: 2, global: 21, fields: [(253, 4, 0x86), (0, 1, 0), (1, 1, 0)])
        fit.data(local: 2, FITBuilder.integer(1_000_000_035, 4, false) + [0, 4])  // timer stop_all
        fit.data(local: 2, FITBuilder.integer(1_000_000_040, 4, false) + [0, 0])  // timer start
        fit.data(local: 0, Self.recordBytes(time: 1_000_000_041, latitude: 47.7, longitude: 8.7, altitude: 402))
        let (events, error) = Self.read(fit.file())
        #expect(error == nil)
        #expect(
            events.map(\.caseName) == [
                "metadata", "beginTrack", "beginSegment", "trackPoint", "trackPoint", "endSegment",
                "beginSegment", "trackPoint", "endSegment", "endTrack",
            ])
        let points = Self.trackPoints(events)
        #expect(
            points.map(\.time)
                == [1_000_000_030, 1_000_000_034, 1_000_000_041].map {
                    Timestamp(secondsSince1970: 631_065_600 + $0)
                })
        #expect(points.map(\.elevationMeters) == [400, 401, 402])
        #expect(abs(points[1].latitude - 47.6) < 1e-7 && abs(points[1].longitude - 8.6) < 1e-7)
        #expect(points.allSatisfy { $0.speedMetersPerSecond == 2.5 })
        #expect(Self.read(fit.file(), options: .init(chunkSize: 16)).events == events)
    }

    /// The profile's `record` fields 3 (`heart_rate`, bpm) and 4 (`cadence`, rpm), each a
    /// byte whose 0xFF means none; field 5 (`distance`, a uint32 in centimetres) is beside
    /// them and not read. Every value differs, so a field read from another shows.
    @Test("a record's heart rate (field 3) and cadence (field 4) are read; 0xFF is none; distance (field 5) is not")
    func heartRateAndCadence() {
        var fit = FITBuilder()
        let fields: [(UInt8, UInt8, UInt8)] = [
            (253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (3, 1, 0x02), (4, 1, 0x02), (5, 4, 0x86),
        ]
        fit.definition(local: 0, global: 20, fields: fields)
        let records: [(second: UInt32, heartRate: UInt8, cadence: UInt8, centimetres: UInt64)] = [
            (30, 142, 87, 12_345), (31, 0xFF, 0xFF, 12_600), (32, 0xFF, 0, 5),
        ]
        for (second, heartRate, cadence, centimetres) in records {
            // The time and position of recordBytes, then the three fields.
            let timeAndPosition = Self.recordBytes(
                time: 1_000_000_000 + second, latitude: 47.5, longitude: 8.5, altitude: 0
            ).prefix(12)
            fit.data(
                local: 0, Array(timeAndPosition) + [heartRate, cadence] + FITBuilder.integer(centimetres, 4, false))
        }
        let (events, error) = Self.read(fit.file())
        #expect(error == nil)
        let points = Self.trackPoints(events)
        #expect(points.map(\.heartRateBeatsPerMinute) == [142, nil, nil])
        #expect(points.map(\.cadenceRevolutionsPerMinute) == [87, nil, 0])
        #expect(points.map(\.speedMetersPerSecond) == [nil, nil, nil])
    }

    @Test(
        "a compressed timestamp's edges: the same second as the last full one stays, the next counts on, a smaller offset rolls past 32"
    )
    func compressedTimestampEdges() {
        var fit = FITBuilder()
        fit.definition(local: 0, global: 20, fields: Self.record)
        // 1_000_000_030 is 30 past a multiple of 32.
        fit.data(local: 0, Self.recordBytes(time: 1_000_000_030, latitude: 47.5, longitude: 8.5, altitude: 400))
        fit.definition(local: 1, global: 20, fields: Array(Self.record.dropFirst()))
        for (offset, altitude) in [(30, 401.0), (31, 402), (0, 403), (0, 404)] as [(UInt8, Double)] {
            fit.compressed(
                local: 1, offset: offset,
                Self.recordBytes(time: nil, latitude: 47.6, longitude: 8.6, altitude: altitude))
        }
        let (events, error) = Self.read(fit.file())
        #expect(error == nil)
        #expect(
            Self.trackPoints(events).map(\.time)
                == [1_000_000_030, 1_000_000_030, 1_000_000_031, 1_000_000_032, 1_000_000_032].map {
                    Timestamp(secondsSince1970: 631_065_600 + $0)
                })
    }

    @Test(
        "a 14-byte header whose CRC is 0x0000 (the protocol's \"not computed\") is read; the file's own CRC still counts"
    )
    func headerWithoutCRC() {
        var fit = FITBuilder()
        fit.definition(local: 0, global: 20, fields: Self.record)
        fit.data(local: 0, Self.recordBytes(time: 1_000_000_030, latitude: 47.5, longitude: 8.5, altitude: 400))
        var bytes = fit.file()
        bytes[12] = 0
        bytes[13] = 0
        bytes.removeLast(2)
        bytes += FITBuilder.integer(UInt64(FITBuilder.crc(bytes)), 2, false)
        let (events, error) = Self.read(bytes)
        #expect(error == nil)
        #expect(Self.trackPoints(events).count == 1)
    }

    @Test(
        "hostile and broken headers and definitions: refused at their byte, nothing allocated for their claims",
        arguments: [
            ("short", "test.fit: byte 9: error: the file ends inside its 14-byte header: it is truncated"),
            ("size", "test.fit: byte 0: error: a FIT header is 12 or 14 bytes long, not 40: this is not a FIT file"),
            ("header CRC", "test.fit: byte 12: error: the header's CRC is 0x1234, but its bytes give"),
            (
                "huge data size",
                "test.fit: byte 35: error: the file ends inside a record, before the data size its header declares: it is truncated"
            ),
            (
                "huge definition",
                "test.fit: byte 14: error: a definition message runs past the data size its header declares"
            ),
            (
                "undefined",
                "test.fit: byte 14: error: a data message of local type 3, which no definition message declared"
            ),
            (
                "architecture",
                "test.fit: byte 16: error: a definition message's architecture is 7, not 0 (little-endian) or 1 (big-endian)"
            ),
        ])
    func hostile(kind: String, message: String) {
        var fit = FITBuilder()
        var bytes: [UInt8]
        switch kind {
        case "short": bytes = Array(fit.file().prefix(9))
        case "size": bytes = [40] + Array(fit.file().dropFirst())
        case "header CRC":
            bytes = fit.file()
            bytes[12] = 0x34
            bytes[13] = 0x12
        case "huge data size":
            fit.definition(local: 0, global: 20, fields: Self.record)
            bytes = fit.file(dataSize: 0xFFFF_FFFF)
            bytes.removeLast(2)
        case "huge definition":
            // 255 fields of 255 bytes each claimed in a definition the data size cannot hold.
            fit.raw(
                [0x40, 0, 0, 20, 0, 255]
                    + Array(repeating: [UInt8](arrayLiteral: 1, 255, 0x0D), count: 255).flatMap { $0 })
            bytes = fit.file(dataSize: 20)
        case "undefined":
            fit.raw([0x03, 1, 2, 3])
            bytes = fit.file()
        default:
            fit.raw([0x40, 0, 7, 20, 0, 0])
            bytes = fit.file()
        }
        let (_, error) = Self.read(bytes)
        #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
    }
}

/// A FIT file written byte by byte as the FIT protocol lays it out: a 14-byte header, the
/// messages, the CRC-16 of everything before it.
struct FITBuilder {
    private var messages: [UInt8] = []

    static func integer(_ value: UInt64, _ size: Int, _ bigEndian: Bool) -> [UInt8] {
        let little = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        return bigEndian ? little.reversed() : little
    }

    mutating func definition(
        local: UInt8, global: UInt16, bigEndian: Bool = false, fields: [(UInt8, UInt8, UInt8)],
        developer: [(UInt8, UInt8, UInt8)] = []
    ) {
        messages += [0x40 | (developer.isEmpty ? 0 : 0x20) | local, 0, bigEndian ? 1 : 0]
        messages += Self.integer(UInt64(global), 2, bigEndian)
        messages.append(UInt8(fields.count))
        for field in fields { messages += [field.0, field.1, field.2] }
        if !developer.isEmpty {
            messages.append(UInt8(developer.count))
            for field in developer { messages += [field.0, field.1, field.2] }
        }
    }

    mutating func data(local: UInt8, _ bytes: [UInt8]) { messages += [local] + bytes }

    mutating func compressed(local: UInt8, offset: UInt8, _ bytes: [UInt8]) {
        messages += [0x80 | local << 5 | offset & 0x1F] + bytes
    }

    mutating func raw(_ bytes: [UInt8]) { messages += bytes }

    func file(dataSize: UInt32? = nil) -> [UInt8] {
        var header: [UInt8] =
            [14, 0x20] + Self.integer(2195, 2, false)
            + Self.integer(UInt64(dataSize ?? UInt32(messages.count)), 4, false) + Array(".FIT".utf8)
        header += Self.integer(UInt64(Self.crc(header)), 2, false)
        let body = header + messages
        return body + Self.integer(UInt64(Self.crc(body)), 2, false)
    }

    /// The FIT protocol's CRC-16 (its published nibble table), written here independently.
    static func crc(_ bytes: [UInt8]) -> UInt16 {
        let table: [UInt16] = [
            0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
            0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
        ]
        var crc: UInt16 = 0
        for byte in bytes {
            for nibble in [byte & 0xF, byte >> 4] {
                let low = table[Int(crc & 0xF)]
                crc = (crc >> 4) & 0x0FFF ^ low ^ table[Int(nibble)]
            }
        }
        return crc
    }
}
