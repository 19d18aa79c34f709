// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// Garmin's FIT (Flexible and Interoperable Data Transfer) activity, course and locations
/// files read into GPX's events, following the FIT protocol (FIT SDK, "FIT Protocol" and
/// the profile's messages, ``FITMessage``):
///
/// - the 12- or 14-byte header (its CRC checked when not 0), definition and data messages,
///   compressed-timestamp headers, both byte orders, developer fields (skipped by their
///   declared sizes), the file's closing CRC-16, and FIT files chained one after another;
/// - each `record` message with a position is a track point: `timestamp` (seconds since
///   1989-12-31T00:00:00Z), `position_lat` and `position_long` (semicircles: 2³¹ to 180°),
///   `enhanced_altitude` or else `altitude` (÷5, −500 m), `enhanced_speed` or else `speed`
///   (mm/s), `heart_rate`, `cadence`;
/// - a record timed by the device's own clock (below 0x10000000, "system time": a camera
///   without a clock) is dated by the `timestamp_correlation` message; until one comes, the
///   records wait for it in a ``SpillQueue`` (a camera logs it at its first satellite fix);
///   with none in the file they keep their relative times, with one warning;
/// - each `location` message (a watch's saved places: a locations file) is a waypoint;
/// - the timer stopping (`event` 0, type stop or stop-all) ends a segment: the next record
///   begins another, as a GPX track's pause does.
///
/// Nothing is held beyond 16 definitions of at most 255 fields each: a definition can claim
/// no more than 255 fields of 255 bytes, and a header's data size is only counted against,
/// never allocated. Records without a position (a watch indoors) are skipped, warned once.
final class FITReader: RouteEventReader {
    private struct Field {
        var number: UInt8
        var size: UInt8
    }

    private struct Definition {
        var globalNumber: UInt16
        var bigEndian: Bool
        var fields: [Field]
        var developerBytes: Int
    }

    private enum Stage { case header, records, finishing, done }

    /// 1989-12-31T00:00:00Z, FIT's epoch, in Unix seconds.
    static let epoch: Int64 = 631_065_600
    private static let semicircleDegrees = 180.0 / 2_147_483_648.0

    private var bytes: FITBytes
    private let options: GPXStreamReader.Options
    private var stage = Stage.header
    private var definitions = [Definition?](repeating: nil, count: 16)
    private var dataEnd = 0
    private var filesRead = 0
    private var lastTimestamp: UInt32?
    private var fieldBytes = [UInt8](repeating: 0, count: 256)
    var pending = EventQueue()
    private var metadataDelivered = false
    private var trackBegun = false
    private var segmentHasPoints = false
    private var timerStopped = false
    private var previousTime: Timestamp?
    private var warnedAboutPositionlessRecord = false
    /// What the last `timestamp_correlation` adds to a system time; nil before one.
    var systemTimeOffsetNanoseconds: Int64?
    /// Track points waiting, in order, for the correlation that dates the first of them.
    var waitingForCorrelation = SpillQueue<FITTrackPoint>()
    /// Whether the waiting points go out now, one per call, before anything else is read.
    var releasingWaitingPoints = false

    init(source: ByteSource, options: GPXStreamReader.Options) {
        bytes = FITBytes(source: source, chunkSize: options.chunkSize)
        self.options = options
    }

    deinit { bytes.deallocate() }

    func next() throws(RouteError) -> RouteEvent? {
        do {
            while true {
                if let event = pending.next() { return event }
                if releasingWaitingPoints {
                    if let point = waitingForCorrelation.removeFirst() {
                        try emit(point)
                        continue
                    }
                    releasingWaitingPoints = false
                }
                switch stage {
                case .done: return nil
                case .header: try readHeader()
                case .records: try readRecord()
                case .finishing:
                    finishTrack()
                    stage = .done
                }
            }
        } catch {
            stage = .done
            pending.removeAll()
            waitingForCorrelation.removeAll()
            throw error
        }
    }

    // MARK: - Structure

    var fileName: String { bytes.fileName }

    func failure(_ reason: String, at offset: Int) -> RouteError {
        .malformedBinary(file: bytes.fileName, byteOffset: offset, reason: reason)
    }

