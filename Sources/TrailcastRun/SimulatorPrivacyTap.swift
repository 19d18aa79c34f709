import TrailcastFeeds
import TrailcastTimeline
import TrailcastCoreLocation

/// Passes the timeline on, and mirrors each change of the app's permission onto the iOS
/// Simulator (`simctl privacy`), in the order the run makes them.
///
/// What simctl can express: When In Use (`grant location`), Always (`grant
/// location-always`), Denied (`revoke location`), Not Determined (`reset location`).
/// Not: Restricted, Allow Once (it reads as When In Use), reduced accuracy, or Location
/// Services off for the whole device (the app sees Denied; nothing is sent).
struct SimulatorPrivacyTap<Inner: TimelineRecorder>: TimelineRecorder {
    var inner: Inner
    let simulator: SimulatorFeed

    init(_ inner: Inner, simulator: SimulatorFeed) {
        self.inner = inner
        self.simulator = simulator
    }

    mutating func record(_ event: TimelineEvent) throws {
        try inner.record(event)
        guard case .authorization(let change) = event.kind, change.cause != .services else { return }
        switch change.to {
        case .authorizedWhenInUse: try simulator.privacyChanged(.grant(always: false))
        case .authorizedAlways: try simulator.privacyChanged(.grant(always: true))
        case .denied: try simulator.privacyChanged(.revoke)
        case .notDetermined: try simulator.privacyChanged(.reset)
        case .restricted: break
        }
    }

    mutating func flush() throws {
        try inner.flush()
    }
}
