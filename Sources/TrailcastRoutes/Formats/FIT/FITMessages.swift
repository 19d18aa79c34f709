// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The FIT profile's messages a route needs, each field taken by its number as the profile
/// defines it (FIT SDK, Profile.xlsx): `record` (20), `event` (21), `location` (29) and
/// `timestamp_correlation` (162). Every other message is passed over by its declared sizes.
enum FITMessage {
    static let record: UInt16 = 20
    static let event: UInt16 = 21
    static let location: UInt16 = 29
    static let timestampCorrelation: UInt16 = 162

    static func isRead(_ globalNumber: UInt16) -> Bool {
        globalNumber == record || globalNumber == event || globalNumber == location
            || globalNumber == timestampCorrelation
    }

    /// The profile's `date_time`: "if date_time is < 0x10000000 then it is system time
    /// (seconds from device power on)", not seconds since FIT's epoch.
    static let systemTimeLimit: UInt32 = 0x1000_0000
}

/// One field's bytes in a data message, read as one of the profile's base types.
struct FITFieldValue {
    let bytes: ArraySlice<UInt8>
    let bigEndian: Bool

    /// An unsigned number of 1, 2 or 4 bytes; nil for another size.
    var unsigned: UInt64? {
        guard bytes.count == 1 || bytes.count == 2 || bytes.count == 4 else { return nil }
        var value: UInt64 = 0
        if bigEndian {
            for byte in bytes { value = value << 8 | UInt64(byte) }
        } else {
            for byte in bytes.reversed() { value = value << 8 | UInt64(byte) }
        }
        return value
    }

    /// A `string` field: UTF-8 up to its first NUL (the rest of the field is padding); nil
    /// when empty.
    var string: String? {
        let text = bytes.prefix { $0 != 0 }
        guard !text.isEmpty else { return nil }
        return String(decoding: text, as: UTF8.self)
    }

    /// A `sint32` semicircle value; nil for FIT's invalid 0x7FFFFFFF or another size.
    var semicircles: Int32? {
        guard bytes.count == 4, let raw = unsigned, raw != 0x7FFF_FFFF else { return nil }
        return Int32(bitPattern: UInt32(truncatingIfNeeded: raw))
    }

    /// A `uint16` with `scale` and `offset` (altitude: 5 and 500); nil when invalid.
    func scaled16(_ scale: Double, offset: Double) -> Double? {
        guard bytes.count == 2, let raw = unsigned, raw != 0xFFFF else { return nil }
        return Double(raw) / scale - offset
    }

    /// A `uint32` with `scale` and `offset`; nil when invalid.
    func scaled32(_ scale: Double, offset: Double) -> Double? {
        guard bytes.count == 4, let raw = unsigned, raw != 0xFFFF_FFFF else { return nil }
        return Double(raw) / scale - offset
    }

    /// A `uint8` that is not FIT's invalid 0xFF.
    var byte: Int? {
        guard bytes.count == 1, let raw = bytes.first, raw != 0xFF else { return nil }
        return Int(raw)
    }

    /// A `uint16` that is not FIT's invalid 0xFFFF.
    var uint16: UInt16? {
        guard bytes.count == 2, let raw = unsigned, raw != 0xFFFF else { return nil }
        return UInt16(raw)
    }

    /// A `date_time` (`uint32`) that is not FIT's invalid 0xFFFFFFFF.
    var dateTime: UInt32? {
        guard bytes.count == 4, let raw = unsigned, raw != 0xFFFF_FFFF else { return nil }
        return UInt32(raw)
    }
}

/// The fields of one `record` message that a route needs.
struct RecordFields {
    var latitude: Int32?
    var longitude: Int32?
    var hasTimestamp = false
    var altitudeMeters: Double?
    var enhancedAltitude = false
    var speedMetersPerSecond: Double?
    var enhancedSpeed = false
    var heartRate: Int?
    var cadence: Int?

