// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import CoreLocationSeam
import TrailcastCoreLocation
import TrailcastDevice

/// The simulation's `CLLocationManager`: a `LocationManaging` that a ``Simulation``
/// drives, with Core Location's members and, where the documentation says, its behaviour
/// (see `LocationService` for the rules). Several managers of one simulation share the
/// app's authorization, as on a device.
///
/// Calls return at once; what they cause reaches ``locationDelegate`` when the simulation
/// next runs (``Simulation/advance(by:)-(Double)``, ``Simulation/settle()``), as Core
/// Location's callbacks arrive later on the run loop, never inside the call.
public final class SimulatedLocationManager: LocationManaging {
    private let simulation: Simulation
    /// This manager's client number in the location service.
    let client: Int
    private var announcedAuthorization = false

    /// Receives the callbacks. Setting it the first time schedules the initial
    /// `locationManagerDidChangeAuthorization`, as creating a `CLLocationManager` does.
    public weak var locationDelegate: (any LocationManagingDelegate)? {
        didSet {
            guard locationDelegate != nil, !announcedAuthorization else { return }
            announcedAuthorization = true
            simulation.enqueue(.authorization, for: client)
        }
    }

    /// The last fix delivered to this manager, as the simulation's own value.
    public internal(set) var lastFix: LocationFix?

    /// A manager of the simulated app.
    public init(simulation: Simulation) {
        self.simulation = simulation
        client = simulation.allocateClient()
        simulation.attach(self, as: client)
    }

    deinit {
        simulation.detach(client: client)
    }

    /// Whether location services are on for the simulated device: that of the simulation
    /// making the current callback or step, or else of the newest simulation alive
    /// (``Simulation/System/servicesEnabled``). Tests that run in parallel and turn services
    /// off should read it in a callback, as Apple advises apps to (or read
    /// ``servicesEnabled`` on the manager).
    public static func locationServicesEnabled() -> Bool {
        Simulation.current?.service.servicesEnabled ?? true
    }

    /// Whether location services are on for this manager's simulated device: the question
    /// to ask in code shared with the app (`LocationManaging.servicesEnabled`).
    public var servicesEnabled: Bool { simulation.service.servicesEnabled }

    public var authorizationStatus: CLAuthorizationStatus {
        simulation.service.authorizationStatus.clAuthorizationStatus
    }
    public var accuracyAuthorization: CLAccuracyAuthorization { simulation.service.accuracy.clAccuracyAuthorization }

    /// The last fix delivered to this manager (Core Location's `location`), nil before the first.
    public var location: CLLocation? { lastFix?.clLocation }

    /// Metres the device must move before the next update; `kCLDistanceFilterNone` (or any
    /// negative value) for every fix.
    public var distanceFilter: CLLocationDistance = kCLDistanceFilterNone {
        didSet {
            let client = self.client, filter = distanceFilter >= 0 ? distanceFilter : nil
            simulation.configureService { $0.setDistanceFilter(filter, client: client) }
        }
    }

    /// Whether updates started in the foreground go on in the background (Core Location's
    /// rule: docs/background.md). Off by default, as in Core Location: without it an app gets
    /// no fixes in the background, When In Use or Always. Setting it to true without the
    /// `location` background mode (``Simulation/App/backgroundModes``) is a fatal error: the
    /// simulation ends, and its next step throws ``SimulationError/appCrashed(_:)``.
    public var allowsBackgroundLocationUpdates = false {
        didSet {
            simulation.setAllowsBackgroundLocationUpdates(allowsBackgroundLocationUpdates, client: client)
        }
    }

    /// Whether an Always app's background updates show the indicator (a When In Use app's
    /// always do). While it shows, the app is in use.
    public var showsBackgroundLocationIndicator = false {
        didSet {
            let client = self.client, shows = showsBackgroundLocationIndicator
            simulation.configureService { $0.setShowsBackgroundLocationIndicator(shows, client: client) }
        }
    }

    /// Whether Core Location may pause updates when the device stands still in the
    /// background (on by default, as in Core Location): docs/background.md gives the model.
    public var pausesLocationUpdatesAutomatically = true {
        didSet {
            let client = self.client, pauses = pausesLocationUpdatesAutomatically
            simulation.configureService { $0.setPausesLocationUpdatesAutomatically(pauses, client: client) }
        }
    }

    /// What the user is doing (`.other` by default, as in Core Location). Kept, and read by
    /// nothing: Apple says it affects when updates pause, but gives no figure for any
    /// activity, so the modelled pause (docs/background.md) is the same for each; this is
    /// the project's reading.
    public var activityType: CLActivityType = .other

    /// The accuracy wanted; `kCLLocationAccuracyReduced` gives approximate fixes (as with
    /// Precise Location off), any other value full fixes when authorized: also
    /// `kCLLocationAccuracyThreeKilometers`, which Apple gives only with precise location.
    public var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest {
        didSet {
            // The constant itself, as Apple documents it, not a threshold.
            let client = self.client, reduced = desiredAccuracy == kCLLocationAccuracyReduced
            simulation.configureService { $0.setWantsReducedAccuracy(reduced, client: client) }
        }
    }

    /// Shows the When In Use prompt while `notDetermined`; the simulated person's answer
    /// comes after the callbacks already due. Does nothing otherwise, as Core Location.
    public func requestWhenInUseAuthorization() {
        simulation.requestAuthorization(.whenInUse, from: client, as: .requestWhenInUseAuthorization)
    }

