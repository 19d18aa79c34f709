// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastBasics
import TrailcastDevice
import TrailcastEngine

/// Two promises a fleet run's output depends on: devices due at the same moment come in
/// device order (so a run is the same on every machine), and a route's fix limit is exact.
@Suite("Fleet order and route limit")
struct FleetOrderAndLimitTests {
    @Test("devices due at the same moment step in device order, at every shared moment")
    func sharedMomentsInDeviceOrder() {
        // No stagger: all 25 devices are due together at every second. The queue's ties
        // are broken by device index, not by where a device sits in the heap.
        let plan = FleetPlan(deviceCount: 25, staggerSeconds: 0)
        let locations = FleetTests.locations(plan, routes: [FleetTests.line(seconds: 60)], seconds: 4)
        #expect(locations.count == 25 * 4)
        let byMoment = Dictionary(grouping: locations, by: \.fix.time)
        #expect(byMoment.count == 4)
        #expect(locations.map(\.device) == Array(repeating: Array(0..<25), count: 4).flatMap { $0 })
    }

    @Test("a route of exactly maximumFixes fixes is read; one fix fewer allowed refuses it")
    func routeLimitIsExact() throws {
        let route = try FleetRoute(file: FleetTests.sample, intervalSeconds: 1)
        let fixes = route.count
        #expect(try FleetRoute(file: FleetTests.sample, intervalSeconds: 1, maximumFixes: fixes).count == fixes)
        #expect(throws: FleetRouteError.tooLong(file: FleetTests.sample, maximumFixes: fixes - 1)) {
            try FleetRoute(file: FleetTests.sample, intervalSeconds: 1, maximumFixes: fixes - 1)
        }
    }
}
