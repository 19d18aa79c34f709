// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice

/// Region monitoring's rules in the Core Location model, below the command: registration,
/// the crossing rule, and what the app hears when.
@Suite("Region monitoring rules")
struct RegionMonitorTests {
    static let center = Coordinate(latitude: 47, longitude: 8)
    static let metresPerDegreeLongitude = 111_320.0 * cos(47 * Double.pi / 180)

    static func region(_ identifier: String = "shop", radius: Double = 100, entry: Bool = true, exit: Bool = true)
        -> CircularRegion
    {
        CircularRegion(
            identifier: identifier, center: center, radiusMeters: radius, notifyOnEntry: entry, notifyOnExit: exit)
    }

    /// A fix `east` metres east of the centre at `second`, reporting `accuracy`.
    static func fix(east: Double, second: Double, accuracy: Double = 5) -> LocationFix {
        LocationFix(
            time: Timestamp(timeIntervalSince1970: 1_000_000 + second), latitude: center.latitude,
            longitude: center.longitude + east / metresPerDegreeLongitude, horizontalAccuracyMeters: accuracy)
    }

    static func authorized(_ status: AuthorizationStatus = .authorizedWhenInUse) -> LocationService {
        LocationService(configuration: .init(initialStatus: status))
    }

    /// Steps the service through fixes at `east(second)` for `seconds`, returning what it said.
    static func walk(_ service: inout LocationService, from start: Int = 0, seconds: Int, east: (Int) -> Double)
        -> [String]
    {
        var outputs: [LocationService.Output] = []
        for second in start..<(start + seconds) {
            service.receive(fix(east: east(second), second: Double(second)), into: &outputs)
        }
        return outputs.map(LocationServiceTests.describe).map { "\($0)" }.filter { $0.hasPrefix("region") }
    }

    @Test(
        "registering: started; the same identifier replaces (no second slot); stopping an unknown region does nothing")
    func registering() {
        var service = Self.authorized()
        var outputs: [LocationService.Output] = []
        service.startMonitoring(Self.region(), into: &outputs)
        service.startMonitoring(Self.region(radius: 200), into: &outputs)
        service.stopMonitoring("nowhere", into: &outputs)
        #expect(outputs.map(LocationServiceTests.describe) == ["region started shop", "region started shop"])
        #expect(service.monitoredRegions.map(\.radiusMeters) == [200])
        service.stopMonitoring("shop", into: &outputs)
        #expect(service.monitoredRegions.isEmpty)
        #expect(outputs.map(LocationServiceTests.describe).last == "region stopped shop")
    }

