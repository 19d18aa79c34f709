/// A request's query parameters, values already percent-decoded, in the order given.
///
/// Open-Meteo takes lists both comma-separated and repeated (`hourly=a,b` or
/// `hourly=a&hourly=b`), so a key may appear more than once.
package struct QueryParameters: Sendable {
    var pairs: [(key: String, value: String)]

    package init(_ pairs: [(key: String, value: String)]) {
        self.pairs = pairs
    }

    /// The first value of `key`, or nil if it is absent or empty (as `key=` leaves it).
    func value(_ key: String) -> String? {
        pairs.first { $0.key == key && !$0.value.isEmpty }?.value
    }

    /// Whether `key` is present with a value.
    func contains(_ key: String) -> Bool {
        value(key) != nil
    }

    /// Every item of `key`'s comma-separated lists, over all its repeats, empty items dropped.
    func list(_ key: String) -> [String] {
        pairs.filter { $0.key == key }.flatMap { pair in
            pair.value.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        }
    }
}

extension String {
    /// Without leading and trailing spaces (`hourly=a, b` from a hand-typed URL).
    fileprivate var trimmingSpaces: String {
        let bytes = utf8
        guard bytes.first == UInt8(ascii: " ") || bytes.last == UInt8(ascii: " ") else { return self }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == UInt8(ascii: " ") { bytes.formIndex(after: &start) }
        while end > start, bytes[bytes.index(before: end)] == UInt8(ascii: " ") { bytes.formIndex(before: &end) }
        return String(self[start..<end])
    }
}
