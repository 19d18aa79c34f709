// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// KML's coordinate tuples read from text as it streams in: `lon,lat[,alt]` tuples
/// separated by white space in `<coordinates>`, or one `lon lat [alt]` in a `<gx:coord>`.
///
/// A tuple may arrive cut across libxml2's text callbacks, so the scanner keeps the
/// current one (at most ``maximumTupleBytes``: a longer one is malformed, not kept).
///
/// Tuples are placed at their element's start tag and numbered from 1: libxml2's own place
/// during a text callback depends on where the file's chunks were cut, and counting lines
/// in its text disagrees with its own count (a lone carriage return is a line break in the
/// text it hands out, not in its line numbers), both found by the route-formats fuzz target.
struct CoordinateScanner {
    enum Tuple: Equatable {
        /// `hadMore`: the tuple had values past the third (`lon,lat,alt,20`), which every
        /// other reader (GPSBabel, togeojson) drops, as this does.
        case point(longitude: Double, latitude: Double, elevation: Double?, hadMore: Bool)
        /// Not two or three numbers in range; the text, cut short if long.
        case malformed(String)
    }

    /// Three 20-digit numbers and their commas fit well within this.
    static let maximumTupleBytes = 128

    private var tuple: [UInt8] = []
    private var tupleTooLong = false
    /// Where the element's start tag ends.
    private(set) var line = 0
    private(set) var column = 0
    /// The number of the tuple just ended, from 1.
    private(set) var tupleNumber = 0

    init() {
        tuple.reserveCapacity(Self.maximumTupleBytes)
    }

    /// Starts an element's text; its start tag ended at `line` and `column`.
    mutating func start(line: Int, column: Int) {
        reset()
        self.line = line
        self.column = column
        tupleNumber = 0
    }

    private mutating func reset() {
        tuple.removeAll(keepingCapacity: true)
        tupleTooLong = false
    }

    /// Reads on from `index` to the end of a tuple (or of the bytes); returns the tuple ended.
    mutating func scan(_ bytes: UnsafePointer<UInt8>, count: Int, from index: inout Int) -> Tuple? {
        while index < count {
            let byte = bytes[index]
            index += 1
            if Self.isWhiteSpace(byte) {
                if let ended = finish() { return ended }
                continue
            }
            if tuple.count < Self.maximumTupleBytes {
                tuple.append(byte)
            } else {
                tupleTooLong = true
            }
        }
        return nil
    }

    /// The tuple the text ended on, if any.
    mutating func finish() -> Tuple? {
        guard !tuple.isEmpty || tupleTooLong else { return nil }
        tupleNumber += 1
        defer { reset() }
        if tupleTooLong { return .malformed(String(decoding: tuple.prefix(40), as: UTF8.self) + "...") }
        return tuple.withUnsafeBytes { Self.tuple($0, separatedBy: { $0 == UInt8(ascii: ",") }) }
    }

    /// A `<gx:coord>`'s text: `lon lat [alt]` separated by white space.
    static func trackCoordinate(_ text: UnsafeRawBufferPointer) -> Tuple {
        guard text.count <= maximumTupleBytes else {
            return .malformed(String(decoding: text.prefix(40), as: UTF8.self) + "...")
        }
        return tuple(text, separatedBy: isWhiteSpace)
    }

    /// Two or three numbers in range (and whatever follows a third), in place: this runs
    /// once a point, so it allocates nothing unless the tuple is malformed.
    private static func tuple(_ text: UnsafeRawBufferPointer, separatedBy isSeparator: (UInt8) -> Bool) -> Tuple {
        var numbers: (Double, Double, Double) = (0, 0, 0)
        var count = 0
        var start = 0
        var index = 0
        // Commas separate one field from the next (an empty field is malformed); white space
        // runs do.
        let collapsesRuns = !isSeparator(UInt8(ascii: ","))
        while index <= text.count {
            guard index == text.count || isSeparator(text[index]) else {
                index += 1
                continue
            }
            if !(collapsesRuns && index == start) {
                if count >= 3 {
                    count += 1
                    index += 1
                    start = index
                    continue
                }
                guard let number = DecimalNumber.parse(UnsafeRawBufferPointer(rebasing: text[start..<index])) else {
                    return .malformed(String(decoding: text, as: UTF8.self))
                }
                switch count {
                case 0: numbers.0 = number
                case 1: numbers.1 = number
                default: numbers.2 = number
                }
                count += 1
            }
            index += 1
            start = index
        }
        guard count >= 2, numbers.0.magnitude <= 180, numbers.1.magnitude <= 90 else {
            return .malformed(String(decoding: text, as: UTF8.self))
        }
        return .point(
            longitude: numbers.0, latitude: numbers.1, elevation: count >= 3 ? numbers.2 : nil, hadMore: count > 3)
    }

    static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
