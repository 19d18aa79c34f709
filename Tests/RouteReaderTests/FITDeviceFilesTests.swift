// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastRoutes

/// FIT files as devices other than a watch's activity write them, built byte by byte: a
/// camera timed by its own clock (`timestamp_correlation`), a watch's saved places (a
/// locations file), and a file cut short inside what would be a definition.
@Suite("FIT reader: cameras, saved places, files cut short")
struct FITDeviceFilesTests {
    static let correlation: [(UInt8, UInt8, UInt8)] = [(253, 4, 0x86), (0, 2, 0x84), (1, 4, 0x86), (2, 2, 0x84)]

    static func record(_ fit: inout FITBuilder, systemTime: UInt32, latitude: Double = 47.3) {
        fit.data(
            local: 0, FITReaderTests.recordBytes(time: systemTime, latitude: latitude, longitude: 8.5, altitude: 400))
    }

    static func correlate(
        _ fit: inout FITBuilder, utc: UInt32, fraction: UInt16, system: UInt32, systemFraction: UInt16 = 0
    ) {
        fit.data(
            local: 1,
            FITBuilder.integer(UInt64(utc), 4, false) + FITBuilder.integer(UInt64(fraction), 2, false)
                + FITBuilder.integer(UInt64(system), 4, false) + FITBuilder.integer(UInt64(systemFraction), 2, false))
    }

    static func warnings(_ events: [RouteEvent]) -> [String] {
        events.compactMap { if case .warning(let warning) = $0 { warning.description } else { nil } }
    }

    /// 2017-06-28T02:34:11Z, GPSBabel's first time for a Garmin VIRB's file, in FIT seconds.
    static let firstFixUTC: UInt32 = 867_551_651

