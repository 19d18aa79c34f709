// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A FlatBuffers table to be written: its fields by slot (their order in the schema, from 0).
///
/// Only what Open-Meteo's `weather_api.fbs` needs: scalars, strings, vectors of `float`,
/// `int64` and tables, and tables in tables. No FlatBuffers package for Swift is on this
/// project's list of dependencies, and the format of these few kinds is small
/// (flatbuffers.dev, "FlatBuffers internals"). A scalar equal to the schema's default (0)
/// is left out, as FlatBuffers' own builders do by default; a reader gets the default.
struct FlatTable {
    fileprivate enum Field {
        /// Little-endian bytes; their count is also their alignment.
        case scalar([UInt8])
        case child(FlatObject)
    }

    fileprivate var fields: [(slot: Int, field: Field)] = []

    mutating func add<Value: FixedWidthInteger>(_ slot: Int, _ value: Value) {
        guard value != 0 else { return }
        fields.append((slot, .scalar(withUnsafeBytes(of: value.littleEndian) { Array($0) })))
    }

    /// A float; NaN is written (it is not the default).
    mutating func add(_ slot: Int, _ value: Float) {
        guard value != 0 || value.sign == .minus else { return }
        add(bitsOf: slot, value.bitPattern)
    }

    private mutating func add(bitsOf slot: Int, _ bits: UInt32) {
        fields.append((slot, .scalar(withUnsafeBytes(of: bits.littleEndian) { Array($0) })))
    }

    mutating func add(_ slot: Int, _ child: FlatObject) {
        fields.append((slot, .child(child)))
    }
}

/// What a table's offset field can point at.
indirect enum FlatObject {
    case table(FlatTable)
    case string(String)
    case floats([Float])
    case int64s([Int64])
    case tables([FlatTable])
}

/// Writes size-prefixed FlatBuffers messages one after another, as Open-Meteo streams one per
/// place: each is `[size: uint32][root offset: uint32][...]`, padded to a multiple of 8 bytes
/// so that the next one starts aligned.
///
/// The layout runs forwards: a table, then what it points at. FlatBuffers' offsets to tables,
/// strings and vectors are unsigned and count from the field to the object, so an object
/// after its field is what they allow; a vtable may lie either side of its table (a signed
/// offset), here just before it. Every scalar is aligned to its size and every table to 8 from
/// the message's start, which readers that load aligned values (Swift's, C++'s verifier)
/// require.
struct FlatBufferWriter {
    private(set) var bytes: [UInt8] = []
    /// Where the message being written starts (alignment counts from it).
    private var messageStart = 0

    mutating func appendSizePrefixedMessage(root: FlatTable) {
        messageStart = bytes.count
        append(UInt32(0))
        let rootOffsetAt = bytes.count
        append(UInt32(0))
        let root = write(.table(root))
        patch(at: rootOffsetAt, UInt32(root - rootOffsetAt))
        pad(to: 8)
        patch(at: messageStart, UInt32(bytes.count - messageStart - 4))
    }

    /// Writes `object` here; returns where it starts, which is where offsets to it point.
    private mutating func write(_ object: FlatObject) -> Int {
        switch object {
        case .table(let table):
            return write(table)
        case .string(let text):
            pad(to: 4)
            let start = bytes.count
            append(UInt32(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
            bytes.append(0)
            return start
        case .floats(let values):
            pad(to: 4)
            let start = bytes.count
            append(UInt32(values.count))
            for value in values { append(value.bitPattern) }
            return start
        case .int64s(let values):
            // The length just before 8-aligned elements.
            while (bytes.count - messageStart + 4) % 8 != 0 { bytes.append(0) }
            let start = bytes.count
            append(UInt32(values.count))
            for value in values { append(value) }
            return start
        case .tables(let tables):
            pad(to: 4)
            let start = bytes.count
            append(UInt32(tables.count))
            let elements = bytes.count
            for _ in tables { append(UInt32(0)) }
            for (index, table) in tables.enumerated() {
                let element = elements + index * 4
                let position = write(table)
                patch(at: element, UInt32(position - element))
            }
            return start
        }
    }

    private mutating func write(_ table: FlatTable) -> Int {
        // Widest fields first, so that padding inside the table is rare.
        let fields = table.fields.enumerated().sorted { first, second in
            let (a, b) = (Self.size(of: first.element.field), Self.size(of: second.element.field))
            return a != b ? a > b : first.offset < second.offset
        }.map(\.element)
        var offsets: [Int: Int] = [:]
        var size = 4  // the offset to the vtable
        for (slot, field) in fields {
            let width = Self.size(of: field)
            size = (size + width - 1) / width * width
            offsets[slot] = size
            size += width
        }
        let slotCount = (table.fields.map(\.slot).max() ?? -1) + 1

        pad(to: 2)
        let vtable = bytes.count
        append(UInt16(4 + 2 * slotCount))
        append(UInt16(size))
        for slot in 0..<slotCount { append(UInt16(offsets[slot] ?? 0)) }

        pad(to: 8)
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: size))
        patch(at: start, UInt32(bitPattern: Int32(start - vtable)))
        var children: [(at: Int, object: FlatObject)] = []
        for (slot, field) in fields {
            let at = start + offsets[slot]!
            switch field {
            case .scalar(let value): bytes.replaceSubrange(at..<at + value.count, with: value)
            case .child(let object): children.append((at, object))
            }
        }
        for (at, object) in children {
            let position = write(object)
            patch(at: at, UInt32(position - at))
        }
        return start
    }

    private static func size(of field: FlatTable.Field) -> Int {
        switch field {
        case .scalar(let value): value.count
        case .child: 4
        }
    }

    private mutating func pad(to alignment: Int) {
        while (bytes.count - messageStart) % alignment != 0 { bytes.append(0) }
    }

    private mutating func append<Value: FixedWidthInteger>(_ value: Value) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func patch(at position: Int, _ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(position..<position + 4, with: $0) }
    }
}
