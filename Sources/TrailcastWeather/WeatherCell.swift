// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A square of the latitude/longitude grid that weather answers are cached by: every
/// place inside it shares one answer per freshness window.
///
/// The cell is named by its south-west corner, `"37.80,-122.42"` for 0.01° cells.
package struct WeatherCell: Hashable, Sendable, CustomStringConvertible {
    /// Index of the row: floor(latitude / size).
    package var row: Int64
    /// Index of the column: floor(longitude / size).
    package var column: Int64
    /// The side of the cell in degrees.
    package var sizeDegrees: Double

    /// The cell holding a place, with longitudes wrapped to -180..<180.
    package init(latitude: Double, longitude: Double, sizeDegrees: Double) {
        var wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        if wrapped < 0 { wrapped += 360 }
        // The nudge keeps a place typed on a cell edge (47.01) in the cell it names:
        // 47.01 / 0.01 is 4700.999... in binary.
        row = Int64((min(90, max(-90, latitude)) / sizeDegrees + 1e-9).rounded(.down))
        column = Int64(((wrapped - 180) / sizeDegrees + 1e-9).rounded(.down))
        self.sizeDegrees = sizeDegrees
    }

    /// The south-west corner, with as many decimals as the size needs.
    package var description: String {
        let decimals = Self.decimals(for: sizeDegrees)
        return
            "\(Self.format(Double(row) * sizeDegrees, decimals: decimals)),\(Self.format(Double(column) * sizeDegrees, decimals: decimals))"
    }

    /// A cell size as its cells' names write it (`0.01`, `0.5`), for file names.
    package static func describe(sizeDegrees size: Double) -> String {
        format(size, decimals: decimals(for: size))
    }

    /// Decimals that show a multiple of `size` exactly (2 for 0.01, 1 for 0.5, 3 for 0.025).
    static func decimals(for size: Double) -> Int {
        for decimals in 0...6 {
            let scaled = size * pow10(decimals)
            if abs(scaled - scaled.rounded()) < 1e-9 * max(1, scaled) { return decimals }
        }
        return 6
    }

    static func format(_ value: Double, decimals: Int) -> String {
        let scale = pow10(decimals)
        let scaled = Int64((value * scale).rounded())
        let sign = scaled < 0 ? "-" : ""
        let magnitude = scaled.magnitude
        guard decimals > 0 else { return "\(sign)\(magnitude)" }
        let whole = magnitude / UInt64(scale)
        let fraction = String(magnitude % UInt64(scale))
        return "\(sign)\(whole).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
    }

    private static func pow10(_ exponent: Int) -> Double {
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
