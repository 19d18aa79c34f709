// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
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

/// A rectangle of Web Mercator's plane (x across, y down); empty until a point is included.
struct MercatorBox: Equatable, Sendable {
    var minX = Double.infinity
    var maxX = -Double.infinity
    var minY = Double.infinity
    var maxY = -Double.infinity

    var isEmpty: Bool { !(minX <= maxX && minY <= maxY) }

    mutating func include(_ x: Double, _ y: Double) {
        guard x.isFinite, y.isFinite else { return }
        minX = Swift.min(minX, x)
        maxX = Swift.max(maxX, x)
        minY = Swift.min(minY, y)
        maxY = Swift.max(maxY, y)
    }

    /// Whether every point of `other` lies in this box (an empty one always does).
    func contains(_ other: MercatorBox) -> Bool {
        other.isEmpty || (minX <= other.minX && other.maxX <= maxX && minY <= other.minY && other.maxY <= maxY)
    }
}
