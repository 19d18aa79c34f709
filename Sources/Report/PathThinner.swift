/// A polyline in bounded memory, whatever its length: points come in one at a time, and
/// when the buffer is full the least important half goes (the smallest triangle each point
/// makes with its neighbours, as Visvalingam-Whyatt rank them), never the first or last
/// point, and never a point where the kind of line changes while such points are few.
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

    /// Drops the least important points until at most `target` remain.
    mutating func thin(to target: Int) {
        var protectChanges = true
        var passes = 0
        while points.count > target && passes < 64 {
            passes += 1
            let before = points.count
            removeSmallest(points.count - target, protectChanges: protectChanges)
            // Too many changes of kind to keep them all: let them go like any other point.
            if points.count == before { protectChanges = false }
        }
    }

    private func isProtected(_ index: Int, protectChanges: Bool) -> Bool {
        let point = points[index]
        if point.breaksBefore || points[index + 1].breaksBefore { return true }
        return protectChanges && (points[index - 1].kind != point.kind || points[index + 1].kind != point.kind)
    }

    /// One pass: removes up to `count` interior points of smallest area, never two
    /// neighbours in one pass (so every area it ranks by stays true while it removes).
    private mutating func removeSmallest(_ count: Int, protectChanges: Bool) {
        guard points.count > 2 else { return }
        var candidates: [(area: Double, index: Int)] = []
        candidates.reserveCapacity(points.count)
        for index in 1..<(points.count - 1) where !isProtected(index, protectChanges: protectChanges) {
            let a = points[index - 1], b = points[index], c = points[index + 1]
            let area = abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y))
            candidates.append((area, index))
        }
        candidates.sort { $0.area != $1.area ? $0.area < $1.area : $0.index < $1.index }
        var remove = [Bool](repeating: false, count: points.count)
        var removed = 0
        for candidate in candidates where removed < count {
            let index = candidate.index
            if remove[index - 1] || remove[index + 1] { continue }
            remove[index] = true
            removed += 1
        }
        var kept: [Point] = []
        kept.reserveCapacity(points.count - removed)
        for (index, point) in points.enumerated() where !remove[index] { kept.append(point) }
        points = kept
    }
}
