// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastBasics

extension GreatCircle {
    /// The haversine distance between two points.
    package static func distanceMeters(_ a: RoutePoint, _ b: RoutePoint) -> Double {
        distanceMeters(
            latitude1: a.latitude, longitude1: a.longitude,
            latitude2: b.latitude, longitude2: b.longitude)
    }
}