    private func endedEarly(_ what: String) -> (Int) -> RouteError {
        { [fileName = bytes.fileName] offset in
            .malformedBinary(
                file: fileName, byteOffset: offset, reason: "the file ends inside \(what): it is truncated")
        }
    }

    private func readHeader() throws(RouteError) {
        if filesRead > 0, try bytes.atEnd() {
            try releaseUncorrelatedPoints()
            stage = .finishing
            return
        }
        let start = bytes.offset
        bytes.resetCRC()
        guard let size = try bytes.next() else {
            throw failure("the file is empty: no FIT header", at: start)
        }
        guard size == 12 || size == 14 else {
            throw failure("a FIT header is 12 or 14 bytes long, not \(size): this is not a FIT file", at: start)
        }
        var header = [size]
        for _ in 1..<Int(size) {
            header.append(try bytes.byte(orFail: endedEarly("its \(size)-byte header")))
        }
        guard Array(header[8..<12]) == Array(".FIT".utf8) else {
            throw failure("no \".FIT\" signature at byte \(start + 8): this is not a FIT file", at: start + 8)
        }
        if size == 14 {
            let stated = UInt16(header[12]) | UInt16(header[13]) << 8
            let computed = header[0..<12].reduce(UInt16(0)) { FITBytes.crc($0, $1) }
            guard stated == 0 || stated == computed else {
                throw failure(
                    "the header's CRC is 0x\(String(stated, radix: 16)), but its bytes give 0x\(String(computed, radix: 16))",
                    at: start + 12)
            }
        }
        let dataSize = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16 | Int(header[7]) << 24
        dataEnd = bytes.offset + dataSize
        definitions = [Definition?](repeating: nil, count: 16)
        filesRead += 1
        stage = .records
        if !metadataDelivered {
            metadataDelivered = true
            pending.append(.metadata(RouteMetadata()))
        }
    }

    private func readRecord() throws(RouteError) {
        if bytes.offset >= dataEnd {
            return try readFileCRC()
        }
        let start = bytes.offset
        let header = try bytes.byte(orFail: endedEarly("a record, before the data size its header declares"))
        if header & 0x80 != 0 {
            // A compressed timestamp header: a data message of local type 0-3, its time
            // five bits of offset from the last full timestamp.
            let offset = UInt32(header & 0x1F)
            if let last = lastTimestamp {
                // Wrapping, as a uint32 field does: a last timestamp near 2^32 overflowed
                // (found by the route-formats fuzz target).
                var timestamp = (last & ~0x1F) &+ offset
                if offset < last & 0x1F { timestamp &+= 0x20 }
                lastTimestamp = timestamp
            }
            return try readData(localType: Int(header >> 5 & 0x03), at: start, compressedTimestamp: lastTimestamp)
        }
        if header & 0x40 != 0 {
            return try readDefinition(localType: Int(header & 0x0F), hasDeveloperFields: header & 0x20 != 0, at: start)
        }
        try readData(localType: Int(header & 0x0F), at: start, compressedTimestamp: nil)
    }

