// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWire

/// MQTT 3.1.1 packets to and from bytes, against the standard's own layouts (OASIS, "MQTT
/// Version 3.1.1", section numbers in the test names) and against what a broker may send.
@Suite("MQTT 3.1.1 packets")
struct MQTTPacketTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func decodeAll(_ bytes: [UInt8]) throws -> [MQTTPacket] {
        var rest = bytes[...]
        var packets: [MQTTPacket] = []
        while let (packet, size) = try MQTTPacket.decode(from: rest) {
            packets.append(packet)
            rest = rest.dropFirst(size)
        }
        #expect(rest.isEmpty, "\(rest.count) bytes left undecoded")
        return packets
    }

    @Test("3.1 CONNECT: protocol name, level 4, clean session, keep-alive, client identifier, byte for byte")
    func connect() throws {
        let packet = MQTTPacket.connect(.init(clientIdentifier: "dev-0001", keepAliveSeconds: 60))
        let expected: [UInt8] =
            [0x10, 20, 0, 4] + Self.bytes("MQTT") + [4, 0x02, 0, 60, 0, 8] + Self.bytes("dev-0001")
        #expect(packet.encoded() == expected)
        #expect(try Self.decodeAll(expected) == [packet])
        let withLogin = MQTTPacket.connect(
            .init(
                clientIdentifier: "d", cleanSession: false, keepAliveSeconds: 0, username: "user", password: [1, 2, 3]))
        let encoded = withLogin.encoded()
        #expect(encoded[9] == 0xC0, "user name and password flags, not clean")
        #expect(try Self.decodeAll(encoded) == [withLogin])
        // A user name alone (3.1.2.8-9: bit 7 the user name, bit 6 the password).
        let userOnly = MQTTPacket.connect(.init(clientIdentifier: "d", keepAliveSeconds: 0, username: "user"))
        let userOnlyBytes = userOnly.encoded()
        #expect(userOnlyBytes[9] == 0x82, "user name flag and clean session, no password flag")
        #expect(try Self.decodeAll(userOnlyBytes) == [userOnly])
    }

    @Test("3.3 PUBLISH at QoS 0 and 1: flags, topic, packet identifier only at QoS 1, payload to the end")
    func publish() throws {
        let atLeastOnce = MQTTPacket.publish(
            .init(
                topic: "owntracks/u/d", payload: Self.bytes("{}"), qos: .atLeastOnce, packetIdentifier: 7))
        let expected: [UInt8] = [0x32, 19, 0, 13] + Self.bytes("owntracks/u/d") + [0, 7] + Self.bytes("{}")
        #expect(atLeastOnce.encoded() == expected)
        let atMostOnce = MQTTPacket.publish(.init(topic: "t", payload: [], retain: true))
        #expect(atMostOnce.encoded() == [0x31, 3, 0, 1, 0x74])
        let resent = MQTTPacket.publish(
            .init(topic: "t", payload: [9], qos: .atLeastOnce, packetIdentifier: 65535, duplicate: true))
        #expect(resent.encoded().first == 0x3A)
        #expect(
            try Self.decodeAll(expected + atMostOnce.encoded() + resent.encoded()) == [atLeastOnce, atMostOnce, resent])
    }

    @Test("3.2, 3.4, 3.8, 3.9, 3.12-3.14: the short packets, byte for byte")
    func shortPackets() throws {
        let cases: [(MQTTPacket, [UInt8])] = [
            (.connectAcknowledgement(sessionPresent: false, returnCode: .accepted), [0x20, 2, 0, 0]),
            (.connectAcknowledgement(sessionPresent: true, returnCode: .notAuthorized), [0x20, 2, 1, 5]),
            (.publishAcknowledgement(packetIdentifier: 0x1234), [0x40, 2, 0x12, 0x34]),
            (
                .subscribe(packetIdentifier: 1, filters: [.init("owntracks/#", qos: .atLeastOnce)]),
                [0x82, 16, 0, 1, 0, 11] + Self.bytes("owntracks/#") + [1]
            ),
            (.subscribeAcknowledgement(packetIdentifier: 1, granted: [.atLeastOnce, nil]), [0x90, 4, 0, 1, 1, 0x80]),
            (.pingRequest, [0xC0, 0]),
            (.pingResponse, [0xD0, 0]),
            (.disconnect, [0xE0, 0]),
        ]
        for (packet, bytes) in cases {
            #expect(packet.encoded() == bytes, "\(packet)")
            #expect(try Self.decodeAll(bytes) == [packet])
        }
    }

    @Test(
        "2.2.3 remaining length: one to four bytes at the standard's boundaries, read back",
        arguments: [
            (0, [0x00]), (127, [0x7F]), (128, [0x80, 0x01]), (16_383, [0xFF, 0x7F]), (16_384, [0x80, 0x80, 0x01]),
            (2_097_151, [0xFF, 0xFF, 0x7F]), (2_097_152, [0x80, 0x80, 0x80, 0x01]),
        ] as [(Int, [UInt8])])
    func remainingLength(length: Int, digits: [UInt8]) throws {
        // A QoS 0 PUBLISH to topic "t" (3 bytes of header) with the rest as payload.
        let payload = [UInt8](repeating: 0x61, count: max(length - 3, 0))
        guard length >= 3 else {
            #expect(MQTTPacket.pingRequest.encoded() == [0xC0] + digits)
            return
        }
        let encoded = MQTTPacket.publish(.init(topic: "t", payload: payload)).encoded()
        #expect(Array(encoded[1...digits.count]) == digits)
        let decoded = try #require(try MQTTPacket.decode(from: encoded[...], maximumSize: 4 << 20))
        #expect(decoded.size == encoded.count)
    }

    @Test("a packet arriving in pieces: nil for every prefix, the packet once whole")
    func incomplete() throws {
        let encoded = MQTTPacket.publish(
            .init(topic: "owntracks/u/d", payload: Self.bytes("{\"lat\":1}"), qos: .atLeastOnce, packetIdentifier: 3)
        ).encoded()
        for end in 0..<encoded.count {
            #expect(try MQTTPacket.decode(from: encoded[..<end]) == nil, "prefix of \(end) bytes")
        }
        #expect(try MQTTPacket.decode(from: encoded[...])?.size == encoded.count)
        // A slice that does not start at index 0, as a connection's buffer gives.
        let buffered = [0xC0, 0x00] + encoded
        #expect(try MQTTPacket.decode(from: buffered[2...])?.size == encoded.count)
    }

    @Test(
        "what no broker should send is refused with a reason, before any of it is kept",
        arguments: [
            ([0x30, 0x80, 0x80, 0x80, 0x80, 0x01], "longer than four bytes"),
            ([0x30, 0xFF, 0xFF, 0xFF, 0x7F], "more than the 1048576 allowed"),
            ([0x50, 0x02, 0x00, 0x01], "QoS 2 packet (type 5)"),
            ([0x34, 0x05, 0x00, 0x01, 0x74, 0x00, 0x01], "PUBLISH at QoS 2"),
            ([0xF0, 0x00], "packet type 15"),
            ([0x00, 0x00], "packet type 0"),
            ([0x41, 0x02, 0x00, 0x01], "PUBACK with flags 1"),
            ([0x80, 0x05, 0x00, 0x01, 0x00, 0x01, 0x74], "SUBSCRIBE with flags 0"),
            ([0x20, 0x02, 0x00, 0x06], "unknown return code 6"),
            ([0x20, 0x02, 0x02, 0x00], "reserved bits"),
            ([0x20, 0x03, 0x00, 0x00, 0x00], "1 bytes left over"),
            ([0x40, 0x01, 0x00], "ends inside a field"),
            ([0x30, 0x03, 0x00, 0x05, 0x74], "runs past its packet"),
            ([0x30, 0x03, 0x00, 0x01, 0xFF], "not UTF-8"),
            ([0x30, 0x03, 0x00, 0x01, 0x00], "not UTF-8 without U+0000"),
            ([0x90, 0x03, 0x00, 0x01, 0x02], "SUBACK granting QoS 2"),
            ([0xC0, 0x01, 0x00], "1 bytes left over"),
        ] as [([UInt8], String)])
    func refused(bytes: [UInt8], reason: String) {
        #expect {
            _ = try MQTTPacket.decode(from: bytes[...])
        } throws: { error in
            (error as? MQTTDecodingError)?.description.contains(reason) == true
        }
    }

    @Test("a packet of exactly the 1 MiB allowed decodes; one byte more is refused before it is read")
    func largestPacket() throws {
        // 1 type byte, 3 bytes of remaining length, the topic "t" (2 + 1): the payload is the rest.
        let payload = [UInt8](repeating: 0x61, count: (1 << 20) - 7)
        let largest = MQTTPacket.publish(.init(topic: "t", payload: payload)).encoded()
        #expect(largest.count == 1 << 20)
        #expect(try MQTTPacket.decode(from: largest[...])?.size == 1 << 20)
        let over = MQTTPacket.publish(.init(topic: "t", payload: payload + [0x61])).encoded()
        #expect {
            _ = try MQTTPacket.decode(from: over.prefix(4))
        } throws: { error in
            (error as? MQTTDecodingError)?.description == "a packet of 1048577 bytes, more than the 1048576 allowed"
        }
    }

    /// MQTT 3.1.1 section 3.2.2.3's six return codes, by number, in words.
    @Test("the return codes say what went wrong in words")
    func returnCodes() {
        #expect(
            (0...6).map { ConnectReturnCode(rawValue: $0)?.description } == [
                "accepted", "the server does not speak MQTT 3.1.1", "the client identifier was rejected",
                "the MQTT service is unavailable", "bad user name or password", "not authorized", nil,
            ])
    }
}
