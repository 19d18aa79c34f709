// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice

/// `CLMonitor`'s shape (iOS 17) on a simulation: circular geographic conditions added by
/// identifier with an assumed state, and their events as an async sequence to iterate.
///
/// The rules are region monitoring's (the 20 s crossing rule, authorization) with
/// CLMonitor's differences: the first determination is an event when it differs from the
/// state assumed, and the app's 21st condition gets one `unmonitored` event (docs/regions.md).
/// Unlike `CLMonitor`, not an actor: it is used on the thread that moves the simulation, and
/// its events are yielded as the simulation makes its callbacks.
public final class SimulatedMonitor {
    /// `CLMonitor.Event.State` (`CLMonitoringState`).
    public enum State: String, Sendable {
        /// Not determined yet: the state assumed by default when a condition is added.
        case unknown
        /// The device is inside the condition's circle.
        case satisfied
        /// The device is outside the condition's circle.
        case unsatisfied
        /// The condition is not monitored: the app's 21st condition, over the limit of 20, gets one event
        /// with it.
        case unmonitored
    }

    /// `CLMonitor.CircularGeographicCondition`.
    public struct CircularGeographicCondition: Sendable {
        /// The circle's centre, in degrees (WGS 84).
        public var center: CLLocationCoordinate2D
        /// The circle's radius, in metres.
        public var radius: CLLocationDistance

        /// A circle of `radius` metres around `center`.
        public init(center: CLLocationCoordinate2D, radius: CLLocationDistance) {
            self.center = center
            self.radius = radius
        }
    }

    /// `CLMonitor.Event`.
    public struct Event: Sendable {
        /// The identifier the condition was added with.
        public var identifier: String
        /// The condition's state after the event. Events yielded are never `unknown`; a record holds the
        /// state assumed until its first event.
        public var state: State
        /// The simulated moment of the event.
        public var date: Date
        /// The condition is over the app's limit (iOS 18's diagnostic).
        public var conditionLimitExceeded: Bool
    }

    /// `CLMonitor.Record`: the condition and its latest event.
    public struct Record: Sendable {
        /// The circle, as added.
        public var condition: CircularGeographicCondition
        /// The condition's latest event; until one comes, an event of the state assumed, dated when the
        /// condition was added.
        public var lastEvent: Event
    }

    /// The name the monitor was made with (`CLMonitor(_:)`): one monitor per name per simulation.
    public let name: String
    /// `CLMonitor.events`: every event of this monitor's conditions, in order. Iterate it
    /// from the test; the simulation buffers what it yields until then.
    public let events: AsyncStream<Event>
    private let simulation: Simulation
    private let stream: MonitorStream

    /// `CLMonitor(_:)`: one monitor of this name per simulation at a time, as Core Location
    /// allows one instance per name.
    public init(_ name: String, simulation: Simulation) {
        self.name = name
        self.simulation = simulation
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        self.events = events
        stream = MonitorStream(continuation)
        simulation.appActs { app, _ in app.monitorStreams[name] = stream }
    }

    deinit {
        stream.finish()
    }

    /// `add(_:identifier:assuming:)`; `assuming` defaults to `unknown`, as `add(_:identifier:)`.
    public func add(_ condition: CircularGeographicCondition, identifier: String, assuming state: State = .unknown) {
        let region = CircularRegion(
            identifier: identifier,
            center: Coordinate(latitude: condition.center.latitude, longitude: condition.center.longitude),
            radiusMeters: condition.radius)
        let assumed: RegionState = state == .satisfied ? .inside : state == .unsatisfied ? .outside : .unknown
        let date = Date(
            timeIntervalSince1970: simulation.startTime.adding(seconds: simulation.elapsedSeconds).timeIntervalSince1970
        )
        stream.records[identifier] = Record(
            condition: condition,
            lastEvent: Event(identifier: identifier, state: state, date: date, conditionLimitExceeded: false))
        let name = self.name
        simulation.call(.startMonitoring, from: -1) { service, output in
            service.addCondition(region, monitor: name, assuming: assumed, into: &output)
        }
    }

    /// `remove(_:)`.
    public func remove(_ identifier: String) {
        stream.records[identifier] = nil
        let name = self.name
        simulation.call(.stopMonitoring, from: -1) { service, _ in
            service.removeCondition(identifier, monitor: name)
        }
    }

    /// `identifiers`: the conditions added and not removed.
    public var identifiers: [String] { stream.records.keys.sorted() }

    /// `record(for:)`: nil for an identifier never added (or removed).
    public func record(for identifier: String) -> Record? { stream.records[identifier] }
}

#if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
/// The seam `CLMonitor` shares (where CLMonitor exists): an app's geofencing written once
/// against `LocationMonitoring` runs on this monitor in tests.
extension SimulatedMonitor: LocationMonitoring {
    public func addCircularCondition(
        center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String,
        assuming state: LocationMonitorState
    ) {
        add(CircularGeographicCondition(center: center, radius: radius), identifier: identifier, assuming: State(state))
    }

    public func removeCondition(identifier: String) {
        remove(identifier)
    }

    public var conditionIdentifiers: [String] { identifiers }

    public var conditionEvents: AsyncMapSequence<AsyncStream<Event>, LocationMonitorEvent> {
        events.map {
            LocationMonitorEvent(identifier: $0.identifier, state: LocationMonitorState($0.state), date: $0.date)
        }
    }
}

extension SimulatedMonitor.State {
    init(_ state: LocationMonitorState) {
        switch state {
        case .unknown: self = .unknown
        case .satisfied: self = .satisfied
        case .unsatisfied: self = .unsatisfied
        case .unmonitored: self = .unmonitored
        }
    }
}

extension LocationMonitorState {
    init(_ state: SimulatedMonitor.State) {
        switch state {
        case .unknown: self = .unknown
        case .satisfied: self = .satisfied
        case .unsatisfied: self = .unsatisfied
        case .unmonitored: self = .unmonitored
        }
    }
}
#endif

/// Where a monitor's events go: its stream, and the records they update.
final class MonitorStream {
    private let continuation: AsyncStream<SimulatedMonitor.Event>.Continuation
    var records: [String: SimulatedMonitor.Record] = [:]

    init(_ continuation: AsyncStream<SimulatedMonitor.Event>.Continuation) {
        self.continuation = continuation
    }

    func deliver(_ event: RegionEvent, at date: Date) {
        let state: SimulatedMonitor.State
        switch event.change {
        case .satisfied: state = .satisfied
        case .unsatisfied: state = .unsatisfied
        case .unmonitored: state = .unmonitored
        default: return
        }
        let delivered = SimulatedMonitor.Event(
            identifier: event.identifier, state: state, date: date, conditionLimitExceeded: state == .unmonitored)
        records[event.identifier]?.lastEvent = delivered
        continuation.yield(delivered)
    }

    func finish() {
        continuation.finish()
    }
}