    private func readDefinition(localType: Int, hasDeveloperFields: Bool, at start: Int) throws(RouteError) {
        let ended = endedEarly("a definition message")
        _ = try bytes.byte(orFail: ended)  // reserved
        let architecture = try bytes.byte(orFail: ended)
        guard architecture <= 1 else {
            throw try structuralFailure(
                "a definition message's architecture is \(architecture), not 0 (little-endian) or 1 (big-endian)",
                at: bytes.offset - 1)
        }
        let first = try bytes.byte(orFail: ended)
        let second = try bytes.byte(orFail: ended)
        let globalNumber = architecture == 1 ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first)
        let fieldCount = Int(try bytes.byte(orFail: ended))
        var fields: [Field] = []
        fields.reserveCapacity(fieldCount)
        for _ in 0..<fieldCount {
            let number = try bytes.byte(orFail: ended)
            let size = try bytes.byte(orFail: ended)
            _ = try bytes.byte(orFail: ended)  // base type: the profile's fields are read by number
            fields.append(Field(number: number, size: size))
        }
        var developerBytes = 0
        if hasDeveloperFields {
            let developerCount = Int(try bytes.byte(orFail: ended))
            for _ in 0..<developerCount {
                _ = try bytes.byte(orFail: ended)
                developerBytes += Int(try bytes.byte(orFail: ended))
                _ = try bytes.byte(orFail: ended)
            }
        }
        guard bytes.offset <= dataEnd else {
            throw failure("a definition message runs past the data size its header declares", at: start)
        }
        definitions[localType] = Definition(
            globalNumber: globalNumber, bigEndian: architecture == 1, fields: fields, developerBytes: developerBytes)
    }

    /// The error for bytes that are not the message they should be, unless the file ends
    /// before the data its header declares: then it was cut short, and bytes out of step
    /// with the messages are what a cut leaves (fitdecode, too, says the file ends early).
    /// The rest is read to know, a chunk at a time: nothing is kept.
    private func structuralFailure(_ reason: String, at offset: Int) throws(RouteError) -> RouteError {
        let declaredEnd = dataEnd + 2
        while bytes.offset < declaredEnd {
            guard try bytes.next() != nil else {
                return failure(
                    "the file ends \(declaredEnd - bytes.offset) bytes short of the data and CRC its header declares: it is truncated "
                        + "(the bytes before its end do not read as messages: at byte \(offset), \(reason))",
                    at: bytes.offset)
            }
        }
        return failure(reason, at: offset)
    }

    private func readFileCRC() throws(RouteError) {
        let computed = bytes.crc
        let start = bytes.offset
        let ended = endedEarly("its closing CRC")
        let low = try bytes.byte(orFail: ended)
        let high = try bytes.byte(orFail: ended)
        let stated = UInt16(low) | UInt16(high) << 8
        guard stated == computed else {
            throw failure(
                "the file's CRC is 0x\(String(stated, radix: 16)), but its bytes give 0x\(String(computed, radix: 16)): "
                    + "it is damaged or truncated", at: start)
        }
        stage = .header
    }

    // MARK: - Data

    private func readData(localType: Int, at start: Int, compressedTimestamp: UInt32?) throws(RouteError) {
        guard let definition = definitions[localType] else {
            throw try structuralFailure(
                "a data message of local type \(localType), which no definition message declared", at: start)
        }
        let ended = endedEarly("a data message")
        let message = definition.globalNumber
        let read = FITMessage.isRead(message)
        var record = RecordFields()
        var location = LocationFields()
        var correlation = TimestampCorrelationFields()
        var event: (type: Int?, kind: Int?) = (nil, nil)
        for field in definition.fields {
            let size = Int(field.size)
            for index in 0..<size { fieldBytes[index] = try bytes.byte(orFail: ended) }
            let value = FITFieldValue(bytes: fieldBytes[0..<size], bigEndian: definition.bigEndian)
            if field.number == 253, let timestamp = value.dateTime { lastTimestamp = timestamp }
            guard read else { continue }
            switch message {
            case FITMessage.record: record.take(field.number, value)
            case FITMessage.event:
                if field.number == 0 { event.type = value.byte }
                if field.number == 1 { event.kind = value.byte }
            case FITMessage.location: location.take(field.number, value)
            default: correlation.take(field.number, value)
            }
        }
        for _ in 0..<definition.developerBytes { _ = try bytes.byte(orFail: ended) }
        guard bytes.offset <= dataEnd else {
            throw failure("a data message runs past the data size its header declares", at: start)
        }
        switch message {
        case FITMessage.record:
            try takeRecord(record, timestamp: record.hasTimestamp ? lastTimestamp : compressedTimestamp, at: start)
        case FITMessage.event where event.type == 0 && (event.kind == 1 || event.kind == 4):
            timerStopped = true
        case FITMessage.location:
            try takeLocation(location, at: start)
        case FITMessage.timestampCorrelation:
            if let offset = correlation.offsetNanoseconds { correlate(offset) }
        default: break
        }
    }

    private func takeRecord(_ record: RecordFields, timestamp: UInt32?, at start: Int) throws(RouteError) {
        guard let latitude = record.latitude, let longitude = record.longitude else {
            if !warnedAboutPositionlessRecord {
                warnedAboutPositionlessRecord = true
                try warn(
                    "a record without a position (indoors, or no fix yet): such records are skipped (warned once)",
                    at: start)
            }
            return
        }
        let point = FITTrackPoint(
            latitude: Double(latitude) * Self.semicircleDegrees, longitude: Double(longitude) * Self.semicircleDegrees,
            altitudeMeters: record.altitudeMeters ?? .nan, speedMetersPerSecond: record.speedMetersPerSecond ?? .nan,
            heartRate: Int32(record.heartRate ?? -1), cadence: Int32(record.cadence ?? -1), byteOffset: start,
            time: timestamp ?? 0, hasTime: timestamp != nil, afterTimerStop: timerStopped)
        guard point.latitude.magnitude <= 90, point.longitude.magnitude <= 180 else {
            return try warn(
                "a record's position is out of range (\(point.latitude), \(point.longitude)); point skipped", at: start)
        }
        timerStopped = false
        try hand(point)
    }

    /// A `location` (a saved place) is a waypoint, named as the watch names it.
    private func takeLocation(_ location: LocationFields, at start: Int) throws(RouteError) {
        guard let latitude = location.latitude, let longitude = location.longitude else {
            return try warn("a location without a position; location skipped", at: start)
        }
        var point = RoutePoint(
            latitude: Double(latitude) * Self.semicircleDegrees, longitude: Double(longitude) * Self.semicircleDegrees,
            elevationMeters: location.altitudeMeters)
        guard point.latitude.magnitude <= 90, point.longitude.magnitude <= 180 else {
            return try warn(
                "a location's position is out of range (\(point.latitude), \(point.longitude)); location skipped",
                at: start)
        }
        point.byteOffset = start
        point.name = location.name
        point.description = location.description
        if let time = location.timestamp, time >= FITMessage.systemTimeLimit {
            point.time = Timestamp(secondsSince1970: Self.epoch + Int64(time))
        }
        pending.append(.waypoint(point))
    }

    /// A track point handed out as a GPX track point, its time made UTC, in a segment.
    func emit(_ record: FITTrackPoint) throws(RouteError) {
        var point = RoutePoint(
            latitude: record.latitude, longitude: record.longitude,
            elevationMeters: record.altitudeMeters.isNaN ? nil : record.altitudeMeters)
        point.byteOffset = record.byteOffset
        point.speedMetersPerSecond = record.speedMetersPerSecond.isNaN ? nil : record.speedMetersPerSecond
        point.heartRateBeatsPerMinute = record.heartRate < 0 ? nil : Int(record.heartRate)
        point.cadenceRevolutionsPerMinute = record.cadence < 0 ? nil : Int(record.cadence)
        if record.hasTime {
            let offset = record.isSystemTime ? systemTimeOffsetNanoseconds ?? 0 : 0
            point.time = Timestamp(
                secondsSince1970: Self.epoch + Int64(record.time) + offset.floorDivided(by: 1_000_000_000),
                nanoseconds: Int32(offset - offset.floorDivided(by: 1_000_000_000) * 1_000_000_000))
        }
        if !trackBegun {
            trackBegun = true
            pending.append(.beginTrack(RoutePathInfo()))
            pending.append(.beginSegment(line: 0))
        } else if record.afterTimerStop && segmentHasPoints {
            pending.append(.endSegment)
            pending.append(.beginSegment(line: 0))
            segmentHasPoints = false
            previousTime = nil
        }
        if options.checksTimeOrder, let time = point.time {
            if let previousTime, time < previousTime {
                try warn(
                    "a record's time \(time) is earlier than the previous record's \(previousTime); "
                        + "position kept, time dropped", at: record.byteOffset)
                point.time = nil
            } else {
                previousTime = time
            }
        }
        segmentHasPoints = true
        pending.append(.trackPoint(point))
    }

    func finishTrack() {
        guard trackBegun else { return }
        pending.append(.endSegment)
        pending.append(.endTrack)
        trackBegun = false
    }

    func warn(_ message: String, at offset: Int) throws(RouteError) {
        if options.strict { throw failure(message, at: offset) }
        pending.append(.warning(RouteWarning(byteOffset: offset, message: message)))
    }
}
