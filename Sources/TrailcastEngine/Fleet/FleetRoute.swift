// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
package import TrailcastDevice
package import TrailcastRoutes
import TrailcastSettings

/// A route read once and driven by every device dealt it: its fixes timed as `replay` times
/// them (``RouteTimer`` at the fleet's interval), kept packed (48 bytes a fix), with times as
/// offsets from the route's first fix.
///
/// This is the one place Trailcast holds a route whole: a thousand devices at a thousand
/// places along the same route need it at random, and a reader per device would hold a
/// thousand parsers. The fixes a route may have are bounded (``maximumFixes``), so memory
/// is bounded whatever the file.
package final class FleetRoute: Sendable {
    /// Two million fixes (96 MB): 23 days of a 1 Hz route.
    package static let maximumFixes = 2_000_000

    /// The file's path as given.
    package let name: String
    /// The fixes, a column per field.
    let columns: Columns
    /// How long one pass takes: from the first fix to one interval after the last, where
    /// the next pass starts.
    package let passSeconds: Double

    /// Reads and times the route of a route file (its track; else its route points; else its
    /// waypoints, as `replay` chooses), in `format` (nil: by its extension, else its content).
    package convenience init(
        file: String, format: RouteFormat? = nil, intervalSeconds: Double, maximumFixes: Int = FleetRoute.maximumFixes
    ) throws(FleetRouteError) {
        var configuration = ReplayConfiguration(intervalSeconds: intervalSeconds)
        configuration.routeFormat = format
        var stream: RouteFixStream
        do {
            stream = try RouteFixStream(file: file, source: .auto, configuration: configuration, options: .init())
        } catch {
            throw .unreadable(error)
        }
        var fixes: [RouteFix] = []
        var columns = Columns()
        do {
            while true {
                fixes.removeAll(keepingCapacity: true)
                let more = try stream.fill(&fixes, upTo: 4096)
                for routeFix in fixes {
                    guard columns.count < maximumFixes else {
                        throw FleetRouteError.tooLong(file: file, maximumFixes: maximumFixes)
                    }
                    columns.append(routeFix.fix)
                }
                if !more { break }
            }
        } catch let error as RouteError {
            throw .unreadable(error)
        } catch let error as FleetRouteError {
            throw error
        } catch {
            preconditionFailure("RouteFixStream throws only RouteError")
        }
        guard columns.count > 0 else { throw .empty(file: file) }
        self.init(name: file, columns: columns, intervalSeconds: intervalSeconds)
    }

    /// A route from fixes given in code (their times give the offsets).
    package convenience init(name: String, fixes: [LocationFix], intervalSeconds: Double) {
        var columns = Columns()
        for fix in fixes { columns.append(fix) }
        self.init(name: name, columns: columns, intervalSeconds: intervalSeconds)
    }

    private init(name: String, columns: Columns, intervalSeconds: Double) {
        self.name = name
        self.columns = columns
        passSeconds = (columns.offsets.last ?? 0) + intervalSeconds
    }

    /// How many fixes one pass has.
    package var count: Int { columns.count }

    /// The offset of fix `index` from the route's first fix, in seconds.
    func offset(_ index: Int) -> Double { columns.offsets[index] }

    /// The route's fix `index`, at `time` (the pass's start plus its offset).
    func fix(_ index: Int, at time: Timestamp) -> RouteFix {
        let altitude = columns.altitudes[index]
        return RouteFix(
            fix: LocationFix(
                time: time, latitude: columns.latitudes[index], longitude: columns.longitudes[index],
                altitudeMeters: altitude.isNaN ? nil : Double(altitude),
                horizontalAccuracyMeters: Double(columns.accuracies[index]),
                verticalAccuracyMeters: altitude.isNaN ? nil : Double(columns.verticalAccuracies[index]),
                speedMetersPerSecond: Double(columns.speeds[index]), courseDegrees: Double(columns.courses[index]),
                sourceIndex: index))
    }

    /// Packed fixes: a column per field, times as offsets from the first; NaN where the
    /// route has no elevation.
    struct Columns: Sendable {
        var start: Timestamp?
        var offsets: [Double] = []
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        var altitudes: [Float] = []
        var speeds: [Float] = []
        var courses: [Float] = []
        var accuracies: [Float] = []
        var verticalAccuracies: [Float] = []

        var count: Int { offsets.count }

        mutating func append(_ fix: LocationFix) {
            let start = self.start ?? fix.time
            self.start = start
            offsets.append(fix.time.seconds(since: start))
            latitudes.append(fix.latitude)
            longitudes.append(fix.longitude)
            altitudes.append(fix.altitudeMeters.map(Float.init) ?? .nan)
            speeds.append(Float(fix.speedMetersPerSecond))
            courses.append(Float(fix.courseDegrees))
            accuracies.append(Float(fix.horizontalAccuracyMeters))
            verticalAccuracies.append(fix.verticalAccuracyMeters.map(Float.init) ?? .nan)
        }
    }
}

/// A route the fleet cannot drive.
package enum FleetRouteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is missing or malformed (the reader's own error, with its place).
    case unreadable(RouteError)
    /// The file has no point to drive.
    case empty(file: String)
    case tooLong(file: String, maximumFixes: Int)

    package var description: String {
        switch self {
        case .unreadable(let error): error.description
        case .empty(let file): "\(file): error: no track, route or waypoint to drive"
        case .tooLong(let file, let maximumFixes):
            "\(file): error: more than \(maximumFixes) fixes at this interval; a fleet holds its routes in memory, so split the route or lengthen --interval"
        }
    }
}
