// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastRoutes

extension FuzzChecks {
    /// The formats other than GPX, one per input: its first byte chooses KML, KMZ, GeoJSON,
    /// TCX or FIT (0-4, and the rest modulo 5, as the kept inputs were made), NMEA (5, and
    /// 255), CSV (6, and 254) or Google Takeout (7, and 253), the rest is the file. The checks are the GPX reader's (`checkReader`):
    /// the same events and error whatever the chunk size, points in range, errors of one
    /// line naming the file. Memory and time are bounded by `Fuzz/run`'s limits: a zip bomb,
    /// a FIT definition claiming huge sizes, or JSON nested without end must be refused
    /// within them.
    @Sendable public static func routeFormats(_ bytes: [UInt8]) {
        guard let selector = bytes.first else { return }
        let formats: [RouteFormat] = [.kml, .kmz, .geojson, .tcx, .fit]
        let format: RouteFormat =
            switch selector {
            case 5, 255: .nmea
            case 6, 254: .csv
            case 7, 253: .takeout
            default: formats[Int(selector) % formats.count]
            }
        checkReader(Array(bytes.dropFirst()), format: format)
    }
}
