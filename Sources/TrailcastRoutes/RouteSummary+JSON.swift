// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

extension RouteSummary {
    /// The summary as one JSON object and a newline, keys in the documented order.
    ///
    /// Lengths are rounded to the millimetre, degrees to 1e-7, seconds to the millisecond.
    package func jsonLine() -> String {
        var json = JSONLineWriter()
        json.beginObject()
        json.field("file", file)
        json.field("format", format.rawValue)
        json.field("version", metadata.version)
        json.field("creator", metadata.creator)
        json.field("waypoints", waypoints)
        json.field("routes", routes)
        json.field("routePoints", routePoints)
        json.field("tracks", tracks)
        json.field("segments", segments)
        json.field("trackPoints", trackPoints)
        json.field("length2DMeters", length2DMeters, fractionDigits: 3)
        json.field("routeLength2DMeters", routeLength2DMeters, fractionDigits: 3)
        json.field("startTime", startTime?.iso8601())
        json.field("endTime", endTime?.iso8601())
        json.field("durationSeconds", durationSeconds, fractionDigits: 3)
        json.field("movingSeconds", movingSeconds, fractionDigits: 3)
        json.field("minElevationMeters", minElevationMeters, fractionDigits: 3)
        json.field("maxElevationMeters", maxElevationMeters, fractionDigits: 3)
        json.field("elevationGainMeters", elevationGainMeters, fractionDigits: 3)
        json.field("elevationLossMeters", elevationLossMeters, fractionDigits: 3)
        json.key("bounds")
        if let bounds {
            json.beginObject()
            json.field("minLat", bounds.minLatitude, fractionDigits: 7)
            json.field("minLon", bounds.minLongitude, fractionDigits: 7)
            json.field("maxLat", bounds.maxLatitude, fractionDigits: 7)
            json.field("maxLon", bounds.maxLongitude, fractionDigits: 7)
            json.endObject()
        } else {
            json.null()
        }
        json.key("warnings")
        json.beginArray()
        for warning in warnings {
            json.beginObject()
            // A binary file's warning (FIT) has a byte offset where a text file's has a line.
            if let byteOffset = warning.byteOffset {
                json.field("byte", byteOffset)
            } else {
                json.field("line", warning.line)
            }
            json.field("message", warning.message)
            json.endObject()
        }
        if warningCount > warnings.count {
            json.beginObject()
            json.field("line", warnings.last?.line)
            json.field("message", "\(warningCount - warnings.count) more warnings not listed")
            json.endObject()
        }
        json.endArray()
        json.endObject(endingLine: true)
        return String(decoding: json.bytes, as: UTF8.self)
    }
}
