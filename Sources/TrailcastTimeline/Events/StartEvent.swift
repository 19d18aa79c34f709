// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import TrailcastBasics
public import TrailcastSettings

/// The `start` event: the file, the points chosen, and the effective settings.
public struct ReplayStart: Sendable, Equatable {
    /// The path as given.
    public var file: String
    /// The kind of points replayed: never `auto`, unless a run from standard input was
    /// interrupted before its first point arrived.
    public var source: ReplaySource
    /// How many points of that kind there are, when known before the run: for points
    /// given in code. A file is read once, as it is replayed, so its count is in `end`
    /// (``ReplaySummary/points``) and this is nil.
    public var points: Int?
    /// The settings in effect for the run, defaults included, written as the event's `settings` object.
    public var settings: ReplayConfiguration

    package init(file: String, source: ReplaySource, points: Int?, settings: ReplayConfiguration) {
        self.file = file
        self.source = source
        self.points = points
        self.settings = settings
    }
}

extension ReplayStart: TimelineEventBody {
    static let eventType = "start"
    static let textColor = TimelineTextColor.bold
    static var example: ReplayStart {
        ReplayStart(file: "walk.gpx", source: .track, points: nil, settings: ReplayConfiguration())
    }

    func writeFields(to fields: inout some TimelineFields) {
        fields.string("file", file)
        fields.choice("source", source)
        fields.integer("points", points)
        // The effective settings, each as its declaration records it (ReplaySetting).
        fields.json("settings") { ReplaySetting.writeStartSettings(settings, to: &$0) }
    }

    /// `gpx/walk.gpx: 1840 track points, virtual time, GPS urban-canyon (±12.0 m typical, seed 7)`
    func appendText(to bytes: inout [UInt8]) {
        let noun: String
        switch source {
        case .track, .auto: noun = "track points"
        case .route: noun = "route points"
        case .waypoints: noun = "waypoints"
        }
        let pace =
            settings.speed == 0
            ? "virtual time" : "real time at \(TextTimelineFormat.number(settings.speed, digits: 3))x"
        var text = points.map { "\(file): \($0) \(noun), \(pace)" } ?? "\(file): \(noun), \(pace)"
        let gps = settings.gps
        if !gps.isPerfect {
            let typical = TextTimelineFormat.number(gps.sigmaMeters * PositionError.accuracyPerSigma, digits: 1)
            text += ", GPS \(gps.name) (±\(typical) m typical, seed \(settings.seed))"
        }
        bytes.append(contentsOf: text.utf8)
    }
}
