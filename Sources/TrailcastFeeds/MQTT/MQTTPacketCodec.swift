// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import NIOCore
import TrailcastWire

/// Cuts a TCP stream into MQTT packets: the fixed header says how long each one is, so
/// only a whole packet's bytes are copied out for the decoder, however many are buffered.
struct MQTTPacketDecoder: ByteToMessageDecoder {
    typealias InboundOut = MQTTPacket

    /// A broker's packets to a publisher are small; a subscriber's are publishes. One MiB
    /// bounds what a broker (or anything else on that port) can make us hold.
    let maximumPacketBytes: Int

    init(maximumPacketBytes: Int = 1 << 20) {
        self.maximumPacketBytes = maximumPacketBytes
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let length = try packetLength(buffer) else { return .needMoreData }
        guard buffer.readableBytes >= length, let bytes = buffer.readBytes(length: length) else { return .needMoreData }
        guard let (packet, _) = try MQTTPacket.decode(from: bytes[...], maximumSize: maximumPacketBytes) else {
            throw MQTTDecodingError("a packet ended before its stated length")
        }
        context.fireChannelRead(wrapInboundOut(packet))
        return .continue
    }

    /// The whole packet's length (header included), or nil while the header is incomplete.
    private func packetLength(_ buffer: ByteBuffer) throws -> Int? {
        var remaining = 0
        var multiplier = 1
        for offset in 1...4 {
            guard let byte = buffer.getInteger(at: buffer.readerIndex + offset, as: UInt8.self) else { return nil }
            remaining += Int(byte & 0x7F) * multiplier
            if byte & 0x80 == 0 {
                let total = 1 + offset + remaining
                guard total <= maximumPacketBytes else {
                    throw MQTTDecodingError("a packet of \(total) bytes is over the limit of \(maximumPacketBytes)")
                }
                return total
            }
            multiplier *= 128
        }
        throw MQTTDecodingError("the remaining length takes more than 4 bytes")
    }
}

/// Writes packets as bytes.
struct MQTTPacketEncoder: MessageToByteEncoder {
    typealias OutboundIn = MQTTPacket

    func encode(data: MQTTPacket, out: inout ByteBuffer) {
        out.writeBytes(data.encoded())
    }
}
