// What a user's test speaks in, so that `import LocationSimulation` is all it needs (until
// issue 23's public-surface step narrows this to the types a test uses).
import TrailcastCoreLocation
import TrailcastDevice
import TrailcastWeather

/// The `CLLocationManagerDelegate` callbacks a ``SimulatedLocationManager`` makes, with
/// Core Location's names, so that an app's delegate code reads the same. Each has an
/// empty default, as Core Location's optional methods do.
public protocol SimulatedLocationManagerDelegate: AnyObject {
    /// The app's authorization or accuracy changed; also once soon after the delegate is
    /// set, as Core Location calls it when a manager is created.
    func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager)
    /// New fixes, oldest first (one per call in the simulation).
    func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [LocationFix])
    /// `kCLErrorDenied` or `kCLErrorLocationUnknown`.
    func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: any Error)
}

extension SimulatedLocationManagerDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {}
    public func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [LocationFix]) {}
    public func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: any Error) {}
}

/// The error a simulated manager reports: `CLError` with the codes the simulation makes.
public struct SimulatedLocationError: Error, Equatable, CustomStringConvertible {
    public var code: LocationErrorCode

    public init(_ code: LocationErrorCode) {
        self.code = code
    }

    public var description: String { code.message }
}
