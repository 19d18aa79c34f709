// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
package import TrailcastDevice
package import TrailcastSettings

/// What a fleet is: how many devices, on which routes, with which receivers, what happens to
/// them and when, and which slice of the fleet this process runs. Every device's settings
/// follow from the plan and its global index alone, so any shard of the fleet makes the
/// same devices as the whole (``FleetDevicePlan``).
package struct FleetPlan: Sendable, Equatable {
    /// How many devices the whole fleet has (across every shard).
    package var deviceCount: Int
    /// Seconds between a device's fixes (the route is timed at this interval).
    package var intervalSeconds: Double
    /// Devices start spread evenly over this many seconds from the run's start.
    package var staggerSeconds: Double
    /// The receivers' profiles and their shares of the fleet.
    package var gpsMix: GPSMix
    /// Device ids are this prefix and the global index, zero-padded to ``idWidth`` digits
    /// (`device-000042`).
    package var idPrefix: String
    /// The digits an id's index is padded to (`--id-width`); 0: not padded. An index with
    /// more digits keeps them all, so an id never depends on the fleet's size: the same
    /// device has the same id in a fleet of 1,000 or 1,001, and in any shard (a tracking
    /// server registers devices by id).
    package var idWidth: Int
    /// Seeds every device's receiver, battery and share membership.
    package var seed: UInt64
    /// Changes made to a share of the fleet at a moment of the run.
    package var events: [FleetEvent]
    /// Which devices this process runs.
    package var shard: FleetShard

    package init(
        deviceCount: Int, intervalSeconds: Double = 1, staggerSeconds: Double = 60, gpsMix: GPSMix = .openSky,
        idPrefix: String = "device-", idWidth: Int = FleetPlan.defaultIDWidth, seed: UInt64 = 1,
        events: [FleetEvent] = [],
        shard: FleetShard = .whole
    ) {
        self.deviceCount = deviceCount
        self.intervalSeconds = intervalSeconds
        self.staggerSeconds = staggerSeconds
        self.gpsMix = gpsMix
        self.idPrefix = idPrefix
        self.idWidth = idWidth
        self.seed = seed
        self.events = events
        self.shard = shard
    }

    /// What is wrong with the plan, in the flags' words; nil when it can run.
    package var problem: String? {
        if deviceCount < 1 { return "--devices must be at least 1, not \(deviceCount)" }
        if deviceCount > FleetPlan.maximumDeviceCount {
            return "--devices must be at most \(FleetPlan.maximumDeviceCount), not \(deviceCount)"
        }
        if !(intervalSeconds >= 0.05 && intervalSeconds <= 86_400) {
            return "--interval must be between 0.05 and 86400 seconds"
        }
        if !(staggerSeconds >= 0 && staggerSeconds <= 86_400) { return "--stagger must be between 0 and 24h" }
        if !(0...8).contains(idWidth) { return "--id-width must be 0 (no padding) to 8" }
        if let problem = shard.problem { return problem }
        return nil
    }

    /// Six digits: every index of a million-device fleet, padded alike (`device-000042`).
    package static let defaultIDWidth = 6

    /// How many devices this process's shard runs.
    package var shardDeviceCount: Int { (deviceCount - shard.index + shard.count - 1) / shard.count }

    /// Ten million: the devices' ids and shares are computed over the whole fleet.
    package static let maximumDeviceCount = 10_000_000

    /// The id of the device at a global index: `device-000042`.
    package func deviceID(_ index: Int) -> String {
        let digits = String(index)
        return idPrefix + String(repeating: "0", count: max(idWidth - digits.count, 0)) + digits
    }

    /// When the device at a global index starts, after the run's start.
    package func startOffsetSeconds(_ index: Int) -> Double {
        deviceCount > 1 ? staggerSeconds * Double(index) / Double(deviceCount) : 0
    }
}

/// Which slice of the fleet one process runs: `--shard I/N`, or a Kubernetes Indexed Job's
/// `JOB_COMPLETION_INDEX` with `--shards N`. Devices are dealt in turn (index modulo N), so
/// every shard has its share of each route, receiver and start moment.
package struct FleetShard: Sendable, Equatable, CustomStringConvertible {
    package var index: Int
    package var count: Int

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    package static let whole = FleetShard(index: 0, count: 1)

    /// Parses `I/N` (0-based I).
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    package var problem: String? {
        guard count >= 1, count <= 100_000 else { return "--shard: the count of shards must be between 1 and 100000" }
        guard index >= 0, index < count else {
            return "--shard: the index must be 0 to \(count - 1) for \(count) shards"
        }
        return nil
    }

    /// Whether this shard runs the device at a global index.
    package func contains(_ deviceIndex: Int) -> Bool { deviceIndex % count == index }

    /// The global indices this shard runs, in order.
    package func devices(of deviceCount: Int) -> StrideTo<Int> { stride(from: index, to: deviceCount, by: count) }

    package var description: String { "\(index)/\(count)" }
}

