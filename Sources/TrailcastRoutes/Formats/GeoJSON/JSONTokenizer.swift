// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// JSON (RFC 8259) read token by token from a ``ByteSource``, in constant memory: the
/// grammar checked as it goes, each token placed at its line and column (columns count
/// bytes), nesting bounded.
///
/// Object keys come as ``Token/key(_:)``, so a reader knows what a value is for without
/// keeping the document. Strings longer than ``maximumStringBytes`` are cut there.
struct JSONTokenizer {
    enum Token: Equatable {
        case beginObject, endObject, beginArray, endArray
        case key(String)
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
        /// After the top-level value.
        case end
    }

    /// Deeper nesting is refused: no GeoJSON needs more than a handful of levels, and an
    /// attacker's `[[[[...` must not grow the stack without bound.
    static let maximumDepth = 64
    static let maximumStringBytes = 1 << 20

    private enum Expectation {
        case value, firstValueOrEnd, firstKeyOrEnd, key, colon, commaOrEnd, nothing
    }

    private let source: ByteSource
    private var buffer: UnsafeMutableRawBufferPointer
    private var index = 0
    private var filled = 0
    private var reachedEnd = false
    /// Whether each open container is an object (else an array).
    private var containers: [Bool] = []
    private var expecting = Expectation.value
    private var line = 1
    private var column = 1
    /// Where the last token began.
    private(set) var tokenLine = 1
    private(set) var tokenColumn = 1
    private var scratch: [UInt8] = []

    init(source: ByteSource, chunkSize: Int) {
        self.source = source
        buffer = .allocate(byteCount: max(chunkSize, 16), alignment: 16)
        containers.reserveCapacity(Self.maximumDepth)
    }

    func deallocate() { buffer.deallocate() }

    var fileName: String { source.displayName }

    /// Whether the tokenizer is inside an object or array: how deep.
    var depth: Int { containers.count }

    // MARK: - Bytes

    private mutating func peek() throws(RouteError) -> UInt8? {
        if index == filled {
            guard !reachedEnd else { return nil }
            filled = try source.read(into: buffer)
            index = 0
            if filled == 0 {
                reachedEnd = true
                return nil
            }
        }
        return buffer[index]
    }

