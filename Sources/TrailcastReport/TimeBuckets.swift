// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Something that can stand for a span of time and absorb its neighbour's span.
protocol BucketValue: Sendable {
    mutating func merge(_ later: Self)
}

/// Values over simulated time in at most `capacity` buckets, whatever the run's length:
/// buckets start one second wide and double (neighbours merging) whenever an offset falls
/// past the last, so memory stays bounded and a chart gets about one bucket per pixel.
struct TimeBuckets<Value: BucketValue>: Sendable {
    let capacity: Int
    private(set) var width = 1.0
    private(set) var buckets: [Value?] = []

    init(capacity: Int) {
        self.capacity = max(capacity, 2)
    }

    /// The bucket index of an offset, widening the buckets first if it falls past the last.
    mutating func index(for offset: Double) -> Int? {
        guard offset.isFinite, offset >= 0 else { return nil }
        while offset / width >= Double(capacity) { widen() }
        let index = Int(offset / width)
        if index >= buckets.count { buckets.append(contentsOf: repeatElement(nil, count: index - buckets.count + 1)) }
        return index
    }

    mutating func update(at offset: Double, _ body: (inout Value?) -> Void) {
        guard let index = index(for: offset) else { return }
        body(&buckets[index])
    }

    /// The start offset of a bucket.
    func start(of index: Int) -> Double { Double(index) * width }

    private mutating func widen() {
        var merged: [Value?] = []
        merged.reserveCapacity((buckets.count + 1) / 2)
        var index = 0
        while index < buckets.count {
            var value = buckets[index]
            if index + 1 < buckets.count, let later = buckets[index + 1] {
                if value == nil { value = later } else { value!.merge(later) }
            }
            merged.append(value)
            index += 2
        }
        buckets = merged
        width *= 2
    }
}

/// The weather the app showed within a bucket: the extremes of each series (with when, so
/// that the drawn line keeps peaks in time order), the wettest hour, the last condition.
struct WeatherBucket: BucketValue {
    var observations = 0
    var temperature = Extremes()
    var apparentTemperature = Extremes()
    var precipitationMm = 0.0
    var weatherCode = 0
    var condition = ""
    var stale = 0

    mutating func merge(_ later: WeatherBucket) {
        observations += later.observations
        temperature.merge(later.temperature)
        apparentTemperature.merge(later.apparentTemperature)
        precipitationMm = max(precipitationMm, later.precipitationMm)
        weatherCode = later.weatherCode
        condition = later.condition
        stale += later.stale
    }
}

/// The lowest and highest value in a span, and when each came.
struct Extremes: Sendable {
    var low = Double.infinity
    var lowOffset = 0.0
    var high = -Double.infinity
    var highOffset = 0.0

    var isEmpty: Bool { low > high }

    mutating func add(_ value: Double, at offset: Double) {
        guard value.isFinite else { return }
        if value < low { low = value; lowOffset = offset }
        if value > high { high = value; highOffset = offset }
    }

    mutating func merge(_ later: Extremes) {
        if later.low < low { low = later.low; lowOffset = later.lowOffset }
        if later.high > high { high = later.high; highOffset = later.highOffset }
    }
}

/// A state band's time in each state within a bucket (states are small numbers).
struct StateDurations: BucketValue {
    var seconds: [Double] = []

    mutating func add(_ duration: Double, to state: Int) {
        if seconds.count <= state { seconds.append(contentsOf: repeatElement(0, count: state - seconds.count + 1)) }
        seconds[state] += duration
    }

    mutating func merge(_ later: StateDurations) {
        for (state, duration) in later.seconds.enumerated() { add(duration, to: state) }
    }

    /// The state held longest (the first of equals); nil when no time was spent.
    var dominant: Int? {
        var best: Int?
        for (state, duration) in seconds.enumerated() where duration > 0 {
            if best == nil || duration > seconds[best!] { best = state }
        }
        return best
    }
}
