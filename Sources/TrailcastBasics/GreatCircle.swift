// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Distances on a spherical Earth.
package enum GreatCircle {
    /// The IUGG mean Earth radius, R1.
    package static let meanEarthRadiusMeters = 6_371_008.8

    /// The haversine distance between two coordinates in degrees.
    package static func distanceMeters(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
    ) -> Double {
        let phi1 = latitude1 * .pi / 180
        let phi2 = latitude2 * .pi / 180
        let deltaPhi = phi2 - phi1
        let deltaLambda = (longitude2 - longitude1) * .pi / 180
        let sinHalfPhi = sin(deltaPhi / 2)
        let sinHalfLambda = sin(deltaLambda / 2)
        let h = sinHalfPhi * sinHalfPhi + cos(phi1) * cos(phi2) * sinHalfLambda * sinHalfLambda
        return 2 * meanEarthRadiusMeters * asin(min(1, h.squareRoot()))
    }
}