    @Test("a camera's system times are dated by timestamp_correlation, records before it included, with its fractions")
    func correlatedSystemTime() {
        var fit = FITBuilder()
        fit.definition(local: 0, global: 20, fields: FITReaderTests.record)
        fit.definition(local: 1, global: 162, fields: Self.correlation)
        Self.record(&fit, systemTime: 67)
        Self.record(&fit, systemTime: 68)
        // At system time 100 it was 33 s after the first fix: the records above wait for this.
        Self.correlate(&fit, utc: Self.firstFixUTC + 33, fraction: 0, system: 100)
        Self.record(&fit, systemTime: 69)
        // A later correlation half a second apart (16384/32768 s) dates what follows it.
        Self.correlate(&fit, utc: Self.firstFixUTC + 133, fraction: 16384, system: 200)
        Self.record(&fit, systemTime: 201)
        let (events, error) = FITReaderTests.read(fit.file())
        #expect(error == nil)
        #expect(Self.warnings(events).isEmpty)
        let points = FITReaderTests.trackPoints(events)
        #expect(
            points.map(\.time) == [
                Timestamp(secondsSince1970: 1_498_617_251), Timestamp(secondsSince1970: 1_498_617_252),
                Timestamp(secondsSince1970: 1_498_617_253),
                Timestamp(secondsSince1970: 1_498_617_385, nanoseconds: 500_000_000),
            ])
        #expect(points.first?.time?.description == "2017-06-28T02:34:11.000Z")
        #expect(FITReaderTests.read(fit.file(), options: .init(chunkSize: 16)).events == events)
    }

    @Test(
        """
        timestamp_correlation's sub-second parts: each fraction (1/32768 s) of the UTC and of the system time, else each \
        one's milliseconds, date the records to the nanosecond
        """)
    func correlationFractionsAndMilliseconds() {
        // The profile's fields: timestamp (253), fractional_timestamp (0), system_timestamp (1),
        // fractional_system_timestamp (2), timestamp_ms (4), system_timestamp_ms (5).
        let milliseconds: [(UInt8, UInt8, UInt8)] = [(253, 4, 0x86), (1, 4, 0x86), (4, 2, 0x84), (5, 2, 0x84)]
        let every: [(UInt8, UInt8, UInt8)] = Self.correlation + [(4, 2, 0x84), (5, 2, 0x84)]
        func integers(_ values: [(UInt64, Int)]) -> [UInt8] { values.flatMap { FITBuilder.integer($0.0, $0.1, false) } }
        var fit = FITBuilder()
        fit.definition(local: 0, global: 20, fields: FITReaderTests.record)
        fit.definition(local: 1, global: 162, fields: Self.correlation)
        fit.definition(local: 2, global: 162, fields: milliseconds)
        fit.definition(local: 3, global: 162, fields: every)
        Self.record(&fit, systemTime: 67)
        // UTC first fix + 33.25 s (8192/32768) at system time 100.75 s (24576/32768): a system
        // time is 67.5 s before the first fix's UTC.
        Self.correlate(&fit, utc: Self.firstFixUTC + 33, fraction: 8192, system: 100, systemFraction: 24576)
        Self.record(&fit, systemTime: 69)
        // No fractions: first fix + 133.250 s at system time 200.875 s, 67.625 s apart.
        fit.data(local: 2, integers([(UInt64(Self.firstFixUTC + 133), 4), (200, 4), (250, 2), (875, 2)]))
        Self.record(&fit, systemTime: 201)
        // Both: the UTC's fraction (0.5 s) before its milliseconds (100); the system time's
        // fraction invalid (0xFFFF), so its milliseconds (900): first fix + 233.5 s at 300.9 s.
        fit.data(
            local: 3,
            integers([(UInt64(Self.firstFixUTC + 233), 4), (16384, 2), (300, 4), (0xFFFF, 2), (100, 2), (900, 2)]))
        Self.record(&fit, systemTime: 301)
        let (events, error) = FITReaderTests.read(fit.file())
        #expect(error == nil)
        #expect(Self.warnings(events).isEmpty)
        // 1_498_617_251 is the first fix's UTC in Unix seconds.
        #expect(
            FITReaderTests.trackPoints(events).map(\.time) == [
                Timestamp(secondsSince1970: 1_498_617_250, nanoseconds: 500_000_000),
                Timestamp(secondsSince1970: 1_498_617_252, nanoseconds: 500_000_000),
                Timestamp(secondsSince1970: 1_498_617_384, nanoseconds: 375_000_000),
                Timestamp(secondsSince1970: 1_498_617_484, nanoseconds: 600_000_000),
            ])
        #expect(
            FITReaderTests.trackPoints(events).map { $0.time?.description } == [
                "2017-06-28T02:34:10.500Z", "2017-06-28T02:34:12.500Z", "2017-06-28T02:36:24.375Z",
                "2017-06-28T02:38:04.600Z",
            ])
    }

    /// FITReader+SystemTime: the records before the correlation wait, in order, "with every
    /// record after them": a record already in UTC does not overtake them.
    @Test("a UTC-timed record after system-timed ones still waiting waits too: the points stay in the file's order")
    func utcRecordWaitsBehindSystemTimed() {
        var fit = FITBuilder()
        fit.definition(local: 0, global: 20, fields: FITReaderTests.record)
        fit.definition(local: 1, global: 162, fields: Self.correlation)
        Self.record(&fit, systemTime: 67, latitude: 47.1)
        Self.record(&fit, systemTime: 68, latitude: 47.2)
        // Timed in UTC already (above 0x10000000): 20 s after the first fix.
        fit.data(
            local: 0,
            FITReaderTests.recordBytes(time: Self.firstFixUTC + 20, latitude: 47.3, longitude: 8.5, altitude: 400))
        Self.correlate(&fit, utc: Self.firstFixUTC + 33, fraction: 0, system: 100)
        Self.record(&fit, systemTime: 121, latitude: 47.4)
        let (events, error) = FITReaderTests.read(fit.file())
        #expect(error == nil)
        #expect(Self.warnings(events).isEmpty)
        let points = FITReaderTests.trackPoints(events)
        #expect(
            points.map { $0.time?.description } == [
                "2017-06-28T02:34:11.000Z", "2017-06-28T02:34:12.000Z", "2017-06-28T02:34:31.000Z",
                "2017-06-28T02:35:05.000Z",
            ])
        #expect(points.map { ($0.latitude * 10).rounded() / 10 } == [47.1, 47.2, 47.3, 47.4])
    }

    @Test("ten thousand records before the correlation all wait for it (past the queue's memory) and come out in order")
    func longWait() {
        var fit = FITBuilder()
        fit.definition(local: 0, global: 20, fields: FITReaderTests.record)
        fit.definition(local: 1, global: 162, fields: Self.correlation)
        for second in 0..<10_000 { Self.record(&fit, systemTime: 1000 + UInt32(second)) }
        Self.correlate(&fit, utc: Self.firstFixUTC, fraction: 0, system: 1000)
        let points = FITReaderTests.trackPoints(FITReaderTests.read(fit.file()).events)
        #expect(points.count == 10_000)
        #expect(points.first?.time == Timestamp(secondsSince1970: 1_498_617_251))
        #expect(points.last?.time == Timestamp(secondsSince1970: 1_498_617_251 + 9_999))
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.byteOffset! < $1.byteOffset! })
    }

    @Test("system times with no correlation keep their spacing, dated 1989, with one warning at the first record")
    func uncorrelatedSystemTime() {
        var fit = FITBuilder()
        fit.definition(local: 0, global: 20, fields: FITReaderTests.record)
        Self.record(&fit, systemTime: 67)
        Self.record(&fit, systemTime: 68)
        let (events, error) = FITReaderTests.read(fit.file())
        #expect(error == nil)
        #expect(
            Self.warnings(events) == [
                " byte 35: warning: the records' times are the device's own clock (seconds since it started, below FIT's 0x10000000), "
                    + "and no timestamp_correlation message gives the real time: relative times kept, dated from 1989-12-31"
            ])
        #expect(
            FITReaderTests.trackPoints(events).map { $0.time?.description } == [
                "1989-12-31T00:01:07.000Z", "1989-12-31T00:01:08.000Z",
            ])
        let strict = FITReaderTests.read(fit.file(), options: .init(strict: true))
        #expect(
            strict.error?.description.hasPrefix(
                "test.fit: byte 35: error: the records' times are the device's own clock") == true)
    }

    /// FIT's rule: a time below 0x10000000 is seconds since the device started, one at or
    /// above it is UTC. Both are 1989-12-31 plus the value when nothing correlates them, so the
    /// warning (system time) and a location's time (kept only in UTC) tell them apart.
    @Test(
        "0x0FFFFFFF is the device's own clock (warned; no time for a location); 0x10000000 is UTC",
        arguments: [
            UInt32(0x0FFF_FFFF), 0x1000_0000,
        ])
    func systemTimeLimit(time: UInt32) {
        let isSystemTime = time < 0x1000_0000
        var records = FITBuilder()
        records.definition(local: 0, global: 20, fields: FITReaderTests.record)
        Self.record(&records, systemTime: time)
        let (events, error) = FITReaderTests.read(records.file())
        #expect(error == nil)
        #expect(Self.warnings(events).count == (isSystemTime ? 1 : 0))
        #expect(
            FITReaderTests.trackPoints(events).map(\.time) == [Timestamp(secondsSince1970: 631_065_600 + Int64(time))])
        var locations = FITBuilder()
        locations.definition(local: 0, global: 0, fields: [(0, 1, 0x00)])
        locations.data(local: 0, [8])
        locations.definition(local: 1, global: 29, fields: [(1, 4, 0x85), (2, 4, 0x85), (253, 4, 0x86)])
        locations.data(
            local: 1,
            FITBuilder.integer(UInt64(0x2000_0000), 4, false) + FITBuilder.integer(UInt64(0x0600_0000), 4, false)
                + FITBuilder.integer(UInt64(time), 4, false))
        let waypoints = FITReaderTests.read(locations.file()).events.compactMap {
            if case .waypoint(let point) = $0 { point } else { nil }
        }
        #expect(waypoints.map(\.time) == [isSystemTime ? nil : Timestamp(secondsSince1970: 631_065_600 + Int64(time))])
    }

    @Test("a locations file (type 8): each location a waypoint with its name, description, altitude and time")
    func locationsFile() {
        var fit = FITBuilder()
        fit.definition(local: 0, global: 0, fields: [(0, 1, 0x00)])
        fit.data(local: 0, [8])
        fit.definition(
            local: 1, global: 29,
            fields: [(0, 16, 0x07), (1, 4, 0x85), (2, 4, 0x85), (4, 2, 0x84), (6, 16, 0x07), (253, 4, 0x86)])
        func text(_ string: String) -> [UInt8] {
            Array(string.utf8) + Array(repeating: 0, count: 16 - string.utf8.count)
        }
        func semicircles(_ degrees: Double) -> [UInt8] {
            FITBuilder.integer(UInt64(UInt32(bitPattern: Int32((degrees * 2_147_483_648 / 180).rounded()))), 4, false)
        }
        fit.data(
            local: 1,
            text("Home") + semicircles(47.37) + semicircles(8.54) + FITBuilder.integer(4700, 2, false)
                + text("Front door") + FITBuilder.integer(UInt64(Self.firstFixUTC), 4, false))
        fit.data(
            local: 1,
            text("Summit") + semicircles(46.5) + semicircles(-7.25) + [0xFF, 0xFF] + text("") + [
                0xFF, 0xFF, 0xFF, 0xFF,
            ])
        fit.data(
            local: 1,
            text("Nowhere") + [0xFF, 0xFF, 0xFF, 0x7F] + [0xFF, 0xFF, 0xFF, 0x7F] + [0xFF, 0xFF] + text("") + [
                0xFF, 0xFF, 0xFF, 0xFF,
            ])
        let (events, error) = FITReaderTests.read(fit.file())
        #expect(error == nil)
        let waypoints = events.compactMap { if case .waypoint(let point) = $0 { point } else { nil } }
        #expect(waypoints.map(\.name) == ["Home", "Summit"])
        #expect(waypoints.map(\.description) == ["Front door", nil])
        #expect(waypoints.map(\.elevationMeters) == [440, nil])
        #expect(waypoints.map(\.time) == [Timestamp(secondsSince1970: 1_498_617_251), nil])
        #expect(abs(waypoints[1].latitude - 46.5) < 1e-7 && abs(waypoints[1].longitude + 7.25) < 1e-7)
        #expect(Self.warnings(events) == [" byte 143: warning: a location without a position; location skipped"])
        #expect(FITReaderTests.trackPoints(events).isEmpty)
    }

    @Test("a file cut short, its last bytes read as a definition: said to be truncated, not an architecture of 10")
    func cutInsideDefinition() {
        var fit = FITBuilder()
        fit.definition(local: 0, global: 20, fields: FITReaderTests.record)
        Self.record(&fit, systemTime: 1_000_000_000)
        fit.raw([0x40, 0, 10, 20])
        // 21 bytes of definition, 19 of record, 4 of the cut: 40 bytes are missing, and the CRC.
        var bytes = fit.file(dataSize: 21 + 19 + 4 + 40)
        bytes.removeLast(2)
        let (_, error) = FITReaderTests.read(bytes)
        #expect(
            error?.description
                == "test.fit: byte 58: error: the file ends 42 bytes short of the data and CRC its header declares: "
                + "it is truncated (the bytes before its end do not read as messages: at byte 56, "
                + "a definition message's architecture is 10, not 0 (little-endian) or 1 (big-endian))")
    }
}
