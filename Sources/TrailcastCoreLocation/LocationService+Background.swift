// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastDevice

/// Standard updates in the background, each rule in docs/background.md's table with its source:
/// - A client's updates reach the app in the background only with
///   `allowsBackgroundLocationUpdates` and only if they were started while the app was in
///   the foreground (Apple: "When the value of this property is true and you start location
///   updates while the app is in the foreground, Core Location configures the system to keep
///   the app running"; "Attempts to start location updates while your app runs in the
///   background will fail"). Without it they stop there: Apple says they "may or may not
///   continue", and the project takes the case a test must survive.
/// - The indicator: a When In Use app with such updates running in the background shows it,
///   an Always app only with `showsBackgroundLocationIndicator`. While it shows, the app is
///   "in use" (Apple lists "When the app shows the background location usage indicator"), so
///   a When In Use app hears regions, visits and significant changes, and Allow Once does
///   not expire.
/// - `pausesLocationUpdatesAutomatically` (on by default): in the background, when the
///   device's fixes stay within ``automaticPauseRadiusMeters`` for
///   ``automaticPauseSeconds``, updates pause (`didPauseLocationUpdates`) until the app starts
///   them again (`didResumeLocationUpdates`): Apple "does not resume updates automatically".
///   The figures are the project's: Apple gives none.
/// - `CLBackgroundActivitySession` (iOS 17): "a visual indicator that keeps your app in use
///   in the background, allowing it to receive updates or events"; it "allows a
///   when-in-use authorized app to receive location updates or monitoring events". While
///   the app holds one and has been in the foreground since it began (the project's
///   reading: a session keeps the app in use, it cannot make an app in use that is not),
///   the indicator shows in the background, so the app is in use, and updates started in
///   the foreground go on there as with `allowsBackgroundLocationUpdates` (the project's
///   reading of "allowing it to receive updates"). A terminated app's sessions end with it.
extension LocationService {
    package static let automaticPauseRadiusMeters = 50.0
    package static let automaticPauseSeconds = 600.0

    /// A client's `allowsBackgroundLocationUpdates`.
    package func allowsBackgroundLocationUpdates(client: Int = 0) -> Bool { clients[client].allowsBackgroundUpdates }

    /// A client sets `allowsBackgroundLocationUpdates`. True without the `location`
    /// background mode in the app's Info.plist is a fatal error: a fatal `plistError`, and
    /// nothing changes (the app is terminated; LocationService+InfoPlist.swift).
    package mutating func setAllowsBackgroundLocationUpdates(_ allowed: Bool, client: Int, into output: inout [Output])
    {
        if allowed, let fatal = backgroundModeMissing(client: client) {
            output.append(.infoPlistError(fatal))
            return
        }
        clients[client].allowsBackgroundUpdates = allowed
    }

    /// A client's `showsBackgroundLocationIndicator`.
    package mutating func setShowsBackgroundLocationIndicator(_ shows: Bool, client: Int) {
        clients[client].showsBackgroundIndicator = shows
    }

    /// A client's `pausesLocationUpdatesAutomatically`.
    package mutating func setPausesLocationUpdatesAutomatically(_ pauses: Bool, client: Int) {
        clients[client].pausesAutomatically = pauses
        if !pauses { clients[client].stationaryAnchor = nil }
    }

    /// Whether the client's updates were paused automatically.
    package func isPaused(client: Int = 0) -> Bool { clients[client].isPaused }

    /// Whether the client's updates go on while the app is in the background: started in
    /// the foreground, or by an Always app. Apple, of When In Use only: "Attempts to start
    /// location updates while your app runs in the background will fail"
    /// (`requestWhenInUseAuthorization()`); Always lets an app "receive events even if the
    /// user is not aware that your app is running" (Choosing the Location Services
    /// Authorization to Request).
    func runsInBackground(_ client: Client) -> Bool {
        client.isUpdating && (client.startedInForeground || authorizationStatus == .authorizedAlways)
            && (client.allowsBackgroundUpdates || sessionsKeepAppInUse)
    }

    /// The app begins a `CLBackgroundActivitySession`.
    package mutating func beginBackgroundActivitySession() {
        backgroundActivitySessions += 1
        if appState == .foreground { sessionsKeepAppInUse = true }
    }

