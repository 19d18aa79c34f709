// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastBasics
/// What a GPX file says about itself: the root's attributes and `<metadata>`
/// (or, in GPX 1.0, the same elements directly under `<gpx>`).
package struct RouteMetadata: Sendable, Equatable {
    /// The `version` attribute, or the version implied by the namespace when it is missing.
    package var version: String?
    /// The `creator` attribute: the program or device that wrote the file.
    package var creator: String?
    package var name: String?
    package var description: String?
    package var time: Timestamp?

    package init(
        version: String? = nil, creator: String? = nil, name: String? = nil,
        description: String? = nil, time: Timestamp? = nil
    ) {
        self.version = version
        self.creator = creator
        self.name = name
        self.description = description
        self.time = time
    }
}

/// The descriptive fields of a `<trk>` or `<rte>`, which precede its points in a valid file.
package struct RoutePathInfo: Sendable, Equatable {
    package var name: String?
    package var description: String?
    package var type: String?
    /// Where the path's start tag ends in the file.
    package var line: Int

    package init(name: String? = nil, description: String? = nil, type: String? = nil, line: Int = 0) {
        self.name = name
        self.description = description
        self.type = type
        self.line = line
    }
}