    mutating func take(_ number: UInt8, _ value: FITFieldValue) {
        switch number {
        case 0: latitude = value.semicircles
        case 1: longitude = value.semicircles
        case 253: hasTimestamp = value.dateTime != nil
        case 2 where !enhancedAltitude: altitudeMeters = value.scaled16(5, offset: 500)
        case 78:
            if let meters = value.scaled32(5, offset: 500) {
                altitudeMeters = meters
                enhancedAltitude = true
            }
        case 6 where !enhancedSpeed: speedMetersPerSecond = value.scaled16(1000, offset: 0)
        case 73:
            if let speed = value.scaled32(1000, offset: 0) {
                speedMetersPerSecond = speed
                enhancedSpeed = true
            }
        case 3: heartRate = value.byte
        case 4: cadence = value.byte
        default: break
        }
    }
}

/// The fields of one `location` message: a place a watch keeps (a locations file, type 8).
struct LocationFields {
    var name: String?
    var description: String?
    var latitude: Int32?
    var longitude: Int32?
    var altitudeMeters: Double?
    var timestamp: UInt32?

    mutating func take(_ number: UInt8, _ value: FITFieldValue) {
        switch number {
        case 0: name = value.string
        case 1: latitude = value.semicircles
        case 2: longitude = value.semicircles
        case 4: altitudeMeters = value.scaled16(5, offset: 500)
        case 6: description = value.string
        case 253: timestamp = value.dateTime
        default: break
        }
    }
}

/// The fields of one `timestamp_correlation` message: the UTC time (`timestamp` and its
/// fraction) at a moment of the device's own clock (`system_timestamp` and its fraction),
/// which a device without a clock (a Garmin VIRB camera) logs once it has a satellite fix.
struct TimestampCorrelationFields {
    var timestamp: UInt32?
    var fractionalTimestamp: UInt16?
    var systemTimestamp: UInt32?
    var fractionalSystemTimestamp: UInt16?
    var timestampMilliseconds: UInt16?
    var systemTimestampMilliseconds: UInt16?

    mutating func take(_ number: UInt8, _ value: FITFieldValue) {
        switch number {
        case 253: timestamp = value.dateTime
        case 0: fractionalTimestamp = value.uint16
        case 1: systemTimestamp = value.dateTime
        case 2: fractionalSystemTimestamp = value.uint16
        case 4: timestampMilliseconds = value.uint16
        case 5: systemTimestampMilliseconds = value.uint16
        default: break
        }
    }

    /// Nanoseconds to add to a system time to make it a FIT time (UTC since FIT's epoch):
    /// `timestamp` minus `system_timestamp`, each with its fraction (1/32768 s, the
    /// profile's scale) or else its milliseconds. Nil without both times.
    var offsetNanoseconds: Int64? {
        guard let timestamp, let systemTimestamp else { return nil }
        func nanoseconds(_ seconds: UInt32, _ fraction: UInt16?, _ milliseconds: UInt16?) -> Int64 {
            let part =
                fraction.map { Int64($0) * 1_000_000_000 / 32768 } ?? milliseconds.map { Int64($0) * 1_000_000 } ?? 0
            return Int64(seconds) * 1_000_000_000 + part
        }
        return nanoseconds(timestamp, fractionalTimestamp, timestampMilliseconds)
            - nanoseconds(systemTimestamp, fractionalSystemTimestamp, systemTimestampMilliseconds)
    }
}

/// A track point read from a `record`, as it waits for the `timestamp_correlation` that
/// dates it (in a ``SpillQueue``: a camera may log it long after its first records).
struct FITTrackPoint: BitwiseCopyable {
    var latitude: Double
    var longitude: Double
    /// NaN: none.
    var altitudeMeters: Double
    var speedMetersPerSecond: Double
    /// -1: none.
    var heartRate: Int32
    var cadence: Int32
    var byteOffset: Int
    var time: UInt32
    var hasTime: Bool
    /// The timer stopped before this record: it begins another segment.
    var afterTimerStop: Bool

    var isSystemTime: Bool { hasTime && time < FITMessage.systemTimeLimit }
}
