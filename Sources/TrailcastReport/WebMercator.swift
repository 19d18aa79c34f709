#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The projection of web maps: longitude and latitude to 0...1 across and down, north up.
enum WebMercator {
    /// Latitudes beyond this are clamped (the projection goes to infinity at the poles).
    static let maximumLatitude = 85.051129

    static func x(longitude: Double) -> Double { (longitude + 180) / 360 }

    static func y(latitude: Double) -> Double {
        let clamped = min(max(latitude, -maximumLatitude), maximumLatitude) * .pi / 180
        return (1 - log(tan(clamped) + 1 / cos(clamped)) / .pi) / 2
    }

    static func latitude(y: Double) -> Double {
        atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi
    }

    /// Metres on the ground per unit of projected x at a latitude (the scale bar's basis).
    static func metersPerUnit(atLatitude latitude: Double) -> Double {
        40_075_016.686 * cos(latitude * .pi / 180)
    }
}
