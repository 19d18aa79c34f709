// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A FIT file's bytes, read from a ``ByteSource`` a chunk at a time: each byte counted (its
/// offset, for errors) and added to the running CRC the file ends with.
struct FITBytes {
    private let source: ByteSource
    private var buffer: UnsafeMutableRawBufferPointer
    private var index = 0
    private var filled = 0
    private var reachedEnd = false
    /// Bytes consumed since the start of the file.
    private(set) var offset = 0
    /// The CRC of the bytes consumed since ``resetCRC()``.
    private(set) var crc: UInt16 = 0

    init(source: ByteSource, chunkSize: Int) {
        self.source = source
        buffer = .allocate(byteCount: max(chunkSize, 16), alignment: 16)
    }

    func deallocate() { buffer.deallocate() }

    var fileName: String { source.displayName }

    mutating func resetCRC() { crc = 0 }

    /// Whether the file has no byte left.
    mutating func atEnd() throws(RouteError) -> Bool {
        try fill()
        return index == filled
    }

    private mutating func fill() throws(RouteError) {
        guard index == filled, !reachedEnd else { return }
        filled = try source.read(into: buffer)
        index = 0
        if filled == 0 { reachedEnd = true }
    }

    /// The next byte; nil at the end of the file.
    @inline(__always)
    mutating func next() throws(RouteError) -> UInt8? {
        if index == filled {
            try fill()
            if index == filled { return nil }
        }
        let byte = buffer[index]
        index += 1
        offset += 1
        crc = Self.crc(crc, byte)
        return byte
    }

    /// The next byte, or `failure` (with the offset where the file ended) at the end.
    @inline(__always)
    mutating func byte(orFail failure: (Int) -> RouteError) throws(RouteError) -> UInt8 {
        guard let byte = try next() else { throw failure(offset) }
        return byte
    }

    /// FIT's CRC-16 of one more byte, a nibble at a time (the FIT protocol's own table).
    @inline(__always)
    static func crc(_ crc: UInt16, _ byte: UInt8) -> UInt16 {
        var crc = crc
        var low = table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ low ^ table[Int(byte & 0xF)]
        low = table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        return crc ^ low ^ table[Int((byte >> 4) & 0xF)]
    }

    private static let table: [UInt16] = [
        0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
        0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]
}
