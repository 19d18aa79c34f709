import LocationSimulation
import Testing

/// Code typed from Core Location habit compiles and means what it means there.
@Suite("Core Location's names")
struct CoreLocationNamesTests {
    @Test func aFixAnswersToCLLocationsNames() throws {
        let simulation = try Simulation(
            route: .points([
                GPXPoint(latitude: 47, longitude: 8, elevationMeters: 410, time: Walk.start),
                GPXPoint(latitude: 47.0001, longitude: 8, time: Walk.start.adding(seconds: 1)),
            ]),
            system: .init(authorization: .authorizedWhenInUse))
        let manager = SimulatedLocationManager(simulation: simulation)
        manager.desiredAccuracy = kCLLocationAccuracyBest
        manager.distanceFilter = kCLDistanceFilterNone
        manager.startUpdatingLocation()
        try simulation.runToEnd()
        let fixes = simulation.deliveredLocations
        try #require(fixes.count == 2)
        #expect(fixes[0].coordinate == Coordinate(latitude: 47, longitude: 8))
        #expect(fixes[0].altitude == 410)
        #expect(fixes[0].verticalAccuracy == fixes[0].verticalAccuracyMeters)
        #expect(fixes[0].horizontalAccuracy == 5)
        #expect(fixes[0].timestamp == Walk.start)
        #expect(abs(fixes[0].speed - 11.12) < 0.01)
        #expect(fixes[0].course == 0)
        // No elevation: Core Location's invalid altitude.
        #expect(fixes[1].altitude == 0)
        #expect(fixes[1].verticalAccuracy == -1)
        #expect(manager.accuracyAuthorization == .fullAccuracy)
    }

    @Test func kCLLocationAccuracyReducedAsksForApproximateFixes() throws {
        let simulation = try Simulation(route: .points(Walk.points(5)), system: .init(authorization: .authorizedWhenInUse))
        let manager = SimulatedLocationManager(simulation: simulation)
        manager.desiredAccuracy = kCLLocationAccuracyReduced
        manager.startUpdatingLocation()
        try simulation.runToEnd()
        let first = try #require(simulation.deliveredLocations.first)
        #expect(first.horizontalAccuracy > 1000, "an approximate fix: \(first.horizontalAccuracy) m")
        #expect(LocationAccuracy.reducedAccuracy == .reduced)
    }
}