    /// The app invalidates (or drops) one of its sessions; after the last, a When In Use
    /// app in the background is no longer in use (Allow Once ends then, as when the
    /// indicator goes).
    package mutating func endBackgroundActivitySession(into output: inout [Output]) {
        guard backgroundActivitySessions > 0 else { return }
        backgroundActivitySessions -= 1
        guard backgroundActivitySessions == 0 else { return }
        sessionsKeepAppInUse = false
        if appState != .foreground && !isInUse {
            expireTemporaryFullAccuracy(into: &output)
            expireAllowOnce(into: &output)
        }
    }

    /// Sessions held take effect in the foreground and end with the app.
    mutating func updateBackgroundActivitySessions(for state: AppState) {
        switch state {
        case .foreground: sessionsKeepAppInUse = backgroundActivitySessions > 0
        case .terminated:
            backgroundActivitySessions = 0
            sessionsKeepAppInUse = false
        case .background: break
        }
    }

    /// An event for a terminated app: Core Location relaunches it into the background first
    /// if it is authorized Always (Apple: "Yes for significant location change, visits, and
    /// region monitoring services" launch a terminated app, with Always only). Whether the
    /// app may hear the event now.
    mutating func wakeIfTerminated(for reason: LaunchReason, into output: inout [Output]) -> Bool {
        guard appState == .terminated else { return true }
        guard authorizationStatus == .authorizedAlways else { return false }
        appState = .background
        output.append(.launched(reason))
        return true
    }

    /// Whether the system shows the background location indicator for the app now.
    package var showsBackgroundIndicator: Bool {
        guard appState == .background, authorizationStatus.isAuthorized else { return false }
        if sessionsKeepAppInUse { return true }
        return clients.contains { client in
            runsInBackground(client) && !client.isPaused
                && (authorizationStatus == .authorizedWhenInUse || client.showsBackgroundIndicator)
        }
    }

    /// Apple's "in use": in the foreground, in the few seconds after it, or showing the
    /// background location indicator. (A terminated app never is.) Apple, Choosing the
    /// Location Services Authorization to Request: an app is in use "When the app runs in
    /// the foreground. In the few seconds after an app leaves the foreground, a short grace
    /// period for your app to finish any current location tasks the user initiated. When
    /// the app shows the background location usage indicator".
    package var isInUse: Bool {
        appState == .foreground || (appState == .background && isInGracePeriod) || showsBackgroundIndicator
    }

    /// How long the grace lasts. Apple gives no figure ("a few seconds"): 5 s is the
    /// project's reading. Fixes are not delivered during it unless background updates run
    /// (the app is suspended as it would be without them); what the grace keeps is "in
    /// use": an Allow Once grant, temporary full accuracy, a When In Use app hearing
    /// regions, visits and significant changes.
    package static let inUseGraceSeconds = 5.0

    /// The grace after leaving the foreground is over: what needed the app in use ends
    /// now, unless the indicator keeps it in use.
    package mutating func endInUseGrace(into output: inout [Output]) {
        guard isInGracePeriod else { return }
        isInGracePeriod = false
        guard appState != .foreground && !isInUse else { return }
        expireTemporaryFullAccuracy(into: &output)
        expireAllowOnce(into: &output)
        settleRegions(into: &output)
    }

    /// In the background, a client whose device has stood still long enough pauses.
    mutating func pauseIfStationary(_ fix: LocationFix, into output: inout [Output]) {
        guard appState == .background else { return }
        for index in clients.indices where clients[index].pausesAutomatically && receivesFixes(clients[index]) {
            guard let anchor = clients[index].stationaryAnchor,
                GreatCircle.distanceMeters(
                    latitude1: anchor.latitude, longitude1: anchor.longitude,
                    latitude2: fix.latitude, longitude2: fix.longitude) <= Self.automaticPauseRadiusMeters
            else {
                clients[index].stationaryAnchor = fix
                continue
            }
            guard fix.time.seconds(since: anchor.time) >= Self.automaticPauseSeconds else { continue }
            clients[index].isPaused = true
            clients[index].stationaryAnchor = nil
            output.append(.paused(client: index))
        }
    }
}
