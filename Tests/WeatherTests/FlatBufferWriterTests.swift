// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
@testable import TrailcastWeather

/// The FlatBuffers the server writes, checked the way a strict reader checks them: Swift's
/// FlatBuffers library and its verifier (which the Swift SDK of Open-Meteo uses on iOS) load
/// each value at its natural alignment, so every scalar, table and vector element must be
/// aligned to its size from the message's start. The Python SDK test (ServeWeatherSDKTests)
/// reads the values; this one reads the layout.
@Suite("FlatBuffers writer")
struct FlatBufferWriterTests {
    /// A reader of the few kinds the writer writes, failing on anything misaligned or out of
    /// bounds.
    struct StrictReader {
        let bytes: [UInt8]
        let start: Int
        let end: Int

        func uint<Value: FixedWidthInteger>(_ position: Int, as: Value.Type = Value.self) throws -> Value {
            let size = MemoryLayout<Value>.size
            try #require((position - start) % size == 0, "a \(size)-byte value at \(position - start)")
            try #require(position >= start && position + size <= end, "out of the message at \(position - start)")
            var value: Value = 0
            for index in 0..<size { value |= Value(truncatingIfNeeded: bytes[position + index]) << (8 * index) }
            return value
        }

        /// The position of field `slot` of the table at `table`, or nil when absent.
        func field(_ table: Int, _ slot: Int) throws -> Int? {
            let vtable = table - Int(Int32(bitPattern: try uint(table, as: UInt32.self)))
            let vtableSize = Int(try uint(vtable, as: UInt16.self))
            let tableSize = Int(try uint(vtable + 2, as: UInt16.self))
            guard 4 + 2 * slot < vtableSize else { return nil }
            let offset = Int(try uint(vtable + 4 + 2 * slot, as: UInt16.self))
            try #require(offset < tableSize)
            return offset == 0 ? nil : table + offset
        }

        /// Follows the offset at `position`.
        func object(_ position: Int) throws -> Int {
            position + Int(try uint(position, as: UInt32.self))
        }

        func vector<Element: FixedWidthInteger>(_ position: Int, of: Element.Type) throws -> [Element] {
            let count = Int(try uint(position, as: UInt32.self))
            return try (0..<count).map { try uint(position + 4 + $0 * MemoryLayout<Element>.size) }
        }
    }

    @Test(
        "every scalar, table and vector element is aligned to its size, messages to 8, and reads back", arguments: 0..<8
    )
    func alignedAndReadable(before: Int) throws {
        var column = FlatTable()
        column.add(0, UInt8(47))
        // A string of each length before the vector of int64, so that it starts at each offset.
        column.add(1, .string(String(repeating: "x", count: before)))
        column.add(4, .int64s([1, -2, Int64.max]))
        column.add(5, Int16(2))
        var floats = FlatTable()
        floats.add(3, .floats([1.5, -0.25]))
        floats.add(6, UInt8(2))
        var section = FlatTable()
        section.add(0, Int64(1_795_824_000))
        section.add(2, Int32(3600))
        section.add(3, .tables([column, floats]))
        var root = FlatTable()
        root.add(0, Float(46.8))
        root.add(6, Int32(3600))
        root.add(7, .string("Europe/Berlin"))
        root.add(8, .string("CET"))
        root.add(11, .table(section))

        var writer = FlatBufferWriter()
        for _ in 0..<3 { writer.appendSizePrefixedMessage(root: root) }
        let bytes = writer.bytes
        var position = 0
        var messages = 0
        while position < bytes.count {
            try #require(position % 8 == 0)
            let length = Int(
                UInt32(bytes[position]) | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2]) << 16 | UInt32(
                    bytes[position + 3]) << 24)
            try #require((length + 4) % 8 == 0, "each message ends aligned for the next")
            let reader = StrictReader(bytes: bytes, start: position, end: position + 4 + length)
            let table = try reader.object(position + 4)
            try #require(
                try reader.uint(try #require(try reader.field(table, 0)), as: UInt32.self) == Float(46.8).bitPattern)
            #expect(try reader.uint(try #require(try reader.field(table, 6)), as: Int32.self) == 3600)
            #expect(try reader.field(table, 1) == nil, "a default (0) is left out")
            let zone = try reader.object(try #require(try reader.field(table, 7)))
            let zoneLength = Int(try reader.uint(zone, as: UInt32.self))
            #expect(String(decoding: bytes[(zone + 4)..<(zone + 4 + zoneLength)], as: UTF8.self) == "Europe/Berlin")
            #expect(bytes[zone + 4 + zoneLength] == 0, "strings end with a zero byte")
            let sectionTable = try reader.object(try #require(try reader.field(table, 11)))
            #expect(try reader.uint(try #require(try reader.field(sectionTable, 0)), as: Int64.self) == 1_795_824_000)
            let columnsVector = try reader.object(try #require(try reader.field(sectionTable, 3)))
            let columnCount = Int(try reader.uint(columnsVector, as: UInt32.self))
            try #require(columnCount == 2)
            let first = try reader.object(columnsVector + 4)
            #expect(try reader.uint(try #require(try reader.field(first, 0)), as: UInt8.self) == 47)
            #expect(try reader.uint(try #require(try reader.field(first, 5)), as: Int16.self) == 2)
            #expect(
                try reader.vector(try reader.object(try #require(try reader.field(first, 4))), of: Int64.self) == [
                    1, -2, .max,
                ])
            let second = try reader.object(columnsVector + 8)
            #expect(
                try reader.vector(try reader.object(try #require(try reader.field(second, 3))), of: UInt32.self)
                    == [Float(1.5).bitPattern, Float(-0.25).bitPattern])
            position += 4 + length
            messages += 1
        }
        #expect(messages == 3)
    }
}
