// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// An app's geofencing feature written once against `LocationMonitoring`: the tests run it on
// a SimulatedMonitor (GeofenceModelTests), and .ci/run type-checks this file with
// Core Location's CLMonitor too (.ci/typecheck-apple.sh). Not on watchOS or visionOS, which
// have no CLMonitor.
#if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN)
import CoreLocationSeam

@MainActor
final class GeofenceModel<Monitor: LocationMonitoring> {
    private(set) var arrivals: [String] = []
    private(set) var departures: [String] = []
    let monitor: Monitor

    init(monitor: Monitor) {
        self.monitor = monitor
    }

    func watch(_ identifier: String, center: CLLocationCoordinate2D, radius: CLLocationDistance) async {
        await monitor.addCircularCondition(
            center: center, radius: radius, identifier: identifier, assuming: .unsatisfied)
    }

    func stopWatching(_ identifier: String) async {
        await monitor.removeCondition(identifier: identifier)
    }

    /// The identifiers the monitor watches.
    func watched() async -> [String] {
        await monitor.conditionIdentifiers
    }

    /// Until the monitor's events end.
    func listen() async throws {
        for try await event in await monitor.conditionEvents {
            switch event.state {
            case .satisfied: arrivals.append(event.identifier)
            case .unsatisfied: departures.append(event.identifier)
            case .unknown, .unmonitored: break
            }
        }
    }
}

#if (canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN)
extension GeofenceModel where Monitor == CLMonitor {
    /// The app's: Core Location's own monitor.
    static func live() async -> GeofenceModel {
        GeofenceModel(monitor: await CLMonitor("geofences"))
    }
}
#endif
#endif
