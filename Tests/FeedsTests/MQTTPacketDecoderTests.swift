// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import NIOCore
import NIOEmbedded
import Testing
@testable import TrailcastFeeds
import TrailcastWire

/// What the fleet's MQTT client takes from a broker: whole packets cut from the stream, up
/// to a size it holds at most (a MiB by default), whatever sends them.
@Suite("The MQTT client's packet decoder")
struct MQTTPacketDecoderTests {
    static let publish = MQTTPacket.publish(
        .init(topic: "owntracks/fleet/device-1", payload: Array(repeating: 7, count: 200), qos: .atMostOnce))

    @Test("a packet exactly at the limit is decoded; one byte over it is refused before it is read")
    func limit() throws {
        let bytes = Self.publish.encoded()
        let atLimit = EmbeddedChannel(handler: ByteToMessageHandler(MQTTPacketDecoder(maximumPacketBytes: bytes.count)))
        try atLimit.writeInbound(ByteBuffer(bytes: bytes))
        #expect(try atLimit.readInbound(as: MQTTPacket.self) == Self.publish)
        let over = EmbeddedChannel(
            handler: ByteToMessageHandler(MQTTPacketDecoder(maximumPacketBytes: bytes.count - 1)))
        // The header alone says the length: refused before the rest arrives.
        #expect(throws: MQTTDecodingError.self) { try over.writeInbound(ByteBuffer(bytes: bytes.prefix(3))) }
    }

    @Test("packets split anywhere and run together: each whole, in order")
    func splitAndJoined() throws {
        let ping = MQTTPacket.pingResponse
        let stream = Self.publish.encoded() + ping.encoded() + Self.publish.encoded()
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(MQTTPacketDecoder()))
        for chunk in stride(from: 0, to: stream.count, by: 7) {
            try channel.writeInbound(ByteBuffer(bytes: stream[chunk..<min(chunk + 7, stream.count)]))
        }
        var packets: [MQTTPacket] = []
        while let packet = try channel.readInbound(as: MQTTPacket.self) { packets.append(packet) }
        #expect(packets == [Self.publish, ping, Self.publish])
    }
}
