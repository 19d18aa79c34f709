/// Plain decimal text for numbers in URLs and messages: `47.3769`, `-122.394253`, `0.3`.
///
/// Swift's `description` switches to exponent notation for small magnitudes (`1e-05`), which
/// Open-Meteo's parameter parser rejects, and prints long binary expansions
/// (`0.30000000000000004`); this rounds to a fixed number of decimals and drops trailing
/// zeros instead.
enum DecimalText {
    /// `value` rounded half away from zero to at most `decimals` places (0...9), without
    /// exponent or trailing zeros; nil when it is not finite or too large for the rounding.
    static func format(_ value: Double, decimals: Int) -> String? {
        precondition((0...9).contains(decimals), "decimals must be 0...9")
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        // 2^62 keeps the conversion below exact-integer trouble and far beyond any coordinate.
        guard scaled.isFinite, abs(scaled) < 0x1p62 else { return nil }
        let units = Int64(scaled)
        let magnitude = units.magnitude
        let whole = magnitude / UInt64(scale)
        var fraction = magnitude % UInt64(scale)
        var fractionDigits = decimals
        while fractionDigits > 0 && fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        // Rounding to zero never prints "-0".
        let sign = units < 0 ? "-" : ""
        guard fractionDigits > 0 else { return "\(sign)\(whole)" }
        let digits = "\(fraction)"
        let padding = String(repeating: "0", count: fractionDigits - digits.count)
        return "\(sign)\(whole).\(padding)\(digits)"
    }

    /// A duration in seconds for messages, e.g. `5`, `0.3`, `0.125` (to the millisecond).
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let total = Double(seconds) + Double(attoseconds) / 1e18
        return format(total, decimals: 3) ?? "\(total)"
    }
}
