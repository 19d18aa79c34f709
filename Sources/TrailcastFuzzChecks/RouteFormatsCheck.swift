// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastRoutes

extension FuzzChecks {
    /// The formats other than GPX, one per input: its first byte chooses one, in
    /// `RouteFormat.allCases`' order modulo their number (0 is KML, 1 KMZ, and so on: a new
    /// format takes the next byte, and the kept inputs keep theirs), the rest is the file.
    /// The checks are the GPX reader's (`checkReader`):
    /// the same events and error whatever the chunk size, points in range, errors of one
    /// line naming the file. Memory and time are bounded by `Fuzz/run`'s limits: a zip bomb,
    /// a FIT definition claiming huge sizes, or JSON nested without end must be refused
    /// within them.
    @Sendable public static func routeFormats(_ bytes: [UInt8]) {
        guard let selector = bytes.first else { return }
        let formats = RouteFormat.allCases.filter { $0 != .gpx }
        checkReader(Array(bytes.dropFirst()), format: formats[Int(selector) % formats.count])
    }
}
