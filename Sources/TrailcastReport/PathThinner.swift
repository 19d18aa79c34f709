// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A polyline in bounded memory, whatever its length: points come in one at a time, and
/// when the buffer is full the least important go (the smallest triangle each point makes
/// with its neighbours, as Visvalingam-Whyatt rank them, below one threshold for the whole
/// line), never the first or last point, and never a point where the kind of line changes
/// while such points are few.
///
/// Deterministic: the same points in the same order always keep the same points.
struct PathThinner<Kind: Equatable & Sendable>: Sendable {
    struct Point: Sendable, Equatable {
        /// Web Mercator, 0...1 both ways (``WebMercator``), so areas compare fairly.
        var x: Double
        var y: Double
        /// The kind of line arriving at this point (the segment from the previous one).
        var kind: Kind
        /// Whether the line is broken before this point (no segment from the previous one).
        var breaksBefore: Bool
    }

    let capacity: Int
    private(set) var points: [Point] = []
    /// How many points came in.
    private(set) var received = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 8)
    }

    mutating func add(_ point: Point) {
        received += 1
        if let last = points.last, last.x == point.x, last.y == point.y, last.kind == point.kind, !point.breaksBefore {
            return
        }
        points.append(point)
        if points.count >= 2 * capacity { thin(to: capacity) }
    }

    /// The area (in squared projected units) below which a point is not worth drawing.
    /// One threshold for the whole line, raised as needed, so that old and new parts of a
    /// long run are thinned alike (thinning only the newest points would leave the end of
    /// the run as a few straight strokes).
    private(set) var threshold = 0.0

    /// Drops the least important points until at most `target` remain.
    mutating func thin(to target: Int) {
        guard points.count > target else { return }
        if threshold == 0 { threshold = startingThreshold() }
        var protectChanges = true
        var raises = 0
        while points.count > target {
            removeAll(below: threshold, protectChanges: protectChanges)
            guard points.count > target else { break }
            threshold *= 2
            raises += 1
            // Projected areas are below 1: past that, only protected points are left, too
            // many of them; let changes of kind go like any other point.
            if threshold > 4 || raises > 200 {
                if !protectChanges { break }
                protectChanges = false
            }
        }
    }

    /// The median area of the points now held: a first threshold that removes about half.
    private func startingThreshold() -> Double {
        var areas: [Double] = []
        areas.reserveCapacity(points.count)
        for index in 1..<max(points.count - 1, 1) { areas.append(area(at: index)) }
        areas.sort()
        let median = areas.isEmpty ? 0 : areas[areas.count / 2]
        return median > 0 ? median : (areas.first { $0 > 0 } ?? 1e-18)
    }

    /// A point's importance: the triangle it makes with its neighbours, or, for the tip of
    /// an out-and-back (a pier walked to its end and back, whose triangle is flat), the
    /// square of the detour it makes.
    private func area(at index: Int) -> Double {
        let a = points[index - 1], b = points[index], c = points[index + 1]
        let triangle = abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y))
        func length(_ p: Point, _ q: Point) -> Double {
            ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
        }
        let detour = length(a, b) + length(b, c) - length(a, c)
        return max(triangle, detour * detour / 4)
    }

    /// Removes every interior point whose area is below `limit`, smallest first, in passes
    /// that never remove two neighbours (so each area ranked is still true), until none is.
    private mutating func removeAll(below limit: Double, protectChanges: Bool) {
        while points.count > 2 {
            var candidates: [(area: Double, index: Int)] = []
            for index in 1..<(points.count - 1) where !isProtected(index, protectChanges: protectChanges) {
                let area = area(at: index)
                if area < limit { candidates.append((area, index)) }
            }
            guard !candidates.isEmpty else { return }
            candidates.sort { $0.area != $1.area ? $0.area < $1.area : $0.index < $1.index }
            var remove = [Bool](repeating: false, count: points.count)
            for candidate in candidates where !remove[candidate.index - 1] && !remove[candidate.index + 1] {
                remove[candidate.index] = true
            }
            var kept: [Point] = []
            kept.reserveCapacity(points.count)
            for (index, point) in points.enumerated() where !remove[index] { kept.append(point) }
            points = kept
        }
    }

    private func isProtected(_ index: Int, protectChanges: Bool) -> Bool {
        let point = points[index]
        if point.breaksBefore || points[index + 1].breaksBefore { return true }
        return protectChanges && (points[index - 1].kind != point.kind || points[index + 1].kind != point.kind)
    }
}
