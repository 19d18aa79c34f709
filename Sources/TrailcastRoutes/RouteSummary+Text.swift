// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
extension RouteSummary {
    /// A readable multi-line report, one fact per line, ending with a newline.
    package func textReport() -> String {
        var lines = [file]
        func row(_ label: String, _ value: String) {
            lines.append("  " + label.padding(toLength: 11) + value)
        }
        let version = format != .gpx ? format.displayName : metadata.version.map { "GPX \($0)" } ?? "GPX (no version)"
        row("format", version + (metadata.creator.map { ", created by \($0)" } ?? ""))
        if let name = metadata.name { row("name", name) }
        if let time = metadata.time { row("created", time.iso8601(fractionDigits: 0)) }
        row("waypoints", "\(waypoints)")
        row("routes", "\(routes) (\(plural(routePoints, "point")), \(kilometers(routeLength2DMeters)))")
        row("tracks", "\(tracks) (\(plural(segments, "segment")), \(plural(trackPoints, "point")))")
        row("length", kilometers(length2DMeters))
        if let startTime, let endTime {
            row("time", "\(startTime.iso8601(fractionDigits: 0)) to \(endTime.iso8601(fractionDigits: 0))")
        }
        if let durationSeconds {
            let moving = movingSeconds.map { ", moving \(clock($0))" } ?? ""
            row("duration", clock(durationSeconds) + moving)
        }
        if let minElevationMeters, let maxElevationMeters {
            var text = "\(meters(minElevationMeters)) to \(meters(maxElevationMeters))"
            if let elevationGainMeters, let elevationLossMeters {
                text += ", climb \(meters(elevationGainMeters)), descent \(meters(elevationLossMeters))"
            }
            row("elevation", text)
        }
        if let bounds {
            row(
                "bounds",
                "\(degrees(bounds.minLatitude)), \(degrees(bounds.minLongitude)) to "
                    + "\(degrees(bounds.maxLatitude)), \(degrees(bounds.maxLongitude))")
        }
        row("warnings", warningCount == 0 ? "none" : "\(warningCount)")
        for warning in warnings {
            lines.append(
                "    " + (warning.byteOffset.map { "byte \($0)" } ?? "line \(warning.line)") + ": \(warning.message)")
        }
        if warningCount > warnings.count {
            lines.append("    ... \(warningCount - warnings.count) more")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

private func kilometers(_ meters: Double) -> String {
    fixed(meters / 1000, digits: 2) + " km"
}

private func meters(_ value: Double) -> String {
    fixed(value, digits: 1) + " m"
}

private func degrees(_ value: Double) -> String {
    fixed(value, digits: 5)
}

/// `h:mm:ss`, for durations.
private func clock(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    let minutesAndSeconds = String(format2: total / 60 % 60) + ":" + String(format2: total % 60)
    return "\(total / 3600):" + minutesAndSeconds
}

private func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value.magnitude * scale).rounded())
    let integer = scaled / Int(scale)
    var fraction = String(scaled % Int(scale))
    while fraction.count < digits { fraction = "0" + fraction }
    let sign = value < 0 && scaled != 0 ? "-" : ""
    return digits == 0 ? "\(sign)\(integer)" : "\(sign)\(integer).\(fraction)"
}

extension String {
    fileprivate init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }

    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
