// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import LocationSimulation
import Testing

/// Code typed from Core Location habit compiles and means what it means there.
@Suite("Core Location's names")
struct CoreLocationNamesTests {
    #if !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN)
    /// The stand-in's regions are one region per identifier, as monitoring treats them
    /// (Apple, startMonitoring(for:): "an existing region with the same identifier ... is
    /// replaced by the new one"): equal and hashed alike, whatever the instance.
    @Test func regionsWithOneIdentifierAreOneRegion() {
        let home = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 47, longitude: 8), radius: 100, identifier: "home")
        let again = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 47, longitude: 8), radius: 100, identifier: "home")
        let work = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 47, longitude: 8), radius: 100, identifier: "work")
        #expect(home == again)
        #expect(home != work)
        #expect(Set<CLRegion>([home, again, work]).count == 2)
    }

    /// The stand-in's `distance(from:)` is along a sphere of the mean Earth radius
    /// (6,371,008.8 m): a degree of latitude is πR/180 = 111,195.08 m, a degree of longitude
    /// at 47° its haversine 75,834.35 m. A circle holds its edge (`contains` is `<=`), and
    /// a region tells of entry and exit until the app says otherwise (clregion/notifyonentry).
    @Test func theStandInMeasuresAlongTheSurfaceAndACircleHoldsItsEdge() {
        let origin = CLLocation(latitude: 47, longitude: 8)
        let radius = origin.distance(from: CLLocation(latitude: 48, longitude: 8))
        #expect(abs(radius - 111_195.08) < 0.01)
        #expect(abs(origin.distance(from: CLLocation(latitude: 47, longitude: 9)) - 75_834.35) < 0.01)
        let edge = CLLocationCoordinate2D(latitude: 48, longitude: 8)
        let center = CLLocationCoordinate2D(latitude: 47, longitude: 8)
        #expect(CLCircularRegion(center: center, radius: radius, identifier: "on").contains(edge))
        #expect(!CLCircularRegion(center: center, radius: radius.nextDown, identifier: "out").contains(edge))
        #expect(CLCircularRegion(center: center, radius: 0, identifier: "point").contains(center))
        let region = CLCircularRegion(center: center, radius: 100, identifier: "home")
        #expect(region.notifyOnEntry && region.notifyOnExit)
    }
    #endif

    @Test func aFixAnswersToCLLocationsNames() throws {
        let simulation = try Simulation(
            route: .points([
                RoutePoint(latitude: 47, longitude: 8, elevationMeters: 410, time: Walk.start),
                RoutePoint(latitude: 47.0001, longitude: 8, time: Walk.start.adding(seconds: 1)),
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
        let simulation = try Simulation(
            route: .points(Walk.points(5)), system: .init(authorization: .authorizedWhenInUse))
        let manager = SimulatedLocationManager(simulation: simulation)
        manager.desiredAccuracy = kCLLocationAccuracyReduced
        manager.startUpdatingLocation()
        try simulation.runToEnd()
        let first = try #require(simulation.deliveredLocations.first)
        #expect(first.horizontalAccuracy > 1000, "an approximate fix: \(first.horizontalAccuracy) m")
        #expect(LocationAccuracy.reducedAccuracy == .reduced)
    }

    /// Apple gives `kCLLocationAccuracyThreeKilometers` only with precise location: a
    /// threshold at 3000 m (the stand-in's old value of `kCLLocationAccuracyReduced`)
    /// made it approximate.
    @Test func threeKilometersGivesPreciseFixesAndOnlyReducedGivesApproximateOnes() throws {
        let simulation = try Simulation(
            route: .points(Walk.points()), system: .init(authorization: .authorizedWhenInUse))
        let threeKilometers = RecordingApp(simulation)
        let reduced = RecordingApp(simulation)
        threeKilometers.manager.desiredAccuracy = kCLLocationAccuracyThreeKilometers
        reduced.manager.desiredAccuracy = kCLLocationAccuracyReduced
        threeKilometers.manager.startUpdatingLocation()
        reduced.manager.startUpdatingLocation()
        try simulation.advance(by: 10)
        #expect(threeKilometers.manager.location?.horizontalAccuracy == 5)
        #expect(threeKilometers.take().filter { $0.hasPrefix("fix") }.count == 11, "a fix a second")
        #expect(reduced.manager.location?.horizontalAccuracy == ApproximateLocation.horizontalAccuracyMeters)
        #expect(reduced.take().filter { $0.hasPrefix("fix") }.count == 1, "at most one per 15 minutes")
        #expect(threeKilometers.manager.accuracyAuthorization == .fullAccuracy)
    }

    @Test func theAccuracyAndDistanceConstantsHaveCoreLocationsValues() {
        #expect(kCLLocationAccuracyBestForNavigation == -2)
        #expect(kCLLocationAccuracyBest == -1)
        #expect(kCLLocationAccuracyNearestTenMeters == 10)
        #expect(kCLLocationAccuracyHundredMeters == 100)
        #expect(kCLLocationAccuracyKilometer == 1000)
        #expect(kCLLocationAccuracyThreeKilometers == 3000)
        #expect(kCLLocationAccuracyReduced == 6_380_000)
        #expect(kCLDistanceFilterNone == -1)
        #expect(CLLocationDistanceMax == Double.greatestFiniteMagnitude)
        #expect(CLTimeIntervalMax == Double.greatestFiniteMagnitude)
    }

    @Test func coordinatesAreValidWithinTheirRangesBoundsIncluded() {
        #expect(kCLLocationCoordinate2DInvalid.latitude == -180)
        #expect(kCLLocationCoordinate2DInvalid.longitude == -180)
        #expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
        for (latitude, longitude) in [(0.0, 0.0), (47.5, 8.25), (90, 180), (-90, -180), (90, -180), (-90, 180)] {
            #expect(
                CLLocationCoordinate2DIsValid(CLLocationCoordinate2DMake(latitude, longitude)),
                "\(latitude), \(longitude)")
        }
        for (latitude, longitude) in [
            (90.000001, 0.0), (-90.000001, 0), (0, 180.000001), (0, -180.000001), (.nan, 0), (0, .nan), (.infinity, 0),
        ] {
            #expect(
                !CLLocationCoordinate2DIsValid(CLLocationCoordinate2DMake(latitude, longitude)),
                "\(latitude), \(longitude)")
        }
        // Make keeps what it is given, valid or not.
        let made = CLLocationCoordinate2DMake(100, -200)
        #expect(made.latitude == 100)
        #expect(made.longitude == -200)
    }

    @Test func aCLLocationsInitializersLeaveWhatTheyAreNotGivenUnknown() {
        let coordinate = CLLocationCoordinate2DMake(47, 8), date = Date(timeIntervalSince1970: 1_781_366_400)
        // cllocation/init(latitude:longitude:): "the altitude and vertical accuracy ... 0 and
        // -1": the altitude is not known (an app reading it checks verticalAccuracy < 0).
        let two = CLLocation(latitude: 47, longitude: 8)
        #expect([two.coordinate.latitude, two.coordinate.longitude, two.altitude] == [47, 8, 0])
        #expect([two.horizontalAccuracy, two.verticalAccuracy] == [0, -1])
        #expect([two.course, two.speed] == [-1, -1])
        let five = CLLocation(
            coordinate: coordinate, altitude: 410, horizontalAccuracy: 5, verticalAccuracy: 3, timestamp: date)
        #expect(five.coordinate.latitude == 47)
        #expect(five.altitude == 410)
        #expect(five.horizontalAccuracy == 5)
        #expect(five.verticalAccuracy == 3)
        #expect(five.timestamp == date)
        #expect([five.course, five.courseAccuracy, five.speed, five.speedAccuracy] == [-1, -1, -1, -1])
        #expect(five.floor == nil)
        #expect(five.sourceInformation == nil)

        let seven = CLLocation(
            coordinate: coordinate, altitude: 410, horizontalAccuracy: 5, verticalAccuracy: 3, course: 90, speed: 2,
            timestamp: date)
        #expect([seven.course, seven.courseAccuracy, seven.speed, seven.speedAccuracy] == [90, -1, 2, -1])
        #expect(seven.sourceInformation == nil)

        let nine = CLLocation(
            coordinate: coordinate, altitude: 410, horizontalAccuracy: 5, verticalAccuracy: 3, course: 90,
            courseAccuracy: 10, speed: 2, speedAccuracy: 0.5, timestamp: date)
        #expect([nine.course, nine.courseAccuracy, nine.speed, nine.speedAccuracy] == [90, 10, 2, 0.5])
        #expect(nine.sourceInformation == nil)

        let sourced = CLLocation(
            coordinate: coordinate, altitude: 410, horizontalAccuracy: 5, verticalAccuracy: 3, course: 90,
            courseAccuracy: 10, speed: 2, speedAccuracy: 0.5, timestamp: date,
            sourceInfo: CLLocationSourceInformation(softwareSimulationState: true, andExternalAccessoryState: false))
        #expect([sourced.courseAccuracy, sourced.speedAccuracy] == [10, 0.5])
        #expect(sourced.sourceInformation?.isSimulatedBySoftware == true)
        #expect(sourced.sourceInformation?.isProducedByAccessory == false)
        let accessory = CLLocationSourceInformation(softwareSimulationState: false, andExternalAccessoryState: true)
        #expect(!accessory.isSimulatedBySoftware)
        #expect(accessory.isProducedByAccessory)
        #if !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN)
        // The stand-in's reading: no geoid, so the height above the ellipsoid is the altitude.
        #expect(five.ellipsoidalAltitude == 410)
        let plain = CLLocationSourceInformation()
        #expect(!plain.isSimulatedBySoftware)
        #expect(!plain.isProducedByAccessory)
        #endif
    }

    @Test func aFixAnswersToCLLocationsNewerNamesAndSaysItIsSimulated() throws {
        let simulation = try Simulation(
            route: .points([
                RoutePoint(latitude: 47, longitude: 8, elevationMeters: 410, time: Walk.start),
                RoutePoint(latitude: 47.0001, longitude: 8, time: Walk.start.adding(seconds: 1)),
            ]),
            system: .init(authorization: .authorizedWhenInUse))
        let manager = SimulatedLocationManager(simulation: simulation)
        manager.startUpdatingLocation()
        try simulation.runToEnd()
        let fixes = simulation.deliveredLocations
        try #require(fixes.count == 2)
        // Not modelled: unknown.
        #expect(fixes[0].speedAccuracy == -1)
        #expect(fixes[0].courseAccuracy == -1)
        #expect(fixes[0].ellipsoidalAltitude == 410)
        #expect(fixes[1].ellipsoidalAltitude == 0, "no elevation: the altitude's 0")
        #expect(fixes[0].floor == nil)
        #expect(fixes[0].sourceInformation?.isSimulatedBySoftware == true)
        #expect(fixes[0].sourceInformation?.isProducedByAccessory == false)

        let location = fixes[0].clLocation
        #expect(location.course == fixes[0].course)
        #expect(location.speed == fixes[0].speed)
        #expect(location.courseAccuracy == -1)
        #expect(location.speedAccuracy == -1)
        #expect(location.floor == nil)
        #expect(location.sourceInformation?.isSimulatedBySoftware == true)
        #expect(location.sourceInformation?.isProducedByAccessory == false)
        #expect(manager.location?.sourceInformation?.isSimulatedBySoftware == true)
        #if !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN)
        #expect(location.ellipsoidalAltitude == 410)
        #endif
    }
}
