// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice

/// `CLMonitor` (iOS 17) with circular geographic conditions, each rule in docs/regions.md:
/// - A condition is added with an identifier and an assumed state (`unknown` by default);
///   Apple: "The initial state is CLRegionState.unknown" for `add(_:identifier:)`. Its first
///   determination is an event when it differs from the state assumed (the project's
///   reading of a WWDC23 remark, "Core Location will give you the correct state once it is
///   determined", which the research could not check word for word).
/// - The crossing rule is region monitoring's (``RegionMonitor``): 20 s past the cushion.
/// - At most ``conditionLimit`` conditions for the app, over all its monitors (Apple's
///   limit is 20; whether `CLRegion`s count against it is not documented, and here they do
///   not). A condition over it gets one `unmonitored` event and no other: the project's
///   reading of the iOS 18 diagnostic `conditionLimitExceeded` (and of developers' reports).
/// - Events need authorization with full accuracy, as region monitoring's; a When In Use
///   app in the background hears them when it is in use again.
extension LocationService {
    package static let conditionLimit = 20

    /// `CLMonitor.add(_:identifier:assuming:)`: whether the condition is monitored.
    @discardableResult
    package mutating func addCondition(
        _ region: CircularRegion, monitor name: String, assuming state: RegionState = .unknown,
        into output: inout [Output]
    ) -> Bool {
        var monitor = conditionMonitors[name] ?? RegionMonitor(announcesFirstDetermination: true)
        let replacing = monitor.state(of: region.identifier) != nil
        let total = conditionMonitors.values.reduce(0) { $0 + $1.count }
        guard replacing || total < Self.conditionLimit, monitor.register(region, assuming: state) == nil else {
            output.append(.monitor(name: name, RegionEvent(region: region, change: .unmonitored)))
            return false
        }
        conditionMonitors[name] = monitor
        return true
    }

    /// `CLMonitor.remove(_:)`.
    package mutating func removeCondition(_ identifier: String, monitor name: String) {
        _ = conditionMonitors[name]?.remove(identifier)
    }

    /// A monitor's conditions, in the order added.
    package func conditions(of name: String) -> [CircularRegion] {
        conditionMonitors[name]?.regions ?? []
    }

    mutating func observeConditions(_ fix: LocationFix, into output: inout [Output]) {
        guard !conditionMonitors.isEmpty else { return }
        guard monitorsRegions else {
            for name in Array(conditionMonitors.keys) { conditionMonitors[name]?.forget() }
            return
        }
        let hears = hearsRegionEvents
        for name in conditionMonitors.keys.sorted() {
            var events: [RegionEvent] = []
            conditionMonitors[name]?.observe(fix, appHears: hears, into: &events)
            guard !events.isEmpty, wakeIfTerminated(for: .region, into: &output) else { continue }
            for event in events { output.append(.monitor(name: name, Self.conditionEvent(event))) }
        }
    }

    /// The app may hear again: each condition's present state, where it changed.
    mutating func settleConditions(into output: inout [Output]) {
        guard !conditionMonitors.isEmpty else { return }
        guard monitorsRegions else {
            for name in Array(conditionMonitors.keys) { conditionMonitors[name]?.forget() }
            return
        }
        guard hearsRegionEvents else { return }
        for name in conditionMonitors.keys.sorted() {
            var events: [RegionEvent] = []
            conditionMonitors[name]?.catchUp(into: &events)
            for event in events { output.append(.monitor(name: name, Self.conditionEvent(event))) }
        }
    }

    /// A region's crossing as a condition's state: inside is `satisfied`.
    private static func conditionEvent(_ event: RegionEvent) -> RegionEvent {
        let state: RegionEvent.Change = event.change == .enter || event.change == .inside ? .satisfied : .unsatisfied
        return RegionEvent(region: event.region, change: state, position: event.position)
    }
}
