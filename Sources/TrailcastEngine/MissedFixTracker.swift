// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import TrailcastCoreLocation

/// Gathers missed epochs into ``MissedFixes`` stretches in bounded memory: the path keeps
/// every `stride`-th epoch and doubles the stride (dropping every other point) when full.
struct MissedFixTracker: Sendable {
    private var stretch: MissedFixes?
    private var stride = 1
    private var last: Coordinate?

    /// An epoch the app missed; the stretch it closes, if the reason changed.
    mutating func miss(_ reason: MissedFixes.Reason, at offset: Double, position: Coordinate) -> MissedFixes? {
        var closed: MissedFixes?
        if let current = stretch, current.reason != reason { closed = close() }
        if stretch == nil {
            stretch = MissedFixes(reason: reason, fixes: 0, sinceOffset: offset, untilOffset: offset, path: [])
            stride = 1
        }
        if stretch!.fixes % stride == 0 {
            stretch!.path.append(position)
            if stretch!.path.count == MissedFixes.pathLimit - 1 {
                stretch!.path = stretch!.path.enumerated().compactMap { $0.offset % 2 == 0 ? $0.element : nil }
                stride *= 2
            }
        }
        stretch!.fixes += 1
        stretch!.untilOffset = offset
        last = position
        return closed
    }

    /// The app got a fix (or the run ends): the open stretch, if any, is over.
    mutating func close() -> MissedFixes? {
        guard var closed = stretch else { return nil }
        if let last, closed.path.last != last { closed.path.append(last) }
        stretch = nil
        last = nil
        return closed
    }
}
