import JSONOutput

/// Writes one JSON document into bytes, keys in the order written: Open-Meteo's key order
/// is part of its format (clients that stream-parse rely on it), and Foundation's encoders
/// do not keep order.
///
/// Keys here are the variable names a request asked for, so unlike `JSONLineWriter` they
/// are run-time strings; escaping and number formatting are JSONOutput's.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// `{`, or `"key":{` inside an object.
    mutating func beginObject(_ key: String? = nil) {
        begin(key)
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// `"key":[`.
    mutating func beginArray(_ key: String) {
        begin(key)
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A string, as an array element (`key` nil) or an object member.
    mutating func string(_ value: String, key: String? = nil) {
        begin(key)
        bytes.appendJSONString(value)
        needsComma = true
    }

    mutating func boolean(_ value: Bool, key: String? = nil) {
        begin(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    mutating func number(_ value: NumberValue, key: String? = nil) {
        begin(key)
        switch value {
        case .integer(let integer):
            bytes.appendDecimal(integer)
        case .decimal(let decimal, let fractionDigits):
            let start = bytes.count
            bytes.appendDecimal(decimal, fractionDigits: fractionDigits)
            // `15.0` rather than `15`: Open-Meteo's floating-point values always have a
            // decimal point, and a strictly typed client may tell the two apart. (Not after
            // `null` or an exponent, JSONOutput's renderings of the unrepresentable.)
            let plainInteger = !bytes[start...].contains {
                $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "n")
            }
            if plainInteger {
                bytes.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "0")])
            }
        }
        needsComma = true
    }

    private mutating func begin(_ key: String?) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        if let key {
            bytes.appendJSONString(key)
            bytes.append(UInt8(ascii: ":"))
        }
    }
}
