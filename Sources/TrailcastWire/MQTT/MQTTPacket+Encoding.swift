// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
extension MQTTPacket {
    /// 2.2.3: the largest remaining length four bytes can say.
    package static let maximumRemainingLength = 268_435_455

    /// The packet's bytes, fixed header first (2.2).
    package func encoded() -> [UInt8] {
        var body = MQTTWriter()
        let firstByte: UInt8
        switch self {
        case .connect(let connect):
            firstByte = 0x10
            body.string("MQTT")  // 3.1.2.1: the protocol name
            body.byte(4)  // 3.1.2.2: level 4 is 3.1.1
            var flags: UInt8 = connect.cleanSession ? 0x02 : 0
            if connect.username != nil { flags |= 0x80 }
            if connect.password != nil { flags |= 0x40 }
            body.byte(flags)
            body.uint16(connect.keepAliveSeconds)
            body.string(connect.clientIdentifier)
            if let username = connect.username { body.string(username) }
            if let password = connect.password { body.binary(password) }
        case .connectAcknowledgement(let sessionPresent, let returnCode):
            firstByte = 0x20
            body.byte(sessionPresent ? 1 : 0)
            body.byte(returnCode.rawValue)
        case .publish(let publish):
            firstByte =
                0x30 | (publish.duplicate ? 0x08 : 0) | (publish.qos.rawValue << 1) | (publish.retain ? 0x01 : 0)
            body.string(publish.topic)
            if publish.qos != .atMostOnce { body.uint16(publish.packetIdentifier ?? 0) }
            body.append(publish.payload)
        case .publishAcknowledgement(let identifier):
            firstByte = 0x40
            body.uint16(identifier)
        case .subscribe(let identifier, let filters):
            firstByte = 0x82  // 3.8.1: the reserved flags are 0010
            body.uint16(identifier)
            for subscription in filters {
                body.string(subscription.filter)
                body.byte(subscription.qos.rawValue)
            }
        case .subscribeAcknowledgement(let identifier, let granted):
            firstByte = 0x90
            body.uint16(identifier)
            for qos in granted { body.byte(qos?.rawValue ?? 0x80) }
        case .pingRequest: firstByte = 0xC0
        case .pingResponse: firstByte = 0xD0
        case .disconnect: firstByte = 0xE0
        }
        var packet: [UInt8] = [firstByte]
        packet.reserveCapacity(body.bytes.count + 5)
        var length = body.bytes.count
        repeat {
            var digit = UInt8(length % 128)
            length /= 128
            if length > 0 { digit |= 0x80 }
            packet.append(digit)
        } while length > 0
        packet += body.bytes
        return packet
    }
}

/// The variable header's and payload's fields (1.5: big-endian integers, strings and
/// binary data with a two-byte length).
struct MQTTWriter {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func uint16(_ value: UInt16) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xFF))
    }

    mutating func string(_ text: String) { binary(Array(text.utf8)) }

    mutating func binary(_ data: [UInt8]) {
        uint16(UInt16(min(data.count, Int(UInt16.max))))
        bytes += data.prefix(Int(UInt16.max))
    }

    mutating func append(_ data: [UInt8]) { bytes += data }
}
