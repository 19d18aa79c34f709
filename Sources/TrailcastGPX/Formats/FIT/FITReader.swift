import TrailcastBasics

/// Garmin's FIT (Flexible and Interoperable Data Transfer) activity and course files read
/// into GPX's events, following the FIT protocol (FIT SDK, "FIT Protocol" and the
/// profile's `record` and `event` messages):
///
/// - the 12- or 14-byte header (its CRC checked when not 0), definition and data messages,
///   compressed-timestamp headers, both byte orders, developer fields (skipped by their
///   declared sizes), the file's closing CRC-16, and FIT files chained one after another;
/// - each `record` message (global number 20) with a position is a track point:
///   `timestamp` (seconds since 1989-12-31T00:00:00Z), `position_lat` and `position_long`
///   (semicircles: 2³¹ to 180°), `enhanced_altitude` or else `altitude` (÷5, −500 m),
///   `enhanced_speed` or else `speed` (mm/s), `heart_rate`, `cadence`;
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

    private enum Stage { case header, records, done }

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
    private var pending = EventQueue()
    private var metadataDelivered = false
    private var trackBegun = false
    private var segmentHasPoints = false
    private var timerStopped = false
    private var previousTime: Timestamp?
    private var warnedAboutPositionlessRecord = false

    init(source: ByteSource, options: GPXStreamReader.Options) {
        bytes = FITBytes(source: source, chunkSize: options.chunkSize)
        self.options = options
    }

    deinit { bytes.deallocate() }

    func next() throws(GPXError) -> GPXEvent? {
        do {
            while true {
                if let event = pending.next() { return event }
                switch stage {
                case .done: return nil
                case .header: try readHeader()
                case .records: try readRecord()
                }
            }
        } catch {
            stage = .done
            pending.removeAll()
            throw error
        }
    }

    // MARK: - Structure

    private func failure(_ reason: String, at offset: Int) -> GPXError {
        .malformedBinary(file: bytes.fileName, byteOffset: offset, reason: reason)
    }

    private func endedEarly(_ what: String) -> (Int) -> GPXError {
        { [fileName = bytes.fileName] offset in
            .malformedBinary(file: fileName, byteOffset: offset, reason: "the file ends inside \(what): it is truncated")
        }
    }

    private func readHeader() throws(GPXError) {
        if filesRead > 0, try bytes.atEnd() {
            finishTrack()
            stage = .done
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
                throw failure("the header's CRC is 0x\(String(stated, radix: 16)), but its bytes give 0x\(String(computed, radix: 16))", at: start + 12)
            }
        }
        let dataSize = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16 | Int(header[7]) << 24
        dataEnd = bytes.offset + dataSize
        definitions = [Definition?](repeating: nil, count: 16)
        filesRead += 1
        stage = .records
        if !metadataDelivered {
            metadataDelivered = true
            pending.append(.metadata(GPXMetadata()))
        }
    }

    private func readRecord() throws(GPXError) {
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

    private func readDefinition(localType: Int, hasDeveloperFields: Bool, at start: Int) throws(GPXError) {
        let ended = endedEarly("a definition message")
        _ = try bytes.byte(orFail: ended)  // reserved
        let architecture = try bytes.byte(orFail: ended)
        guard architecture <= 1 else {
            throw failure("a definition message's architecture is \(architecture), not 0 (little-endian) or 1 (big-endian)", at: bytes.offset - 1)
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

    private func readFileCRC() throws(GPXError) {
        let computed = bytes.crc
        let start = bytes.offset
        let ended = endedEarly("its closing CRC")
        let low = try bytes.byte(orFail: ended)
        let high = try bytes.byte(orFail: ended)
        let stated = UInt16(low) | UInt16(high) << 8
        guard stated == computed else {
            throw failure("the file's CRC is 0x\(String(stated, radix: 16)), but its bytes give 0x\(String(computed, radix: 16)): "
                + "it is damaged or truncated", at: start)
        }
        stage = .header
    }

    // MARK: - Data

    private func readData(localType: Int, at start: Int, compressedTimestamp: UInt32?) throws(GPXError) {
        guard let definition = definitions[localType] else {
            throw failure("a data message of local type \(localType), which no definition message declared", at: start)
        }
        let ended = endedEarly("a data message")
        var record = RecordFields()
        var event: (type: UInt8?, kind: UInt8?) = (nil, nil)
        let interesting = definition.globalNumber == 20 || definition.globalNumber == 21
        for field in definition.fields {
            let size = Int(field.size)
            for index in 0..<size { fieldBytes[index] = try bytes.byte(orFail: ended) }
            if field.number == 253, size == 4, let timestamp = unsigned(4, definition.bigEndian), timestamp != 0xFFFF_FFFF {
                lastTimestamp = UInt32(timestamp)
            }
            guard interesting else { continue }
            if definition.globalNumber == 21 {
                if field.number == 0, size == 1 { event.type = fieldBytes[0] }
                if field.number == 1, size == 1 { event.kind = fieldBytes[0] }
                continue
            }
            record.take(field.number, size: size, value: { unsigned(size, definition.bigEndian) })
        }
        for _ in 0..<definition.developerBytes { _ = try bytes.byte(orFail: ended) }
        guard bytes.offset <= dataEnd else {
            throw failure("a data message runs past the data size its header declares", at: start)
        }
        if definition.globalNumber == 21, event.type == 0, event.kind == 1 || event.kind == 4 {
            timerStopped = true
        }
        if definition.globalNumber == 20 {
            try takeRecord(record, timestamp: record.hasTimestamp ? lastTimestamp : compressedTimestamp, at: start)
        }
    }

    /// The field's bytes as an unsigned number of `size` bytes (1, 2 or 4).
    private func unsigned(_ size: Int, _ bigEndian: Bool) -> UInt64? {
        guard size == 1 || size == 2 || size == 4 else { return nil }
        var value: UInt64 = 0
        for index in 0..<size {
            let byte = UInt64(fieldBytes[bigEndian ? index : size - 1 - index])
            value = value << 8 | byte
        }
        return value
    }

    private func takeRecord(_ record: RecordFields, timestamp: UInt32?, at start: Int) throws(GPXError) {
        guard let latitude = record.latitude, let longitude = record.longitude else {
            if !warnedAboutPositionlessRecord {
                warnedAboutPositionlessRecord = true
                try warn("a record without a position (indoors, or no fix yet): such records are skipped (warned once)", at: start)
            }
            return
        }
        var point = GPXPoint(
            latitude: Double(latitude) * Self.semicircleDegrees, longitude: Double(longitude) * Self.semicircleDegrees,
            elevationMeters: record.altitudeMeters)
        point.byteOffset = start
        guard point.latitude.magnitude <= 90, point.longitude.magnitude <= 180 else {
            return try warn("a record's position is out of range (\(point.latitude), \(point.longitude)); point skipped", at: start)
        }
        point.speedMetersPerSecond = record.speedMetersPerSecond
        point.heartRateBeatsPerMinute = record.heartRate
        point.cadenceRevolutionsPerMinute = record.cadence
        if let timestamp {
            point.time = Timestamp(secondsSince1970: Self.epoch + Int64(timestamp))
        }
        if !trackBegun {
            trackBegun = true
            pending.append(.beginTrack(GPXPathInfo()))
            pending.append(.beginSegment(line: 0))
        } else if timerStopped && segmentHasPoints {
            pending.append(.endSegment)
            pending.append(.beginSegment(line: 0))
            segmentHasPoints = false
            previousTime = nil
        }
        timerStopped = false
        if options.checksTimeOrder, let time = point.time {
            if let previousTime, time < previousTime {
                try warn("a record's time \(time) is earlier than the previous record's \(previousTime); time dropped", at: start)
                point.time = nil
            } else {
                previousTime = time
            }
        }
        segmentHasPoints = true
        pending.append(.trackPoint(point))
    }

    private func finishTrack() {
        guard trackBegun else { return }
        pending.append(.endSegment)
        pending.append(.endTrack)
        trackBegun = false
    }

    private func warn(_ message: String, at offset: Int) throws(GPXError) {
        if options.strict { throw failure(message, at: offset) }
        pending.append(.warning(GPXWarning(byteOffset: offset, message: message)))
    }
}

/// The fields of one `record` message that a route needs, as the FIT profile defines them.
private struct RecordFields {
    var latitude: Int32?
    var longitude: Int32?
    var hasTimestamp = false
    var altitudeMeters: Double?
    var enhancedAltitude = false
    var speedMetersPerSecond: Double?
    var enhancedSpeed = false
    var heartRate: Int?
    var cadence: Int?

    mutating func take(_ number: UInt8, size: Int, value: () -> UInt64?) {
        switch (number, size) {
        case (0, 4): latitude = Self.signed(value())
        case (1, 4): longitude = Self.signed(value())
        case (253, 4): hasTimestamp = value() != 0xFFFF_FFFF
        case (2, 2) where !enhancedAltitude:
            if let raw = value(), raw != 0xFFFF { altitudeMeters = Double(raw) / 5 - 500 }
        case (78, 4):
            if let raw = value(), raw != 0xFFFF_FFFF {
                altitudeMeters = Double(raw) / 5 - 500
                enhancedAltitude = true
            }
        case (6, 2) where !enhancedSpeed:
            if let raw = value(), raw != 0xFFFF { speedMetersPerSecond = Double(raw) / 1000 }
        case (73, 4):
            if let raw = value(), raw != 0xFFFF_FFFF {
                speedMetersPerSecond = Double(raw) / 1000
                enhancedSpeed = true
            }
        case (3, 1): if let raw = value(), raw != 0xFF { heartRate = Int(raw) }
        case (4, 1): if let raw = value(), raw != 0xFF { cadence = Int(raw) }
        default: break
        }
    }

    /// A sint32 semicircle value; nil for FIT's invalid 0x7FFFFFFF.
    private static func signed(_ raw: UInt64?) -> Int32? {
        guard let raw, raw != 0x7FFF_FFFF else { return nil }
        return Int32(bitPattern: UInt32(truncatingIfNeeded: raw))
    }
}
