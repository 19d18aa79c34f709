// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastBasics
/// What a GPX file says about itself: the root's attributes and `<metadata>`
/// (or, in GPX 1.0, the same elements directly under `<gpx>`).
public struct GPXMetadata: Sendable, Equatable {
    /// The `version` attribute, or the version implied by the namespace when it is missing.
    public var version: String?
    /// The `creator` attribute: the program or device that wrote the file.
    public var creator: String?
    public var name: String?
    public var description: String?
    public var time: Timestamp?

    public init(
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
public struct GPXPathInfo: Sendable, Equatable {
    public var name: String?
    public var description: String?
    public var type: String?
    /// Where the path's start tag ends in the file.
    public var line: Int

    public init(name: String? = nil, description: String? = nil, type: String? = nil, line: Int = 0) {
        self.name = name
        self.description = description
        self.type = type
        self.line = line
    }
}
