// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastWeather

/// The `end` event: totals of a run, also when it was interrupted.
public struct ReplaySummary: Sendable, Equatable {
    /// Points of the replayed source in the file (on one play of it; those read so far
    /// when the run was interrupted during the first).
    public var points: Int
    /// Locations delivered to the app.
    public var locations: Int
    /// Distance the simulated device moved along the true route (every fix, delivered or
    /// not, without the GPS error; the jump back to the start between loops is not counted).
    public var distanceMeters: Double
    /// Simulated seconds from start to end.
    public var simulatedSeconds: Double
    /// Real seconds the run took: the only figure that differs between identical runs.
    public var wallSeconds: Double
    /// Whether the run was stopped (by a signal or task cancellation) before its end.
    public var interrupted: Bool
    /// The error that ended the run before its route did (a route that breaks partway, a
    /// feed whose peer went away), in its one line as on standard error; nil otherwise.
    public var error: String?
    /// What the weather service did.
    public var weather: WeatherStatistics

    package init(
        points: Int = 0, locations: Int = 0, distanceMeters: Double = 0, simulatedSeconds: Double = 0,
        wallSeconds: Double = 0, interrupted: Bool = false, error: String? = nil, weather: WeatherStatistics = .init()
    ) {
        self.points = points
        self.locations = locations
        self.distanceMeters = distanceMeters
        self.simulatedSeconds = simulatedSeconds
        self.wallSeconds = wallSeconds
        self.interrupted = interrupted
        self.error = error
        self.weather = weather
    }

    /// Why the run ended: `finished` (its route, loops and schedule done), `interrupted` (a
    /// signal, a cancelled task) or `error` (``error`` says which).
    public var reason: String { error != nil ? "error" : interrupted ? "interrupted" : "finished" }
}

extension ReplaySummary: TimelineEventBody {
    static let eventType = "end"
    static let textColor = TimelineTextColor.bold
    static var example: ReplaySummary { ReplaySummary() }

    func writeFields(to fields: inout some TimelineFields) {
        fields.integer("points", points)
        fields.integer("locations", locations)
        fields.number("distanceMeters", distanceMeters, digits: TimelinePrecision.distance)
        fields.number("simulatedSeconds", simulatedSeconds, digits: TimelinePrecision.offset)
        fields.number("wallSeconds", wallSeconds, digits: TimelinePrecision.offset)
        fields.integer("weatherLookups", weather.lookups)
        fields.integer("weatherNetworkFetches", weather.networkFetches)
        fields.integer("weatherCacheHits", weather.cacheHits)
        fields.integer("weatherErrors", weather.errors)
        fields.string("reason", reason, among: ["finished", "interrupted", "error"])
        fields.string("message", error)
    }

    /// `1840 points read, 1839 locations, 2210.4 m, 1839 s simulated; weather ...; 0.5 s wall (finished)`
    func appendText(to bytes: inout [UInt8]) {
        var text = "\(points) point\(points == 1 ? "" : "s") read, "
        text +=
            "\(locations) location\(locations == 1 ? "" : "s"), \(TextTimelineFormat.number(distanceMeters, digits: 1)) m, "
        text += "\(TextTimelineFormat.number(simulatedSeconds, digits: 3)) s simulated; "
        if weather.lookups > 0 {
            text += "weather \(weather.lookups) lookup\(weather.lookups == 1 ? "" : "s"), "
            text += "\(weather.networkFetches) network, \(weather.cacheHits) cached, "
            text += "\(weather.errors) error\(weather.errors == 1 ? "" : "s"); "
        }
        text += "\(TextTimelineFormat.number(wallSeconds, digits: 3)) s wall"
        // Why it ended, as the other formats' `reason` says it.
        if let error {
            // A line that is only an error (no file first) says so once.
            let line = error.hasPrefix("error: ") ? String(error.dropFirst(7)) : error
            text += " (stopped by an error: \(line))"
        } else {
            text += " (\(reason))"
        }
        bytes.append(contentsOf: text.utf8)
    }
}
