// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastBasics
import TrailcastCoreLocation
package import TrailcastDevice
import TrailcastSettings

/// A fleet of simulated phones stepped in time order: each device's route, receiver and
/// Core Location rules, the fleet-wide events on their shares, merged into one sequence
/// of moments. The run drives it: `fleet --virtual` as fast as it goes, a real-time run
/// on one timer thread for the whole fleet (``nextMomentNanoseconds`` says how long to wait).
///
/// ```swift
/// var fleet = try Fleet(plan: plan, routes: routes, start: start)
/// while let due = fleet.nextMomentNanoseconds, due <= end {
///     fleet.advance { happening in publish(happening) }
/// }
/// ```
package struct Fleet: Sendable {
    package let plan: FleetPlan
    package let routes: [FleetRoute]
    /// The run's start: offsets (`--event`, `--stagger`) count from here.
    package let start: Timestamp
    /// This shard's devices, in global order.
    private var devices: [FleetDevice]
    private var queue: DueQueue
    private var events: [ScheduledFleetEvent]
    private var nextEvent = 0
    private var output: [LocationService.Output] = []
    private var reactions: [LocationService.Output] = []
    /// Devices receiving fixes now.
    package private(set) var activeDevices = 0

    private struct ScheduledFleetEvent: Sendable {
        var dueNanoseconds: Int64
        var event: FleetEvent
        var ranking: SeededRanking
        var share: SeededRanking.Threshold
    }

    /// Salts that keep the draws apart: the receiver mix, the batteries, and the events'
    /// shares (one ranking per key, so `authorization=denied@10%` and a later
    /// `authorization=always@10%` are the same devices, and a larger share of a key holds
    /// every device of a smaller one; different keys choose independently).
    private static let mixSalt: UInt64 = 0x6D69_7800
    private static let batterySalt: UInt64 = 0x6261_7474
    private static let eventSalt: UInt64 = 0x6576_0000

    /// The devices of `plan.shard`, dealt routes in turn from `routes` (by global index).
    package init(plan: FleetPlan, routes: [FleetRoute], start: Timestamp) {
        precondition(!routes.isEmpty, "a fleet needs a route")
        precondition(plan.problem == nil, plan.problem ?? "")
        self.plan = plan
        self.routes = routes
        self.start = start
        let mixRanking = SeededRanking(seed: plan.seed, salt: Self.mixSalt)
        var cumulative = 0
        let mixThresholds = mixRanking.thresholds(
            deviceCount: plan.deviceCount,
            cumulativeCounts: plan.gpsMix.counts(of: plan.deviceCount).map {
                cumulative += $0; return cumulative
            })
        let batteryRanking = SeededRanking(seed: plan.seed, salt: Self.batterySalt)
        var devices: [FleetDevice] = []
        devices.reserveCapacity(plan.deviceCount / plan.shard.count + 1)
        var queue = DueQueue(capacity: plan.deviceCount / plan.shard.count + 1)
        for index in plan.shard.devices(of: plan.deviceCount) {
            let mixKey = mixRanking.key(of: index)
            let profile = plan.gpsMix.parts[mixThresholds.firstIndex { $0.admits(mixKey) } ?? 0].profile
            let receiver = GPSReceiver(
                configuration: .init(
                    profile: profile, seed: splitMix64(plan.seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15),
                    cadenceSeconds: plan.intervalSeconds))
            let battery = 50 + Double(batteryRanking.key(of: index) >> 11) * 0x1p-53 * 50
            let startNanoseconds = Self.nanoseconds(plan.startOffsetSeconds(index))
            devices.append(
                FleetDevice(
                    index: index, route: index % routes.count, receiver: receiver,
                    location: LocationService(configuration: .init(initialStatus: .authorizedAlways)),
                    passStartNanoseconds: startNanoseconds, batteryAtStartPercent: battery))
            queue.insert(.init(dueNanoseconds: startNanoseconds, device: Int32(devices.count - 1)))
        }
        self.devices = devices
        self.queue = queue
        // Stable by offset: events at the same moment happen in the order given.
        events = plan.events.map { event in
            let ranking = SeededRanking(seed: plan.seed, salt: Self.eventSalt ^ event.keySalt)
            let count = Int((Double(plan.deviceCount) * event.percent / 100).rounded())
            return ScheduledFleetEvent(
                dueNanoseconds: event.event.offset.milliseconds &* 1_000_000, event: event, ranking: ranking,
                share: ranking.thresholds(deviceCount: plan.deviceCount, cumulativeCounts: [count])[0])
        }
        .enumerated().sorted { ($0.element.dueNanoseconds, $0.offset) < ($1.element.dueNanoseconds, $1.offset) }
        .map(\.element)
    }

    /// How many devices this shard runs.
    package var deviceCount: Int { devices.count }

    /// The place in ``FleetPlan/gpsMix`` of the receiver profile of the shard's device at
    /// `slot` (its place in the shard: global index divided by the shard count).
    package func gpsMixIndex(ofSlot slot: Int) -> Int {
        let name = devices[slot].receiver.configuration.profile.name
        return plan.gpsMix.parts.firstIndex { $0.profile.name == name } ?? 0
    }

    /// When the next thing happens, in nanoseconds since ``start``; nil never (devices loop).
    package var nextMomentNanoseconds: Int64? {
        let device = queue.first?.dueNanoseconds
        guard nextEvent < events.count else { return device }
        let event = events[nextEvent].dueNanoseconds
        return device.map { min($0, event) } ?? event
    }

    /// The moment `nanoseconds` after the start.
    package func moment(_ nanoseconds: Int64) -> Timestamp {
        let (seconds, fraction) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        return Timestamp(
            secondsSince1970: start.secondsSince1970 + seconds, nanoseconds: start.nanoseconds + Int32(fraction))
    }

    static func nanoseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1e9).rounded()) }

    /// Carries out the next thing due (a scheduled event on its share, or one device's next
    /// fix) and hands what the backend should see to `handle`.
    package mutating func advance(_ handle: (FleetHappening) -> Void) {
        guard let due = queue.first else { return }
        if nextEvent < events.count, events[nextEvent].dueNanoseconds <= due.dueNanoseconds {
            applyNextEvent(handle)
            return
        }
        let slot = Int(due.device)
        let wasActive = devices[slot].isActive
        let next = step(slot, at: due.dueNanoseconds, handle)
        activeDevices += (devices[slot].isActive ? 1 : 0) - (wasActive ? 1 : 0)
        queue.replaceFirst(with: .init(dueNanoseconds: next, device: due.device))
    }

    /// One device's fix at its moment; returns the moment of its next one.
    private mutating func step(_ slot: Int, at dueNanoseconds: Int64, _ handle: (FleetHappening) -> Void) -> Int64 {
        let time = moment(dueNanoseconds)
        let route = routes[devices[slot].route]
        output.removeAll(keepingCapacity: true)
        if !devices[slot].isStarted {
            devices[slot].receiver.begin(at: time)
            devices[slot].launch(into: &output)
        }
        let routeFix = route.fix(devices[slot].cursor, at: time)
        while let change = devices[slot].receiver.nextSignalChange(notAfter: time) {
            devices[slot].location.signalChanged(available: change.state == .restored, into: &output)
        }
        if let fix = devices[slot].receiver.measure(routeFix, at: time) {
            devices[slot].location.receive(fix, into: &output)
        }
        settle(slot)
        for case .location(let fix, client: 0) in output {
            devices[slot].messages += 1
            handle(
                .location(
                    FleetLocation(
                        device: devices[slot].index, fix: fix,
                        batteryPercent: devices[slot].batteryPercent(at: time, runStart: start),
                        sequence: devices[slot].messages)))
        }
        // The next fix of this pass, or the first of the next pass.
        var device = devices[slot]
        device.cursor += 1
        if device.cursor == route.count {
            device.cursor = 0
            device.passStartNanoseconds += Self.nanoseconds(route.passSeconds)
        }
        devices[slot] = device
        return device.passStartNanoseconds + Self.nanoseconds(route.offset(device.cursor))
    }

    /// The app's reactions to Core Location's callbacks (and Core Location's to those).
    private mutating func settle(_ slot: Int) {
        reactions.removeAll(keepingCapacity: true)
        devices[slot].react(to: output, into: &reactions)
        output.append(contentsOf: reactions)
    }

    private mutating func applyNextEvent(_ handle: (FleetHappening) -> Void) {
        let scheduled = events[nextEvent]
        nextEvent += 1
        let time = moment(scheduled.dueNanoseconds)
        var affected = 0
        for slot in devices.indices where scheduled.share.admits(scheduled.ranking.key(of: devices[slot].index)) {
            affected += 1
            let wasActive = devices[slot].isActive
            output.removeAll(keepingCapacity: true)
            switch scheduled.event.event.change {
            case .signal(let state):
                if devices[slot].receiver.setSignal(state, at: time) != nil {
                    devices[slot].location.signalChanged(available: state == .restored, into: &output)
                }
            case let change:
                if let systemChange = change.systemChange { devices[slot].location.apply(systemChange, into: &output) }
            }
            settle(slot)
            activeDevices += (devices[slot].isActive ? 1 : 0) - (wasActive ? 1 : 0)
        }
        handle(.event(scheduled.event, devices: affected))
    }
}

extension FleetEvent {
    /// The key the change sets (`authorization`, `signal`...), hashed (FNV-1a): the same
    /// on every machine, unlike `Hasher`.
    var keySalt: UInt64 {
        let assignment = event.change.assignment
        let key = assignment.prefix { $0 != "=" }
        return key.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}

/// What a fleet's step gives the backend.
package enum FleetHappening: Sendable, Equatable {
    /// The tracking app received a fix and publishes it.
    case location(FleetLocation)
    /// A scheduled event happened to this many of the shard's devices.
    case event(FleetEvent, devices: Int)
}

/// A fix one device's tracking app received.
package struct FleetLocation: Sendable, Equatable {
    /// The device's global index (``FleetPlan/deviceID(_:)`` names it).
    package var device: Int
    /// As Core Location delivered it; its time is the moment it was due.
    package var fix: LocationFix
    package var batteryPercent: Int
    /// 1 for the device's first message, then 2, 3...: gaps and reordering show loss.
    package var sequence: Int
}
