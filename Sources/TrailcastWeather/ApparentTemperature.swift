// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(ucrt)
import ucrt
#endif

/// The "feels like" temperature of the Australian Bureau of Meteorology (Steadman 1994,
/// shade, no radiation term).
///
///     AT = T + 0.33 e − 0.70 ws − 4.00
///     e  = RH / 100 × 6.105 × exp(17.27 T / (237.7 + T))
///
/// with `T` the air temperature in °C, `e` the water vapour pressure in hPa, `RH` the relative
/// humidity in percent and `ws` the wind speed at 10 m in m/s. Warm humid air feels warmer,
/// wind feels colder; at 20 °C, 50 % and calm it gives 19.85 °C.
package enum ApparentTemperature {
    /// The apparent temperature in °C, unrounded.
    package static func celsius(
        temperatureCelsius: Double, relativeHumidity: Double, windSpeedMps: Double
    ) -> Double {
        let vapourPressure =
            relativeHumidity / 100 * 6.105
            * exp(17.27 * temperatureCelsius / (237.7 + temperatureCelsius))
        return temperatureCelsius + 0.33 * vapourPressure - 0.70 * windSpeedMps - 4.00
    }
}
