// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A whole GPX file in memory: for small files, tests and tools that need random access.
///
/// Built on ``GPXStreamReader``; prefer the reader itself for tracks of unknown size.
package struct GPXDocument: Sendable, Equatable {
    /// A route and its points.
    package struct Route: Sendable, Equatable {
        package var info: GPXPathInfo
        package var points: [GPXPoint]
    }

    /// A track and its segments of points.
    package struct Track: Sendable, Equatable {
        package var info: GPXPathInfo
        package var segments: [[GPXPoint]]
    }

    package var metadata = GPXMetadata()
    package var waypoints: [GPXPoint] = []
    package var routes: [Route] = []
    package var tracks: [Track] = []
    package var warnings: [GPXWarning] = []

    /// Reads the whole file at `path`.
    package init(contentsOfFile path: String, options: GPXStreamReader.Options = .init()) throws(GPXError) {
        try self.init(reader: GPXStreamReader(contentsOfFile: path, options: options))
    }

    /// Reads a whole document from bytes.
    package init(bytes: [UInt8], name: String = "<memory>", options: GPXStreamReader.Options = .init()) throws(GPXError) {
        try self.init(reader: GPXStreamReader(bytes: bytes, name: name, options: options))
    }

    private init(reader: GPXStreamReader) throws(GPXError) {
        while let event = try reader.next() {
            switch event {
            case .metadata(let metadata): self.metadata = metadata
            case .waypoint(let point): waypoints.append(point)
            case .beginRoute(let info): routes.append(Route(info: info, points: []))
            case .routePoint(let point): routes[routes.count - 1].points.append(point)
            case .beginTrack(let info): tracks.append(Track(info: info, segments: []))
            case .beginSegment: tracks[tracks.count - 1].segments.append([])
            case .trackPoint(let point):
                tracks[tracks.count - 1].segments[tracks[tracks.count - 1].segments.count - 1].append(point)
            case .warning(let warning): warnings.append(warning)
            case .endRoute, .endSegment, .endTrack: break
            }
        }
    }
}
