public import TrailcastDevice
public import TrailcastCoreLocation
public import TrailcastSettings
import TrailcastTimeline

/// The app in the simulated phone: what it does with Core Location's callbacks, the
/// user's and the system's changes, and the user's taps. The replay engine drives one,
/// the weather app (``WeatherAppModel``) or the places app (``PlacesAppModel``), without
/// knowing which; every method appends what happened, in order, as timeline event kinds,
/// and what it wants done (a weather lookup) as effects the engine carries out.
public protocol ModelApp: Sendable {
    /// The app's location manager(s) and Core Location's state for the app.
    var locationService: LocationService { get }
    /// The app starts.
    mutating func launch(into output: inout AppOutput)
    /// The user or the system changes something, or the user taps (`--event`).
    mutating func apply(_ change: ScheduledEvent.Change, into output: inout AppOutput)
    /// The device has a fix; the app receives it if Core Location delivers it.
    mutating func deviceMoved(to fix: LocationFix, into output: inout AppOutput)
    /// The device's GPS lost or regained its signal.
    mutating func deviceSignalChanged(_ change: SignalChange, into output: inout AppOutput)
    /// The run ends.
    mutating func terminate(into output: inout AppOutput)
}
