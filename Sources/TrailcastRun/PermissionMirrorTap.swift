import TrailcastCoreLocation
import TrailcastWire
import TrailcastFeeds
import TrailcastTimeline

/// Passes the timeline on, and mirrors each change of the app's permission onto what runs
/// outside: the iOS Simulator (`simctl privacy`) and the browser's pages (the `geolocation`
/// permission), in the order the run makes them.
///
/// What simctl can express: When In Use (`grant location`), Always (`grant
/// location-always`), Denied (`revoke location`), Not Determined (`reset location`).
/// Not: Restricted, Allow Once (it reads as When In Use), reduced accuracy, or Location
/// Services off for the whole device (the app sees Denied; nothing is sent).
///
/// What a browser can express (`Browser.setPermission`): `granted` for When In Use, Always
/// and Allow Once; `denied` for Denied, Restricted and Location Services off (the app sees
/// Denied); `prompt` for Not Determined (docs/browser.md).
struct PermissionMirrorTap<Inner: TimelineRecorder>: TimelineRecorder {
    var inner: Inner
    let simulator: SimulatorFeed?
    let browser: BrowserFeed?

    init(_ inner: Inner, simulator: SimulatorFeed?, browser: BrowserFeed?) {
        self.inner = inner
        self.simulator = simulator
        self.browser = browser
    }

    mutating func record(_ event: TimelineEvent) throws {
        try inner.record(event)
        guard case .authorization(let change) = event.kind else { return }
        browser?.permissionChanged(Self.browserPermission(change.to))
        guard let simulator, change.cause != .services else { return }
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

    /// The page's `geolocation` permission for what the app sees.
    static func browserPermission(_ status: AuthorizationStatus) -> GeolocationPermission {
        switch status {
        case .authorizedWhenInUse, .authorizedAlways: .granted
        case .denied, .restricted: .denied
        case .notDetermined: .prompt
        }
    }
}
