import TrailcastCoreLocation
import TrailcastDevice

/// The part of `CLLocationManager` an app uses, driven by a ``Simulation``: the same
/// names and, where the documentation says, the same behaviour (see `LocationService`
/// for the rules). Several managers of one simulation share the app's authorization, as
/// on a device.
///
/// Calls return at once; what they cause reaches the delegate when the simulation next
/// runs (``Simulation/advance(by:)-(Double)``, ``Simulation/settle()``), as Core Location's
/// callbacks arrive later on the run loop, never inside the call.
public final class SimulatedLocationManager {
    /// `kCLDistanceFilterNone`.
    public static let distanceFilterNone = -1.0
    /// `kCLLocationAccuracyBest`.
    public static let accuracyBest = -1.0
    /// `kCLLocationAccuracyReduced`: ask for approximate fixes even with precise location on.
    public static let accuracyReduced = 3000.0

    private let simulation: Simulation
    /// This manager's client number in the location service.
    let client: Int
    private var announcedAuthorization = false

    /// Receives the callbacks. Setting it the first time schedules the initial
    /// `locationManagerDidChangeAuthorization`.
    public weak var delegate: (any SimulatedLocationManagerDelegate)? {
        didSet {
            guard delegate != nil, !announcedAuthorization else { return }
            announcedAuthorization = true
            simulation.enqueue(.authorization, for: client)
        }
    }

    /// The last fix delivered to this manager (Core Location's `location`), nil before the first.
    public internal(set) var location: LocationFix?

    /// A manager of the simulated app.
    public init(simulation: Simulation) {
        self.simulation = simulation
        client = simulation.allocateClient()
        simulation.attach(self, as: client)
    }

    deinit {
        simulation.detach(client: client)
    }

    public var authorizationStatus: AuthorizationStatus { simulation.service.authorizationStatus }
    public var accuracyAuthorization: LocationAccuracy { simulation.service.accuracy }

    /// Core Location's class method, answered by this manager's simulated device.
    public func locationServicesEnabled() -> Bool { simulation.service.servicesEnabled }

    /// Metres the device must move before the next update; ``distanceFilterNone`` (or any
    /// negative value) for every fix.
    public var distanceFilter: Double = distanceFilterNone {
        didSet {
            let client = self.client, filter = distanceFilter >= 0 ? distanceFilter : nil
            simulation.configureService { $0.setDistanceFilter(filter, client: client) }
        }
    }

    /// The accuracy wanted; ``accuracyReduced`` gives approximate fixes (as with Precise
    /// Location off), any other value full fixes when authorized.
    public var desiredAccuracy: Double = accuracyBest {
        didSet {
            let client = self.client, reduced = desiredAccuracy >= Self.accuracyReduced
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
    /// taken. Without authorization the completion gets `denied` and nothing is shown; with
    /// full accuracy already, it gets nil at once.
    public func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, completion: ((SimulatedLocationError?) -> Void)? = nil
    ) {
        let authorized = authorizationStatus.isAuthorized
        simulation.requestAuthorization(
            .temporaryFullAccuracy, from: client, as: .requestTemporaryFullAccuracyAuthorization,
            answered: completion.map { completion in { completion(authorized ? nil : SimulatedLocationError(.denied)) } })
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
