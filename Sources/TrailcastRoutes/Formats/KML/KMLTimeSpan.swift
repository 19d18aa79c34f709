// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// A KML placemark's `<TimeSpan>` (`<begin>`, `<end>`), as it times the placemark's
/// `<LineString>`: the line's points share the span evenly, the first at `begin`, the last
/// at `end`, each the same whole number of milliseconds after the one before, as GPSBabel's
/// KML reader (kml.cc) spreads it; so a line of drawn points replays in the time the
/// placemark gives it, and agrees with GPSBabel point for point. A span after the line,
/// or with only one of its two ends, leaves the line untimed (timed at `--travel-speed`).
///
/// The count of points is known only at the line's end: they wait in a ``SpillQueue``
/// (memory, then a temporary file), so a long line costs disk, not memory.
struct KMLTimeSpan {
    var begin: Timestamp?
    var end: Timestamp?
    /// The current line's points wait for their share of the span.
    var spreadsOverLine = false
    var lineTuples = SpillQueue<SpilledCoordinate>()

    /// A `<LineString>` starts: timed by the span when both its ends came before it.
    mutating func beginLine() {
        lineTuples.removeAll()
        spreadsOverLine = begin != nil && end != nil
    }

    /// The time of the point at `index` of `count`: `begin` plus `index` steps of the span
    /// divided among the `count - 1` legs, in whole milliseconds (truncated).
    func time(ofPoint index: Int64, of count: Int64) -> Timestamp? {
        guard let begin, let end else { return nil }
        let spanNanoseconds =
            (end.secondsSince1970 - begin.secondsSince1970) * 1_000_000_000
            + Int64(end.nanoseconds) - Int64(begin.nanoseconds)
        let step = count > 1 ? spanNanoseconds / 1_000_000 / (count - 1) : 0
        let nanoseconds = Int64(begin.nanoseconds) + index * step * 1_000_000
        let carry = nanoseconds.floorDivided(by: 1_000_000_000)
        return Timestamp(
            secondsSince1970: begin.secondsSince1970 + carry, nanoseconds: Int32(nanoseconds - carry * 1_000_000_000))
    }
}
