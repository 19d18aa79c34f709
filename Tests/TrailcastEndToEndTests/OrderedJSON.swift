// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A JSON value that keeps object keys in the order they were written.
///
/// `JSONSerialization` and `JSONDecoder` forget key order, and the order of
/// `trailcast inspect --format json` is part of its contract (scripts and diffs
/// rely on it), so the tests read the raw text with this small strict parser.
enum OrderedJSON: Equatable {
    case object([(key: String, value: OrderedJSON)])
    case array([OrderedJSON])
    case string(String)
    /// The number exactly as written, to check formatting too.
    case number(String)
    case bool(Bool)
    case null

    /// The keys of an object, in order; nil for other values.
    var keys: [String]? {
        guard case .object(let members) = self else { return nil }
        return members.map(\.key)
    }

    subscript(key: String) -> OrderedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var intValue: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var isNull: Bool { self == .null }

    var arrayValue: [OrderedJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    /// Why a text is not one JSON value.
    struct SyntaxError: Error, CustomStringConvertible {
        var offset: Int
        var expected: String
        var description: String { "invalid JSON at byte \(offset): expected \(expected)" }
    }

    /// Parses exactly one JSON value (RFC 8259), with nothing but whitespace around it.
    init(parsing text: String) throws {
        var parser = Parser(bytes: Array(text.utf8))
        self = try parser.value()
        parser.skipWhitespace()
        guard parser.offset == parser.bytes.count else { throw parser.error("end of text") }
    }

    private struct Parser {
        let bytes: [UInt8]
        var offset = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func error(_ expected: String) -> SyntaxError { SyntaxError(offset: offset, expected: expected) }

        var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                offset += 1
            }
        }

        mutating func expect(_ character: Character) throws {
            guard current == character.asciiValue else { throw error("'\(character)'") }
            offset += 1
        }

        mutating func literal(_ word: String) throws {
            for byte in word.utf8 {
                guard current == byte else { throw error(word) }
                offset += 1
            }
        }

        mutating func value() throws -> OrderedJSON {
            skipWhitespace()
            switch current {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func object() throws -> OrderedJSON {
            try expect("{")
            var members: [(key: String, value: OrderedJSON)] = []
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                let key = try string()
                skipWhitespace()
                try expect(":")
                members.append((key, try value()))
                skipWhitespace()
                if current == UInt8(ascii: ",") { offset += 1; continue }
                try expect("}")
                return .object(members)
            }
        }

        mutating func array() throws -> OrderedJSON {
            try expect("[")
            var elements: [OrderedJSON] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            }
            while true {
                elements.append(try value())
                skipWhitespace()
                if current == UInt8(ascii: ",") { offset += 1; continue }
                try expect("]")
                return .array(elements)
            }
        }

        mutating func string() throws -> String {
            try expect("\"")
            var result: [UInt8] = []
            while let byte = current {
                offset += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: result, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard let escaped = current else { throw error("an escape") }
                    offset += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(escaped)
                    case UInt8(ascii: "n"): result.append(0x0A)
                    case UInt8(ascii: "r"): result.append(0x0D)
                    case UInt8(ascii: "t"): result.append(0x09)
                    case UInt8(ascii: "b"): result.append(0x08)
                    case UInt8(ascii: "f"): result.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard offset + 4 <= bytes.count,
                            let code = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
                        else { throw error("4 hex digits") }
                        offset += 4
                        // Surrogate pairs are not needed here; a lone one becomes U+FFFD.
                        result.append(contentsOf: String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
                    default:
                        throw error("a valid escape")
                    }
                case 0..<0x20:
                    throw error("no control character inside a string")
                default:
                    result.append(byte)
                }
            }
            throw error("closing '\"'")
        }

        mutating func number() throws -> String {
            let start = offset
            func digits() -> Int {
                let first = offset
                while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
                return offset - first
            }
            if current == UInt8(ascii: "-") { offset += 1 }
            let integerStart = offset
            let integerDigits = digits()
            guard integerDigits > 0 else { throw error("a value") }
            guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
                throw error("no leading zero")
            }
            if current == UInt8(ascii: ".") {
                offset += 1
                guard digits() > 0 else { throw error("fraction digits") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                offset += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
                guard digits() > 0 else { throw error("exponent digits") }
            }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }
    }
}
