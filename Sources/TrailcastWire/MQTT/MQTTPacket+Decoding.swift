// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
extension MQTTPacket {
    /// The first whole packet at the start of `bytes` and how many bytes it took; nil while
    /// the packet is still incomplete. A packet that says it is longer than `maximumSize`
    /// bytes is refused from its header, before any of it is kept: a peer cannot make the
    /// reader hold more than that.
    ///
    /// - Throws: ``MQTTDecodingError`` for bytes that are not a packet of 3.1.1 this client
    ///   understands: a reserved or QoS 2 packet type, wrong flags (2.2.2), a remaining
    ///   length over four bytes (2.2.3), a field running past its packet, a string that is
    ///   not UTF-8 (1.5.3).
    package static func decode(from bytes: ArraySlice<UInt8>, maximumSize: Int = 1 << 20) throws(MQTTDecodingError) -> (
        packet: MQTTPacket, size: Int
    )? {
        guard let first = bytes.first else { return nil }
        var length = 0
        var multiplier = 1
        var index = bytes.startIndex + 1
        while true {
            guard index < bytes.endIndex else { return nil }
            let digit = bytes[index]
            length += Int(digit & 0x7F) * multiplier
            index += 1
            if digit & 0x80 == 0 { break }
            multiplier *= 128
            guard multiplier <= 128 * 128 * 128 else {
                throw MQTTDecodingError("a remaining length longer than four bytes")
            }
        }
        let size = index - bytes.startIndex + length
        guard size <= maximumSize else {
            throw MQTTDecodingError("a packet of \(size) bytes, more than the \(maximumSize) allowed")
        }
        guard bytes.count >= size else { return nil }
        var reader = MQTTReader(bytes: bytes[index..<(index + length)])
        let packet = try decodeBody(type: first >> 4, flags: first & 0x0F, reader: &reader)
        guard reader.isAtEnd else {
            throw MQTTDecodingError("\(reader.remaining) bytes left over after the packet's fields")
        }
        return (packet, size)
    }

    private static func decodeBody(type: UInt8, flags: UInt8, reader: inout MQTTReader) throws(MQTTDecodingError)
        -> MQTTPacket
    {
        func requireFlags(_ expected: UInt8, _ name: String) throws(MQTTDecodingError) {
            guard flags == expected else { throw MQTTDecodingError("\(name) with flags \(flags), not \(expected)") }
        }
        switch type {
        case 1:
            try requireFlags(0, "CONNECT")
            return .connect(try decodeConnect(&reader))
        case 2:
            try requireFlags(0, "CONNACK")
            let acknowledge = try reader.byte()
            guard acknowledge & 0xFE == 0 else { throw MQTTDecodingError("CONNACK with reserved bits set") }
            let code = try reader.byte()
            guard let returnCode = ConnectReturnCode(rawValue: code) else {
                throw MQTTDecodingError("CONNACK with the unknown return code \(code)")
            }
            return .connectAcknowledgement(sessionPresent: acknowledge == 1, returnCode: returnCode)
        case 3:
            guard let qos = MQTTQoS(rawValue: (flags >> 1) & 0x03) else {
                throw MQTTDecodingError("PUBLISH at QoS \((flags >> 1) & 0x03), which this client does not use")
            }
            let topic = try reader.string()
            let identifier = qos == .atMostOnce ? nil : try reader.uint16()
            return .publish(
                Publish(
                    topic: topic, payload: reader.rest(), qos: qos, packetIdentifier: identifier,
                    retain: flags & 0x01 != 0, duplicate: flags & 0x08 != 0))
        case 4:
            try requireFlags(0, "PUBACK")
            return .publishAcknowledgement(packetIdentifier: try reader.uint16())
        case 8:
            try requireFlags(2, "SUBSCRIBE")
            return try decodeSubscribe(&reader)
        case 9:
            try requireFlags(0, "SUBACK")
            return try decodeSubscribeAcknowledgement(&reader)
        case 12:
            try requireFlags(0, "PINGREQ")
            return .pingRequest
        case 13:
            try requireFlags(0, "PINGRESP")
            return .pingResponse
        case 14:
            try requireFlags(0, "DISCONNECT")
            return .disconnect
        case 5, 6, 7:
            throw MQTTDecodingError("a QoS 2 packet (type \(type)), which this client does not use")
        default:
            throw MQTTDecodingError("packet type \(type), which this client does not read")
        }
    }