/// `--event OFFSET:KEY=VALUE@PERCENT%`: a scheduled change made to a share of the fleet
/// (every device without `@`). Which devices are in the share follows from the seed and the
/// event's key: the same on every run and in every shard. Shares of one key nest: a later
/// `authorization=always@10%` gives back exactly what `authorization=denied@10%` took, and
/// `signal=lost@25%` holds every device of `signal=lost@10%`.
package struct FleetEvent: Sendable, Equatable, CustomStringConvertible {
    package var event: ScheduledEvent
    /// The share of devices it happens to, 0...100.
    package var percent: Double

    package init(event: ScheduledEvent, percent: Double = 100) {
        self.event = event
        self.percent = percent
    }

    /// Parses `30m:authorization=denied@10%` (the share is optional).
    package init(parsing argument: String) throws(ScheduledEventError) {
        var eventText = Substring(argument)
        var percent = 100.0
        if let at = argument.lastIndex(of: "@") {
            eventText = argument[..<at]
            let shareText = argument[argument.index(after: at)...]
            guard shareText.hasSuffix("%"), let value = Double(shareText.dropLast()), value >= 0, value <= 100,
                shareText.dropLast().allSatisfy({ $0.isNumber || $0 == "." })
            else {
                throw ScheduledEventError(
                    argument: argument, reason: "the share after @ must be a percentage from 0% to 100%, such as @10%")
            }
            percent = value
        }
        let event = try ScheduledEvent(parsing: String(eventText))
        if case .tap = event.change {
            throw ScheduledEventError(
                argument: argument, reason: "a fleet's devices run a tracking app without a screen: taps do not apply")
        }
        self.init(event: event, percent: percent)
    }

    package var description: String { percent == 100 ? event.description : "\(event)@\(Self.format(percent))%" }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// `--gps-mix open-sky:60,urban-canyon:30,indoor:10`: receiver profiles and their weights.
/// Each profile gets its share of the fleet exactly (rounded by largest remainder), the
/// devices chosen by seed.
package struct GPSMix: Sendable, Equatable, CustomStringConvertible {
    package var parts: [(profile: GPSProfile, weight: Double)]

    package init(_ parts: [(profile: GPSProfile, weight: Double)]) {
        self.parts = parts
    }

    package static let openSky = GPSMix([(.openSky, 1)])

    package static func == (left: GPSMix, right: GPSMix) -> Bool {
        left.parts.count == right.parts.count
            && zip(left.parts, right.parts).allSatisfy { $0.profile == $1.profile && $0.weight == $1.weight }
    }

    /// Parses `NAME:WEIGHT,...` (a bare NAME weighs 1); names are the `--gps` presets.
    package init(parsing text: String) throws(GPSMixError) {
        var parts: [(GPSProfile, Double)] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let fields = item.split(separator: ":", omittingEmptySubsequences: false)
            let name = String(fields[0])
            guard let profile = GPSProfile.preset(named: name) else {
                throw GPSMixError(
                    argument: text,
                    reason:
                        "'\(name)' is not a GPS profile; use \(GPSProfile.presets.map(\.name).joined(separator: ", "))")
            }
            var weight = 1.0
            if fields.count == 2 {
                guard let value = Double(fields[1]), value.isFinite, value > 0 else {
                    throw GPSMixError(argument: text, reason: "'\(fields[1])' is not a positive weight")
                }
                weight = value
            } else if fields.count > 2 {
                throw GPSMixError(argument: text, reason: "expected NAME:WEIGHT, such as urban-canyon:30")
            }
            guard !parts.contains(where: { $0.0.name == name }) else {
                throw GPSMixError(argument: text, reason: "'\(name)' is given twice")
            }
            parts.append((profile, weight))
        }
        self.init(parts)
    }

    /// How many of `deviceCount` devices each profile gets: proportional, rounded so the
    /// counts add up (largest remainder, ties to the earlier profile).
    package func counts(of deviceCount: Int) -> [Int] {
        let total = parts.reduce(0) { $0 + $1.weight }
        let exact = parts.map { Double(deviceCount) * $0.weight / total }
        var counts = exact.map { Int($0.rounded(.down)) }
        var left = deviceCount - counts.reduce(0, +)
        let order = exact.indices.sorted {
            (exact[$0] - exact[$0].rounded(.down), -$0) > (exact[$1] - exact[$1].rounded(.down), -$1)
        }
        for index in order where left > 0 {
            counts[index] += 1
            left -= 1
        }
        return counts
    }

    package var description: String {
        parts.map { "\($0.profile.name):\(FleetEvent.formatWeight($0.weight))" }.joined(separator: ",")
    }
}

extension FleetEvent {
    static func formatWeight(_ value: Double) -> String { format(value) }
}

/// A malformed `--gps-mix`.
package struct GPSMixError: Error, Sendable, Equatable, CustomStringConvertible {
    package var argument: String
    package var reason: String
    package var description: String { "invalid --gps-mix '\(argument)': \(reason)" }
}
