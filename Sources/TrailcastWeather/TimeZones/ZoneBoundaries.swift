// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import CTrailcastZoneBoundaries

/// `timezone=auto`: the zone a place lies in, by the zone boundary polygons, as Open-Meteo
/// resolves it.
///
/// Open-Meteo looks the coordinates up in timezone-boundary-builder's polygons, the build
/// "with oceans" (SwiftTimeZoneLookup over ZoneDetect, in its ForecastapiQuery.swift), so a
/// point at sea gets the nautical zone of its 15° band (`Etc/GMT+2` in mid-Atlantic). This
/// reads the same polygons, release 2026c, from a table compiled into the binary:
/// .ci/make-zone-boundaries.py cuts the world into 7.5° cells and splits each cell a border
/// crosses, down to 0.0037° (about 400 m) along land borders and 0.029° along coasts against
/// open sea (a coast's cell takes the land's zone). Against the polygons themselves, the
/// offset is the same for 99.985 % of random land points (bench/results/log.md).
///
/// The table's layout ("TZQ1") is the generator's docstring; in short: a 48 × 24 grid of
/// root cells, each a leaf (one zone) or a quadtree of nodes of four 10-bit slots, stored
/// breadth first without pointers, a child found by counting the internal slots before it
/// (a rank kept per block of 16 nodes).
struct ZoneBoundaries: Sendable {
    /// The table compiled in, read once.
    static let compiledIn: ZoneBoundaries? = ZoneBoundaries(
        table: UnsafeRawBufferPointer(start: trailcast_zone_boundaries(), count: trailcast_zone_boundaries_size()))

    /// The zones' names, by their number in the table.
    let names: [String]
    /// The table's bytes, which live as long as the process.
    private nonisolated(unsafe) let table: UnsafeRawBufferPointer
    private let depth: Int
    private let blockBits: Int
    private let columns: Int
    private let rows: Int
    private let slotBits: Int
    private let rootOffset: Int
    private let nodeOffset: Int
    private let rankOffset: Int
    private let nodeCount: Int

    /// Reads the table's header and names; nil if `table` is not a table this reader knows.
    init?(table: UnsafeRawBufferPointer) {
        func u16(_ offset: Int) -> Int { Int(table[offset]) | Int(table[offset + 1]) << 8 }
        func u32(_ offset: Int) -> Int { u16(offset) | u16(offset + 2) << 16 }
        guard table.count >= 48, table[0..<4].elementsEqual("TZQ1".utf8), u16(4) == 1, u32(40) == table.count else {
            return nil
        }
        depth = Int(table[6])
        blockBits = Int(table[7])
        columns = u16(8)
        rows = u16(10)
        slotBits = Int(table[14])
        nodeCount = u32(16)
        rootOffset = u32(28)
        nodeOffset = u32(32)
        rankOffset = u32(36)
        // 10-bit slots: a node is 5 bytes, read as 8 (the table pads its end with 8 zeros).
        guard slotBits == 10, depth <= 20, blockBits <= 8, rootOffset + 4 * columns * rows <= table.count,
            nodeOffset + 5 * nodeCount + 8 <= table.count,
            rankOffset + 4 * ((nodeCount + (1 << blockBits) - 1) >> blockBits) <= table.count
        else { return nil }
        var names: [String] = []
        var offset = u32(24)
        for _ in 0..<u16(12) {
            guard offset < table.count else { return nil }
            let length = Int(table[offset])
            guard offset + 1 + length <= table.count else { return nil }
            names.append(String(decoding: table[(offset + 1)..<(offset + 1 + length)], as: UTF8.self))
            offset += 1 + length
        }
        self.names = names
        self.table = table
    }

    /// The zone of a place (an IANA name, `Etc/GMT±N` at sea), or nil for coordinates that are
    /// not finite or a table that does not say.
    func zone(latitude: Double, longitude: Double) -> String? {
        guard latitude.isFinite, longitude.isFinite else { return nil }
        // The cell at the finest depth, in whole cells from the south-west corner; the edges
        // (90° north, 180° east) belong to the last cell.
        let cellsPerDegree = Double(1 << depth) / 7.5
        func cell(_ degrees: Double, count: Int) -> Int {
            let index = (degrees * cellsPerDegree).rounded(.down)
            return Int(min(max(index, 0), Double((count << depth) - 1)))
        }
        let x = cell(longitude + 180, count: columns)
        let y = cell(latitude + 90, count: rows)
        let root = load32(rootOffset + 4 * ((y >> depth) * columns + (x >> depth)))
        if root & 0x8000_0000 != 0 { return name(Int(root & 0x7FFF_FFFF)) }

        let slotMask: UInt64 = (1 << 10) - 1
        let internalSlots: UInt64 = (0..<4).reduce(0) { $0 | 1 << UInt64($1 * 10 + 9) }
        var node = Int(root)
        for level in stride(from: depth - 1, through: 0, by: -1) {
            guard node < nodeCount else { return nil }
            let quadrant = ((y >> level) & 1) << 1 | (x >> level) & 1
            let slots = nodeSlots(node)
            let slot = (slots >> UInt64(10 * quadrant)) & slotMask
            if slot >> 9 == 0 { return name(Int(slot)) }
            // The child is the next node after every internal slot before this one.
            let block = node >> blockBits
            var child = Int(load32(rankOffset + 4 * block))
            for earlier in (block << blockBits)..<node { child += (nodeSlots(earlier) & internalSlots).nonzeroBitCount }
            child += (slots & internalSlots & ((1 << UInt64(10 * quadrant)) &- 1)).nonzeroBitCount
            node = child
        }
        return nil
    }

    private func name(_ number: Int) -> String? {
        number < names.count ? names[number] : nil
    }

    private func load32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: table.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// A node's four slots: its five bytes, in the low 40 bits.
    private func nodeSlots(_ node: Int) -> UInt64 {
        UInt64(littleEndian: table.loadUnaligned(fromByteOffset: nodeOffset + 5 * node, as: UInt64.self))
            & ((1 << 40) - 1)
    }
}
