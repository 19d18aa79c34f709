// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import LocationSimulation
import Testing
import TrailcastBasics

/// Issue 41, time as an app sees it: fixes are stamped on the simulation's clock, which an
/// app reads as a `Date` (its freshness check) or as a `Clock` (its timers).
@Suite("The simulation's time as an app sees it")
struct SimulationTimeTests {
    /// The walk's first point is at 2026-06-13T16:00:00Z.
    static let walkStart = Date(timeIntervalSince1970: 1_781_366_400)

    /// What every location app does with a fix: drop it when it is older than 15 s.
    @MainActor
    final class FreshFixes: @MainActor LocationManagingDelegate {
        private(set) var kept: [CLLocation] = []
        private(set) var stale = 0
        private let now: () -> Date
        private let manager: any LocationManaging

        init(manager: any LocationManaging, now: @escaping () -> Date) {
            (self.manager, self.now) = (manager, now)
            manager.locationDelegate = self
            manager.requestWhenInUseAuthorization()
        }

        func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
            if manager.authorizationStatus == .authorizedWhenInUse { manager.startUpdatingLocation() }
        }

        func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]) {
            for location in locations {
                if abs(location.timestamp.timeIntervalSince(now())) < 15 { kept.append(location) } else { stale += 1 }
            }
        }
    }

    @MainActor
    @Test("by default fixes carry the route's times, and an app given simulation.date keeps every one")
    func routeTimesWithTheSimulationsDate() throws {
        let simulation = try Simulation(route: .sample(.sfWaterfrontWalk))
        let app = FreshFixes(manager: SimulatedLocationManager(simulation: simulation), now: { simulation.date })
        try simulation.advance(by: 120)
        #expect(app.stale == 0)
        #expect(app.kept.count == 43)
        #expect(app.kept.count == simulation.deliveredLocations.count)
        #expect(app.kept.first?.timestamp == Self.walkStart)
        #expect(app.kept.last?.timestamp == Self.walkStart.addingTimeInterval(117))
        #expect(simulation.date == Self.walkStart.addingTimeInterval(120))
    }

    @MainActor
    @Test("the wall clock's Date() drops every fix of a route recorded in the past: the trap the docs warn of")
    func routeTimesWithTheWallClock() throws {
        let simulation = try Simulation(route: .sample(.sfWaterfrontWalk))
        let app = FreshFixes(manager: SimulatedLocationManager(simulation: simulation), now: Date.init)
        try simulation.advance(by: 120)
        #expect(app.kept.isEmpty)
        #expect(app.stale == 43)
    }

    @MainActor
    @Test("start: moves every fix, the timeline and the clock by the same amount, to the nanosecond")
    func aGivenStart() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000.25)
        let simulation = try Simulation(route: .sample(.sfWaterfrontWalk), start: start)
        let app = FreshFixes(manager: SimulatedLocationManager(simulation: simulation), now: { simulation.date })
        try simulation.advance(by: 60)
        #expect(app.kept.count == 21)
        #expect(app.kept.first?.timestamp == start)
        #expect(app.kept.last?.timestamp == start.addingTimeInterval(58))
        #expect(simulation.startTime == Timestamp(secondsSince1970: 1_800_000_000, nanoseconds: 250_000_000))
        let locations = simulation.timeline.filter { $0.kind.typeName == "location" }
        #expect(locations.first?.time == simulation.startTime)
        #expect(locations.last?.time == Timestamp(secondsSince1970: 1_800_000_058, nanoseconds: 250_000_000))
        #expect(simulation.date == start.addingTimeInterval(60))
    }

    @MainActor
    @Test("a start today keeps the wall clock's check only for the 15 s a test takes in real time, not in virtual time")
    func startTodayWithTheWallClock() throws {
        let simulation = try Simulation(route: .sample(.sfWaterfrontWalk), start: Date())
        let app = FreshFixes(manager: SimulatedLocationManager(simulation: simulation), now: Date.init)
        try simulation.advance(by: 120)
        // The first fixes are fresh by the wall clock; the virtual two minutes pass in well
        // under a second of real time, so the later ones are "from the future".
        // (Bounds, not values: how many pass depends on the machine's real speed.)
        #expect(app.kept.first?.timestamp == simulation.clockStartDate)
        #expect(app.kept.count + app.stale == 43)
        #expect(app.stale >= 30)
    }

    @MainActor
    @Test(
        "a sleep on simulation.clock ends when the simulation reaches its deadline, in order", .timeLimit(.minutes(15)))
    func clockSleeps() async throws {
        let simulation = try Simulation(route: .sample(.sfWaterfrontWalk))
        let clock = simulation.clock
        #expect(clock.now == SimulationClock.Instant(offset: .zero))
        let woke = LockedWakes()
        let first = Task {
            try await clock.sleep(until: .init(offset: .seconds(30))); woke.note("30 s")
        }
        let second = Task {
            try await clock.sleep(until: .init(offset: .seconds(60))); woke.note("60 s")
        }
        try simulation.advance(by: 45)
        #expect(clock.now == SimulationClock.Instant(offset: .seconds(45)))
        try await first.value
        #expect(woke.names == ["30 s"])
        try simulation.advance(by: 15)
        try await second.value
        #expect(woke.names == ["30 s", "60 s"])
        // Already past: returns at once.
        try await clock.sleep(until: .init(offset: .seconds(10)))
        // Exactly now, and for no time at all: at once too (a sleeper kept for a present that
        // has come would wait for the next step; the time limit is what would end it).
        try await clock.sleep(until: clock.now)
        try await clock.sleep(for: .zero)
    }

    @MainActor
    @Test(
        "the simulation's end wakes a sleeper whose time never comes with CancellationError", .timeLimit(.minutes(15)))
    func finishCancelsSleepers() async throws {
        let simulation = try Simulation(route: .sample(.sfWaterfrontWalk))
        let clock = simulation.clock
        let sleeper = Task { try await clock.sleep(for: .seconds(100_000)) }
        try simulation.advance(by: 10)
        try simulation.finish()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        // And a sleep begun after the end.
        await #expect(throws: CancellationError.self) { try await clock.sleep(for: .seconds(1)) }
    }

    @MainActor
    @Test("cancelling the sleeping task ends its sleep with CancellationError", .timeLimit(.minutes(15)))
    func cancelledSleep() async throws {
        let simulation = try Simulation(route: .sample(.sfWaterfrontWalk))
        let clock = simulation.clock
        let sleeper = Task { try await clock.sleep(for: .seconds(30)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        try simulation.advance(by: 60)
    }
}

extension Simulation {
    var clockStartDate: Date { Date(timeIntervalSince1970: startTime.timeIntervalSince1970) }
}

/// What the sleeping tasks did, in order.
final class LockedWakes: Sendable {
    private let lock = LockedValue<[String]>([])
    func note(_ name: String) { lock.withLock { $0.append(name) } }
    var names: [String] { lock.withLock { $0 } }
}

/// `yieldToApp()`: the tasks a delegate starts have run when it returns.
@MainActor
@Suite("The app's own tasks after a step")
struct AppWorkTests {
    /// Saves each fix in a task of its own that takes three hops, as a view model's
    /// `Task { await store.save(fix) }` does.
    @MainActor
    final class SavingApp: @MainActor LocationManagingDelegate {
        private(set) var saved = 0
        private let manager: any LocationManaging

        init(manager: any LocationManaging) {
            self.manager = manager
            manager.locationDelegate = self
            manager.requestWhenInUseAuthorization()
        }

        func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
            if manager.authorizationStatus == .authorizedWhenInUse { manager.startUpdatingLocation() }
        }

        func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]) {
            Task { @MainActor in
                for _ in 0..<3 { await Task.yield() }
                self.saved += locations.count
            }
        }
    }

    @Test("after advance, the delegate's tasks have not run; after yieldToApp, every one has", .timeLimit(.minutes(15)))
    func tasksRunWhenYielded() async throws {
        let simulation = try Simulation(route: .sample(.sfWaterfrontWalk))
        let app = SavingApp(manager: SimulatedLocationManager(simulation: simulation))
        try simulation.advance(by: 120)
        #expect(app.saved == 0, "the test has not awaited yet: no task has run")
        await simulation.yieldToApp()
        #expect(app.saved == simulation.deliveredLocations.count)
        #expect(app.saved == 43)
    }
}
