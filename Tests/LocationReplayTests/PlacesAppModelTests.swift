// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import TrailcastApps
import Testing
import TrailcastTimeline
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastSettings

/// The places app on its own: what it shows, when, and in which order, for each thing Core
/// Location and the user do. Three places north of the fixes of ``WeatherAppModelTests``
/// (47.000, 47.001, ... degrees north on 8 degrees east).
@Suite("Places app model")
struct PlacesAppModelTests {
    typealias Kind = TimelineEvent.Kind

    static let places = [
        Place(name: "Clinic A", latitude: 47.0005, longitude: 8),
        Place(name: "Clinic B", latitude: 47.0025, longitude: 8),
        Place(name: "Clinic C", latitude: 47.0100, longitude: 8),
    ]

    static func fix(_ n: Int) -> LocationFix { WeatherAppModelTests.fix(n) }

    static func app(_ configuration: LocationService.Configuration = .init(), limit: Int = 2) -> PlacesAppModel {
        PlacesAppModel(locationService: LocationService(configuration: configuration), places: places, limit: limit)
    }

    /// The lists shown, each as its order and names.
    static func lists(_ events: [Kind]) -> [String] {
        events.compactMap { kind in
            guard case .places(let list) = kind else { return nil }
            return "\(list.order.rawValue): " + list.nearest.map(\.name).joined(separator: ", ")
        }
    }

    @Test("a list at the first location, none while the order holds, a new one when it changes")
    func showsOnlyChangedLists() throws {
        var app = Self.app()
        var output = AppOutput()
        app.launch(into: &output)
        #expect(Self.lists(output.events) == [])
        for n in 0...2 { app.deviceMoved(to: Self.fix(n), into: &output) }
        #expect(
            Self.lists(output.events) == [
                "distance: Clinic A, Clinic B",  // at 47.000
                // 47.001: A 56 m, B 167 m, the same order: nothing shown.
                "distance: Clinic B, Clinic A",  // at 47.002
            ])
        // Each list comes right after the location it was sorted from.
        let firstList = try #require(output.events.firstIndex { if case .places = $0 { true } else { false } })
        #expect(output.events[firstList - 1] == .location(Self.fix(0)))
        guard case .places(let list) = output.events[firstList] else { return }
        #expect(list.total == 3)
        #expect(abs(list.nearest[0].distanceMeters! - 55.6) < 0.1)
        #expect(abs(list.nearest[1].distanceMeters! - 278.0) < 0.2)
    }

    @Test("denied at launch: the alert, then the first places in file order, once")
    func deniedShowsFileOrder() {
        var app = Self.app(.init(initialStatus: .denied))
        var output = AppOutput()
        app.launch(into: &output)
        for n in 0...2 { app.deviceMoved(to: Self.fix(n), into: &output) }
        #expect(Self.lists(output.events) == ["file: Clinic A, Clinic B"])
        let alert = Kind.alert(message: PlacesAppModel.accessOffAlert)
        #expect(output.events.suffix(2).first == alert)
        if case .places(let list) = output.events.last {
            #expect(list.nearest.allSatisfy { $0.distanceMeters == nil })
            #expect(list.total == 3)
        } else {
            Issue.record("the list does not follow the alert: \(output.events)")
        }
    }

    @Test("revoked after a location: the alert and the file order; granted again, sorted at the next location")
    func revokedThenGranted() {
        var app = Self.app()
        var output = AppOutput()
        app.launch(into: &output)
        app.deviceMoved(to: Self.fix(2), into: &output)
        app.apply(.authorization(.denied), into: &output)
        app.deviceMoved(to: Self.fix(3), into: &output)
        app.apply(.authorization(.authorizedWhenInUse), into: &output)
        app.deviceMoved(to: Self.fix(3), into: &output)
        #expect(
            Self.lists(output.events) == [
                "distance: Clinic B, Clinic A",
                "file: Clinic A, Clinic B",
                "distance: Clinic B, Clinic A",
            ])
    }

    @Test("refresh: the list again even unchanged, right after the tap; without access, the alert and the file order")
    func refresh() {
        var app = Self.app()
        var output = AppOutput()
        app.launch(into: &output)
        app.deviceMoved(to: Self.fix(0), into: &output)
        let before = output.events.count
        app.apply(.tap(.refresh), into: &output)
        #expect(Array(output.events[before...]).count == 2)
        #expect(output.events[before] == .tap(.refresh))
        #expect(Self.lists(Array(output.events[before...])) == ["distance: Clinic A, Clinic B"])

        var denied = Self.app(.init(initialStatus: .denied))
        var deniedOutput = AppOutput()
        denied.launch(into: &deniedOutput)
        let start = deniedOutput.events.count
        denied.apply(.tap(.refresh), into: &deniedOutput)
        #expect(Array(deniedOutput.events[start...]).map(\.typeName) == ["tap", "alert", "places"])
        #expect(Self.lists(Array(deniedOutput.events[start...])) == ["file: Clinic A, Clinic B"])
    }

    @Test("a limit below one shows one place; above the count, every place")
    func limits() {
        for (limit, expected) in [(0, "distance: Clinic A"), (10, "distance: Clinic A, Clinic B, Clinic C")] {
            var app = Self.app(limit: limit)
            var output = AppOutput()
            app.launch(into: &output)
            app.deviceMoved(to: Self.fix(0), into: &output)
            #expect(Self.lists(output.events) == [expected], "limit \(limit)")
        }
    }

    @Test("the weather lookup at a location comes before the list sorted from it")
    func weatherBeforeTheList() throws {
        var app = Self.app()
        var output = AppOutput()
        app.launch(into: &output)
        app.deviceMoved(to: Self.fix(0), into: &output)
        let location = try #require(output.items.firstIndex(of: .event(.location(Self.fix(0)))))
        #expect(output.items[location + 1] == .effect(.lookUpWeather(Self.fix(0))))
        guard case .event(.places(let list)) = output.items[location + 2] else {
            Issue.record("no list after the lookup: \(output.items)")
            return
        }
        #expect(list.nearest.map(\.name) == ["Clinic A", "Clinic B"])
    }
}