    /// CONNECT's variable header and payload: protocol MQTT level 4, no will.
    private static func decodeConnect(_ reader: inout MQTTReader) throws(MQTTDecodingError) -> Connect {
        guard try reader.string() == "MQTT" else { throw MQTTDecodingError("CONNECT for a protocol other than MQTT") }
        guard try reader.byte() == 4 else { throw MQTTDecodingError("CONNECT for a level other than 4 (3.1.1)") }
        let connectFlags = try reader.byte()
        guard connectFlags & 0x01 == 0 else { throw MQTTDecodingError("CONNECT with the reserved flag set") }
        guard connectFlags & 0x04 == 0 else {
            throw MQTTDecodingError("CONNECT with a will, which this client does not read")
        }
        let keepAlive = try reader.uint16()
        let identifier = try reader.string()
        let username = connectFlags & 0x80 != 0 ? try reader.string() : nil
        let password = connectFlags & 0x40 != 0 ? try reader.binary() : nil
        return Connect(
            clientIdentifier: identifier, cleanSession: connectFlags & 0x02 != 0, keepAliveSeconds: keepAlive,
            username: username, password: password)
    }

    /// SUBSCRIBE: a packet identifier and at least one filter with the QoS it asks for.
    private static func decodeSubscribe(_ reader: inout MQTTReader) throws(MQTTDecodingError) -> MQTTPacket {
        let identifier = try reader.uint16()
        var filters: [Subscription] = []
        repeat {
            let filter = try reader.string()
            let requested = try reader.byte()
            guard let qos = MQTTQoS(rawValue: requested) else {
                throw MQTTDecodingError("SUBSCRIBE asking for QoS \(requested)")
            }
            filters.append(Subscription(filter, qos: qos))
        } while !reader.isAtEnd
        return .subscribe(packetIdentifier: identifier, filters: filters)
    }

    /// SUBACK: a packet identifier and a granted QoS per filter, nil for a refusal (0x80).
    private static func decodeSubscribeAcknowledgement(_ reader: inout MQTTReader) throws(MQTTDecodingError)
        -> MQTTPacket
    {
        let identifier = try reader.uint16()
        var granted: [MQTTQoS?] = []
        while !reader.isAtEnd {
            let code = try reader.byte()
            if code == 0x80 {
                granted.append(nil)
            } else if let qos = MQTTQoS(rawValue: code) {
                granted.append(qos)
            } else {
                throw MQTTDecodingError("SUBACK granting QoS \(code)")
            }
        }
        return .subscribeAcknowledgement(packetIdentifier: identifier, granted: granted)
    }
}

/// Reads a packet's fields in order, refusing to run past its end.
struct MQTTReader {
    private var bytes: ArraySlice<UInt8>

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { bytes.isEmpty }
    var remaining: Int { bytes.count }

    mutating func byte() throws(MQTTDecodingError) -> UInt8 {
        guard let value = bytes.popFirst() else { throw MQTTDecodingError("a packet ends inside a field") }
        return value
    }

    mutating func uint16() throws(MQTTDecodingError) -> UInt16 {
        let high = try byte()
        return UInt16(high) << 8 | UInt16(try byte())
    }

    mutating func binary() throws(MQTTDecodingError) -> [UInt8] {
        let count = Int(try uint16())
        guard bytes.count >= count else { throw MQTTDecodingError("a field of \(count) bytes runs past its packet") }
        defer { bytes = bytes.dropFirst(count) }
        return Array(bytes.prefix(count))
    }

    mutating func string() throws(MQTTDecodingError) -> String {
        let data = try binary()
        // 1.5.3: UTF-8, and no U+0000.
        guard !data.contains(0), let text = String(validating: data, as: UTF8.self) else {
            throw MQTTDecodingError("a string that is not UTF-8 without U+0000")
        }
        return text
    }

    mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }
}
