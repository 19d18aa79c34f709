// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The places nearest a position, fast for any number of places: a k-d tree over the
/// places as points on the unit sphere, where the straight-line (chord) distance grows
/// with the great-circle distance, so that the nearest by chord are the nearest on the
/// ground, across the antimeridian and near the poles alike.
///
/// ```swift
/// let index = NearestPlaces(places)
/// for found in index.nearest(5, latitude: 37.8, longitude: -122.4) {
///     print(places[found.index].name, found.distanceMeters)
/// }
/// ```
package struct NearestPlaces: Sendable {
    private struct Node: Sendable {
        var point: SIMD3<Double>
        var place: Int
        /// 0, 1 or 2: the coordinate this node splits on.
        var axis: Int
    }

    /// The tree laid out as a sorted array: the node of a range is its middle element.
    private var nodes: [Node]
    /// Each place's position, by its index in the file, for the distances on the ground.
    private let positions: [(latitude: Double, longitude: Double)]

    package var count: Int { nodes.count }

    package init(_ places: [Place]) {
        positions = places.map { ($0.latitude, $0.longitude) }
        nodes = places.enumerated().map { index, place in
            Node(point: Self.unitVector(latitude: place.latitude, longitude: place.longitude), place: index, axis: 0)
        }
        build(0, nodes.count, depth: 0)
    }

    /// The `count` places nearest the position, nearest first (equal distances: the earlier
    /// place in the file first), with their great-circle distances.
    package func nearest(_ count: Int, latitude: Double, longitude: Double) -> [(index: Int, distanceMeters: Double)] {
        guard count > 0, !nodes.isEmpty else { return [] }
        let target = Self.unitVector(latitude: latitude, longitude: longitude)
        var best = BoundedBest(capacity: min(count, nodes.count))
        search(0, nodes.count, target: target, best: &best)
        return best.sorted.map { found in
            let place = positions[found.place]
            return (
                found.place,
                GreatCircle.distanceMeters(
                    latitude1: latitude, longitude1: longitude, latitude2: place.latitude, longitude2: place.longitude)
            )
        }
    }

    // MARK: building and searching

    private mutating func build(_ start: Int, _ end: Int, depth: Int) {
        guard end - start > 1 else {
            if end - start == 1 { nodes[start].axis = depth % 3 }
            return
        }
        let axis = depth % 3
        let middle = (start + end) / 2
        // Sorting the range is O(n log n) per level, O(n log² n) in all: 100,000 places in
        // well under a second, once per run.
        nodes[start..<end].sort { a, b in
            a.point[axis] != b.point[axis] ? a.point[axis] < b.point[axis] : a.place < b.place
        }
        nodes[middle].axis = axis
        build(start, middle, depth: depth + 1)
        build(middle + 1, end, depth: depth + 1)
    }

    private func search(_ start: Int, _ end: Int, target: SIMD3<Double>, best: inout BoundedBest) {
        guard start < end else { return }
        let middle = (start + end) / 2
        let node = nodes[middle]
        let difference = node.point - target
        best.offer(place: node.place, squaredChord: (difference * difference).sum())
        let split = target[node.axis] - node.point[node.axis]
        let (near, far) = split < 0 ? ((start, middle), (middle + 1, end)) : ((middle + 1, end), (start, middle))
        search(near.0, near.1, target: target, best: &best)
        if !best.isFull || split * split <= best.worst {
            search(far.0, far.1, target: target, best: &best)
        }
    }

    /// The k best so far, kept sorted (k is small: a screen's worth of places).
    private struct BoundedBest {
        let capacity: Int
        var sorted: [(place: Int, squaredChord: Double)] = []

        init(capacity: Int) {
            self.capacity = capacity
            sorted.reserveCapacity(capacity + 1)
        }

        var isFull: Bool { sorted.count >= capacity }
        var worst: Double { sorted.last?.squaredChord ?? .infinity }

        mutating func offer(place: Int, squaredChord: Double) {
            if isFull {
                guard let last = sorted.last, (squaredChord, place) < (last.squaredChord, last.place) else { return }
            }
            let position = sorted.firstIndex { (squaredChord, place) < ($0.squaredChord, $0.place) } ?? sorted.count
            sorted.insert((place, squaredChord), at: position)
            if sorted.count > capacity { sorted.removeLast() }
        }
    }

    static func unitVector(latitude: Double, longitude: Double) -> SIMD3<Double> {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        return SIMD3(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }
}