    /// The Always prompt, or the one-time upgrade from When In Use; see `LocationService`.
    public func requestAlwaysAuthorization() {
        simulation.requestAuthorization(.always, from: client, as: .requestAlwaysAuthorization)
    }

    /// With approximate location authorized, asks the simulated person for precise location
    /// for this session (``Simulation/User/temporaryFullAccuracyAnswer``); `completion`
    /// runs once answered, and a granted request reaches the delegate as an authorization
    /// change (full accuracy until the app goes to the background). Any purpose key is
    /// taken. Without authorization the completion gets `CLError(.denied)` and nothing is
    /// shown; with full accuracy already, it gets nil at once.
    public func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)?
    ) {
        let authorized = simulation.service.authorizationStatus.isAuthorized
        simulation.requestAuthorization(
            .temporaryFullAccuracy, from: client, as: .requestTemporaryFullAccuracyAuthorization,
            answered: completion.map { completion in { completion(authorized ? nil : CLError(.denied)) } })
    }

    public func startUpdatingLocation() {
        let client = self.client
        simulation.call(.startUpdatingLocation, from: client) { service, output in
            service.startUpdatingLocation(client: client, into: &output)
        }
    }

    public func stopUpdatingLocation() {
        let client = self.client
        simulation.call(.stopUpdatingLocation, from: client) { service, _ in
            service.stopUpdatingLocation(client: client)
        }
    }

    /// One fix (the next the device reports that this app may receive), or an error.
    public func requestLocation() {
        let client = self.client
        simulation.call(.requestLocation, from: client) { service, output in
            service.requestLocation(client: client, into: &output)
        }
    }
}

#if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
/// Region monitoring and the significant-change service, with Core Location's rules
/// (docs/regions.md, docs/background.md).
extension SimulatedLocationManager {
    /// Watches a `CLCircularRegion` (another kind of region fails with
    /// `regionMonitoringFailure`): `didStartMonitoringFor`, then `didEnterRegion` /
    /// `didExitRegion` 20 s after the device is past the boundary by the cushion. Regions are
    /// the app's, shared by its managers; every manager's delegate hears their events.
    public func startMonitoring(for region: CLRegion) {
        let client = self.client
        guard let circle = region as? CLCircularRegion else {
            simulation.call(.startMonitoring, from: client) { _, output in
                output.append(
                    .regionError(RegionFailure(identifier: region.identifier, reason: .unsupported), client: client))
            }
            return
        }
        simulation.startMonitoring(CircularRegion(circle), from: client)
    }

    public func stopMonitoring(for region: CLRegion) {
        let client = self.client, identifier = region.identifier
        simulation.call(.stopMonitoring, from: client) { service, output in
            service.stopMonitoring(identifier, into: &output)
        }
    }

    /// `didDetermineState` after the next fix the app may hear of.
    public func requestState(for region: CLRegion) {
        let client = self.client, identifier = region.identifier
        simulation.call(.requestState, from: client) { service, _ in
            service.requestState(identifier)
        }
    }

    /// The app's regions, as new copies each time (as Core Location's).
    public var monitoredRegions: Set<CLRegion> {
        Set(simulation.service.monitoredRegions.map { CLCircularRegion($0) as CLRegion })
    }

    /// 100 km: Apple gives no figure (docs/regions.md).
    public var maximumRegionMonitoringDistance: CLLocationDistance { RegionMonitor.maximumRadiusMeters }

    /// Circular regions only.
    public static func isMonitoringAvailable(for regionClass: AnyClass) -> Bool {
        regionClass == CLCircularRegion.self
    }

    /// Circular regions only, whatever the simulation.
    public func monitoringAvailable(for regionClass: AnyClass) -> Bool { Self.isMonitoringAvailable(for: regionClass) }

    /// The simulated device is a phone, which has the service: always true.
    public static func significantLocationChangeMonitoringAvailable() -> Bool { true }

    /// Always true (``significantLocationChangeMonitoringAvailable()``).
    public var significantChangesAvailable: Bool { Self.significantLocationChangeMonitoringAvailable() }

    /// Deliveries to `didUpdateLocations`: the next fix, then every 500 m and 5 minutes.
    public func startMonitoringSignificantLocationChanges() {
        let client = self.client
        simulation.call(.startMonitoringSignificantLocationChanges, from: client) { service, output in
            service.startMonitoringSignificantLocationChanges(client: client, into: &output)
        }
    }

    public func stopMonitoringSignificantLocationChanges() {
        let client = self.client
        simulation.call(.stopMonitoringSignificantLocationChanges, from: client) { service, _ in
            service.stopMonitoringSignificantLocationChanges(client: client)
        }
    }

    /// Visits for the whole app, told to every manager's `didVisit` as a ``SimulatedVisit``:
    /// an arrival after 5 minutes within 50 m, a departure after 60 s beyond 100 m (the
    /// project's rule, docs/background.md). Started while denied: `didFailWithError` `.denied`.
    public func startMonitoringVisits() {
        let client = self.client
        simulation.call(.startMonitoringVisits, from: client) { service, output in
            service.startMonitoringVisits(client: client, into: &output)
        }
    }

    /// For the whole app, as Core Location's.
    public func stopMonitoringVisits() {
        simulation.call(.stopMonitoringVisits, from: client) { service, _ in
            service.stopMonitoringVisits()
        }
    }
}
#endif
