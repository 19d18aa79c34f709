// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How Core Location's reduced accuracy ("Precise: Off") degrades a fix.
///
/// Positions snap to the centre of a cell about 5 km on a side, so every fix in the
/// same cell gives the same coordinate (deterministically, on every machine), the
/// accuracy radius is at least 3 km, speed and course are unknown, and fixes come at
/// most once per 15 minutes.
package enum ApproximateLocation {
    /// Cell height in degrees of latitude (about 5 km).
    package static let cellDegrees = 0.045
    package static let horizontalAccuracyMeters = 3000.0
    package static let minimumIntervalSeconds = 15.0 * 60

    /// The fix as an app with reduced accuracy receives it.
    package static func approximate(_ fix: LocationFix) -> LocationFix {
        let latitudeIndex = (fix.latitude / cellDegrees).rounded(.down)
        let centerLatitude = min(max((latitudeIndex + 0.5) * cellDegrees, -90), 90)
        // Keep cells roughly square: longitude cells widen toward the poles.
        let longitudeDegrees = cellDegrees / max(cos(centerLatitude * .pi / 180), 0.05)
        let longitudeIndex = ((fix.longitude + 180) / longitudeDegrees).rounded(.down)
        let centerLongitude = min(-180 + (longitudeIndex + 0.5) * longitudeDegrees, 180)
        var approximated = fix
        approximated.latitude = centerLatitude
        approximated.longitude = centerLongitude
        approximated.horizontalAccuracyMeters = max(fix.horizontalAccuracyMeters, horizontalAccuracyMeters)
        approximated.speedMetersPerSecond = -1
        approximated.courseDegrees = -1
        return approximated
    }
}