    private mutating func advance() {
        if buffer[index] == 0x0A {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func skipWhiteSpace() throws(RouteError) {
        while let byte = try peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            advance()
        }
    }

    func error(_ reason: String, line: Int? = nil, column: Int? = nil) -> RouteError {
        .malformed(file: source.displayName, line: line ?? self.line, column: column ?? self.column, reason: reason)
    }

    private static func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    // MARK: - Tokens

    mutating func next() throws(RouteError) -> Token {
        if line == 1 && column == 1 && index == 0 && filled == 0 {
            try skipByteOrderMark()
        }
        try skipWhiteSpace()
        tokenLine = line
        tokenColumn = column
        let byte = try peek()
        switch expecting {
        case .nothing:
            guard let byte else { return .end }
            throw error("text after the end of the JSON document: \(Self.describe(byte))")
        case .colon:
            guard byte == UInt8(ascii: ":") else {
                throw error("expected ':' after an object key, found \(Self.describe(byte))")
            }
            advance()
            expecting = .value
            return try next()
        case .commaOrEnd:
            let inObject = containers.last == true
            if byte == UInt8(ascii: ",") {
                advance()
                expecting = inObject ? .key : .value
                return try next()
            }
            if inObject && byte == UInt8(ascii: "}") || !inObject && byte == UInt8(ascii: "]") {
                advance()
                return close()
            }
            throw error("expected ',' or '\(inObject ? "}" : "]")', found \(Self.describe(byte))")
        case .firstKeyOrEnd, .key:
            if expecting == .firstKeyOrEnd && byte == UInt8(ascii: "}") {
                advance()
                return close()
            }
            guard byte == UInt8(ascii: "\"") else {
                throw error("expected an object key in quotes, found \(Self.describe(byte))")
            }
            let key = try readString()
            expecting = .colon
            return .key(key)
        case .firstValueOrEnd:
            if byte == UInt8(ascii: "]") {
                advance()
                return close()
            }
            return try readValue(byte)
        case .value:
            return try readValue(byte)
        }
    }

    private mutating func skipByteOrderMark() throws(RouteError) {
        guard try peek() == 0xEF, filled - index >= 3, buffer[index + 1] == 0xBB, buffer[index + 2] == 0xBF else {
            return
        }
        index += 3
    }

    private mutating func close() -> Token {
        let wasObject = containers.removeLast()
        expecting = containers.isEmpty ? .nothing : .commaOrEnd
        return wasObject ? .endObject : .endArray
    }

    private mutating func open(object: Bool) throws(RouteError) -> Token {
        guard containers.count < Self.maximumDepth else {
            throw .unsafeDocument(
                file: source.displayName, line: line, column: column,
                reason: "JSON nested deeper than \(Self.maximumDepth) levels")
        }
        advance()
        containers.append(object)
        expecting = object ? .firstKeyOrEnd : .firstValueOrEnd
        return object ? .beginObject : .beginArray
    }

    private mutating func readValue(_ byte: UInt8?) throws(RouteError) -> Token {
        guard let byte else {
            throw error(
                containers.isEmpty
                    ? "the file is empty: no JSON value"
                    : "the file ends inside \(containers.last! ? "an object" : "an array")")
        }
        switch byte {
        case UInt8(ascii: "{"): return try open(object: true)
        case UInt8(ascii: "["): return try open(object: false)
        case UInt8(ascii: "\""):
            let text = try readString()
            valueEnded()
            return .string(text)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try readNumber()
            valueEnded()
            return .number(number)
        case UInt8(ascii: "t"): try readLiteral("true"); valueEnded(); return .bool(true)
        case UInt8(ascii: "f"): try readLiteral("false"); valueEnded(); return .bool(false)
        case UInt8(ascii: "n"): try readLiteral("null"); valueEnded(); return .null
        default:
            throw error("expected a JSON value, found \(Self.describe(byte))")
        }
    }

    private mutating func valueEnded() {
        expecting = containers.isEmpty ? .nothing : .commaOrEnd
    }

    private mutating func readLiteral(_ word: StaticString) throws(RouteError) {
        let (startLine, startColumn) = (line, column)
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in bytes {
            guard try peek() == expected else {
                throw error("expected a JSON value, found an unknown word", line: startLine, column: startColumn)
            }
            advance()
        }
    }

    private mutating func readNumber() throws(RouteError) -> Double {
        let (startLine, startColumn) = (line, column)
        scratch.removeAll(keepingCapacity: true)
        while let byte = try peek(),
            byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte | 0x20 == UInt8(ascii: "e") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        {
            guard scratch.count < 64 else {
                throw error("a number longer than 64 characters", line: startLine, column: startColumn)
            }
            scratch.append(byte)
            advance()
        }
        let value = scratch.withUnsafeBytes { DecimalNumber.parse($0) }
        guard let value, scratch.first != UInt8(ascii: "+") else {
            throw error(
                "\"\(String(decoding: scratch, as: UTF8.self))\" is not a JSON number", line: startLine,
                column: startColumn)
        }
        return value
    }

    /// A string from its opening quote to its closing one, escapes decoded.
    private mutating func readString() throws(RouteError) -> String {
        let (startLine, startColumn) = (line, column)
        advance()
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard let byte = try peek() else {
                throw error("the file ends inside a string", line: startLine, column: startColumn)
            }
            advance()
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape()
            case 0..<0x20:
                throw error(
                    "a control character (byte 0x\(String(byte, radix: 16, uppercase: true))) inside a string",
                    line: line, column: column - 1)
            default:
                if scratch.count < Self.maximumStringBytes { scratch.append(byte) }
            }
        }
    }

    private mutating func readEscape() throws(RouteError) {
        guard let escaped = try peek() else { throw error("the file ends inside a string") }
        advance()
        let simple: UInt8? =
            switch escaped {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "/"): UInt8(ascii: "/")
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            if scratch.count < Self.maximumStringBytes { scratch.append(simple) }
            return
        }
        guard escaped == UInt8(ascii: "u") else { throw error("an unknown escape \\\(Self.describe(escaped))") }
        var scalar = try readHexQuad()
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate: its low half follows as another \u escape, if it is valid.
            if try peek() == UInt8(ascii: "\\") {
                advance()
                guard try peek() == UInt8(ascii: "u") else { throw error("an unpaired surrogate escape") }
                advance()
                let low = try readHexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("an unpaired surrogate escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else {
                throw error("an unpaired surrogate escape")
            }
        }
        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        if scratch.count < Self.maximumStringBytes { scratch.append(contentsOf: Array(String(character).utf8)) }
    }

    private mutating func readHexQuad() throws(RouteError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try peek(), let digit = Self.hexDigit(byte) else {
                throw error("a \\u escape needs four hexadecimal digits")
            }
            advance()
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