    @Test("a region of the largest radius Apple takes, 100 km, is monitored; the next radius up is not")
    func largestRadius() {
        var service = Self.authorized()
        var outputs: [LocationService.Output] = []
        service.startMonitoring(Self.region("widest", radius: RegionMonitor.maximumRadiusMeters), into: &outputs)
        service.startMonitoring(
            Self.region("wider", radius: RegionMonitor.maximumRadiusMeters.nextUp), into: &outputs)
        #expect(service.monitoredRegions.map(\.identifier) == ["widest"])
        #expect(
            outputs.map(LocationServiceTests.describe).filter { $0.hasPrefix("regionError") } == [
                "regionError radius wider client 0"
            ])
    }

    @Test(
        "the 21st region and a radius above the maximum fail to the client that registered them; a region of radius 0 too"
    )
    func failures() {
        var service = Self.authorized()
        let second = service.addClient()
        var outputs: [LocationService.Output] = []
        for index in 1...20 { service.startMonitoring(Self.region("r\(index)"), into: &outputs) }
        outputs.removeAll()
        service.startMonitoring(Self.region("r21"), client: second, into: &outputs)
        service.startMonitoring(Self.region("r1", radius: RegionMonitor.maximumRadiusMeters + 1), into: &outputs)
        service.startMonitoring(Self.region("r2", radius: 0), into: &outputs)
        #expect(
            outputs.map(LocationServiceTests.describe) == [
                "regionError limit r21 client 1", "regionError radius r1 client 0", "regionError radius r2 client 0",
            ])
        #expect(service.monitoredRegions.count == 20)
        #expect(
            service.monitoredRegions.first { $0.identifier == "r1" }?.radiusMeters == 100,
            "a failed replacement keeps the region it would have replaced")
    }

    @Test(
        "not determined: kept without an error, monitored once allowed; denied, restricted or services off: kept, regionMonitoringDenied"
    )
    func authorization() {
        var undetermined = LocationService()
        var outputs: [LocationService.Output] = []
        undetermined.startMonitoring(Self.region(), into: &outputs)
        #expect(outputs.map(LocationServiceTests.describe) == ["region started shop"])
        for configuration in [
            LocationService.Configuration(initialStatus: .denied), .init(initialStatus: .restricted),
            .init(initialStatus: .authorizedAlways, servicesEnabled: false),
        ] {
            var service = LocationService(configuration: configuration)
            outputs.removeAll()
            service.startMonitoring(Self.region(), into: &outputs)
            #expect(outputs.map(LocationServiceTests.describe) == ["regionError denied shop client 0"])
            #expect(service.monitoredRegions.count == 1, "kept for later, as Apple's guide says")
        }
    }

    @Test(
        "the crossing rule: 20 s past the cushion; in the cushion band the count starts again; the first determination is silent"
    )
    func crossing() {
        var service = Self.authorized()
        var outputs: [LocationService.Output] = []
        service.startMonitoring(Self.region(), into: &outputs)
        // Inside from the first fix: no event.
        #expect(Self.walk(&service, seconds: 30) { _ in 0 } == [])
        // Out past the cushion (110 m) for 19 s, back into the band for a second, then 20 s out.
        #expect(Self.walk(&service, from: 30, seconds: 19) { _ in 120 } == [])
        #expect(Self.walk(&service, from: 49, seconds: 1) { _ in 105 } == [])
        let exit = Self.walk(&service, from: 50, seconds: 21) { _ in 120 }
        #expect(exit == ["region exit shop"])
        #expect(service.regionMonitor.state(of: "shop") == .outside)
    }

    @Test("the cushion is twice the fix's accuracy, at least 10 m, at most half the radius")
    func cushion() {
        #expect(RegionMonitor.cushionMeters(accuracy: 5, radius: 100) == 10)
        #expect(RegionMonitor.cushionMeters(accuracy: 18, radius: 100) == 36)
        #expect(RegionMonitor.cushionMeters(accuracy: 65, radius: 100) == 50)
        #expect(RegionMonitor.cushionMeters(accuracy: 1, radius: 10) == 5)
    }

    @Test("notifyOnEntry false: no enter, but the exit; notifyOnExit false: the reverse")
    func notifyFlags() {
        var service = Self.authorized()
        var outputs: [LocationService.Output] = []
        service.startMonitoring(Self.region("in", entry: false), into: &outputs)
        service.startMonitoring(Self.region("out", exit: false), into: &outputs)
        let events = Self.walk(&service, seconds: 200) { second in second < 50 ? 300 : (second < 120 ? 0 : 300) }
        #expect(events == ["region enter out", "region exit in"])
    }

    @Test("requestState: didDetermineState after the next fix, once; a region not monitored is ignored")
    func requestState() {
        var service = Self.authorized()
        var outputs: [LocationService.Output] = []
        service.startMonitoring(Self.region(), into: &outputs)
        service.requestState("shop")
        service.requestState("nowhere")
        #expect(Self.walk(&service, seconds: 3) { _ in 300 } == ["region outside shop"])
    }

    /// Apple, `requestState(for:)`: the answer is `didDetermineState` with the region's
    /// present state; each of the three, with the fix that settled it (none for unknown).
    @Test("requestState answers the region's own state: inside, outside, or unknown in the cushion band")
    func requestStateAnswersEachState() throws {
        for (east, change) in [(0.0, RegionEvent.Change.inside), (300, .outside), (105, .unknown)] {
            var service = Self.authorized()
            var outputs: [LocationService.Output] = []
            service.startMonitoring(Self.region(), into: &outputs)
            service.requestState("shop")
            outputs.removeAll()
            let fix = Self.fix(east: east, second: 0)
            service.receive(fix, into: &outputs)
            let answers = outputs.compactMap { output -> RegionEvent? in
                if case .region(let event) = output { event } else { nil }
            }
            let position = change == .unknown ? nil : Coordinate(latitude: fix.latitude, longitude: fix.longitude)
            #expect(
                answers == [RegionEvent(region: Self.region(), change: change, position: position)], "\(east) m east")
        }
        #expect(RegionState.allCases.map(RegionEvent.Change.determined) == [.unknown, .inside, .outside])
    }

    /// Apple, `CLError.Code`: `regionMonitoringDenied` when "the user has denied your app
    /// access" (approximate location included: Core Location does not monitor regions for
    /// it), `regionMonitoringFailure` for a region that cannot be monitored.
    @Test("each region failure's CLError code and message: denied and approximate location are regionMonitoringDenied")
    func failureCodes() {
        let codes = RegionFailure.Reason.allCases.map { "\($0) \($0.code)" }
        #expect(
            codes == [
                "limit regionMonitoringFailure", "radius regionMonitoringFailure", "denied regionMonitoringDenied",
                "reducedAccuracy regionMonitoringDenied", "unsupported regionMonitoringFailure",
            ])
        #expect(
            RegionFailure(identifier: "shop", reason: .reducedAccuracy).message
                == "Approximate location: the app cannot monitor regions (kCLErrorRegionMonitoringDenied).")
        var service = LocationService(
            configuration: .init(initialStatus: .authorizedWhenInUse, initialAccuracy: .reduced))
        var outputs: [LocationService.Output] = []
        service.startMonitoring(Self.region(), into: &outputs)
        #expect(outputs.map(LocationServiceTests.describe) == ["regionError reducedAccuracy shop client 0"])
        let failure = outputs.compactMap { output -> RegionFailure? in
            if case .regionError(let failure, _) = output { failure } else { nil }
        }
        #expect(failure.map(\.reason.code) == [.regionMonitoringDenied])
    }

    @Test("losing full accuracy stops monitoring; regained, the first determination is silent")
    func approximateInTheMiddle() {
        var service = Self.authorized()
        var outputs: [LocationService.Output] = []
        service.startMonitoring(Self.region(), into: &outputs)
        #expect(Self.walk(&service, seconds: 10) { _ in 300 } == [])
        service.changeAccuracyInSettings(to: .reduced, into: &outputs)
        #expect(service.regionMonitor.state(of: "shop") == .unknown)
        #expect(Self.walk(&service, from: 10, seconds: 60) { _ in 0 } == [])
        service.changeAccuracyInSettings(to: .full, into: &outputs)
        #expect(Self.walk(&service, from: 70, seconds: 60) { _ in 0 } == [])
        #expect(service.regionMonitor.state(of: "shop") == .inside)
    }
}
