// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastWire

extension FuzzChecks {
    /// The bytes are what a broker sent, read packet after packet as a connection reads its
    /// buffer, with a small size limit so that the limit's refusal is reached too. Every
    /// packet read writes back to bytes that read back as the same packet; a refusal ends
    /// the input, as it ends a connection; nothing is read past what the headers allow.
    @Sendable public static func mqtt(_ bytes: [UInt8]) {
        var rest = bytes[...]
        while true {
            let decoded: (packet: MQTTPacket, size: Int)?
            do {
                decoded = try MQTTPacket.decode(from: rest, maximumSize: 4096)
            } catch {
                return
            }
            guard let (packet, size) = decoded else { return }
            require(size > 0 && size <= min(rest.count, 4096), "a packet of \(size) bytes from \(rest.count)")
            let encoded = packet.encoded()
            let again = try? MQTTPacket.decode(from: encoded[...], maximumSize: 1 << 20)
            require(
                again?.packet == packet && again?.size == encoded.count,
                "\(packet) does not read back from its own bytes")
            rest = rest.dropFirst(size)
        }
    }
}
