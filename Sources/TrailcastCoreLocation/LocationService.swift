// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
package import TrailcastDevice

/// A model of `CLLocationManager` for one app: authorization, prompts, updates and
/// the rules that decide which fixes reach the app.
///
/// The rules (also in docs/replay.md's table):
/// - A prompt appears only while the status is `notDetermined` (and location services
///   are on). The simulated user answers with ``Configuration/promptAnswers``, in turn.
///   Deny gives `denied`; after that every request does nothing.
/// - Allow Once gives `authorizedWhenInUse` until the app is no longer in use (the few
///   seconds after it leaves the foreground, ``inUseGraceSeconds``, or the indicator) or
///   the run ends, then the status reverts to `notDetermined` (cause `expired`).
/// - `requestAlways` from `notDetermined` prompts, and an allowed answer is provisional
///   Always (LocationService+ProvisionalAlways.swift); from `authorizedWhenInUse` it
///   offers the upgrade once (``Configuration/alwaysUpgradeAnswer``); after Allow
///   Once it is ignored. `restricted` never prompts.
/// - Starting updates while `denied` or `restricted` fails with `denied` and delivers
///   nothing. Losing authorization while updating reports the change, then a
///   `denied` error, and stops updates.
/// - With location services off the app sees `denied`; switching them on restores
///   the stored status.
/// - A when-in-use app gets no fixes in the background.
/// - When the device loses its GPS signal, an app receiving updates gets one
///   `locationUnknown` error (as Core Location reports a fix it cannot get, then keeps
///   trying); updates stay on and fixes resume when the signal returns. An app that
///   starts updates while the signal is lost gets the same error.
/// - Reduced accuracy: see ``ApproximateLocation``. The distance filter drops fixes
///   closer than its distance to the last delivered one.
/// - Several clients (location managers of one app) share the app's authorization,
///   accuracy and state; each starts and stops its own updates, has its own distance
///   filter and desired accuracy, and gets its own fixes and errors. Client 0 always
///   exists: the model app uses it alone.
/// - `requestLocation()` (a client's one-shot request) delivers the next fix the client
///   may receive, once, then stops; without authorization it fails with `denied`, and
///   while the signal is lost with `locationUnknown`.
/// - The app's Info.plist (``Configuration/infoPlist``): a request without its purpose
///   string does nothing, background updates without their background mode are fatal, and
///   `NSLocationDefaultAccuracyReduced` makes a grant reduced (LocationService+InfoPlist.swift).
public struct LocationService: Sendable {
    package let configuration: Configuration
    /// The status stored for the app in Settings (what it gets back when services return).
    package private(set) var storedStatus: AuthorizationStatus
    package internal(set) var accuracy: LocationAccuracy
    package private(set) var servicesEnabled: Bool
    package internal(set) var appState: AppState = .foreground
    var clients: [Client]
    private var isAllowOnceGrant = false
    /// Full accuracy granted for this session only, over a reduced setting.
    private var isTemporaryFullAccuracy = false
    var alwaysUpgradeOffered = false
    /// Always granted at the first prompt of `requestAlwaysAuthorization()`, until the
    /// second prompt confirms it (see LocationService+ProvisionalAlways.swift).
    package internal(set) var isProvisionalAlways = false
    /// In the background for less than ``inUseGraceSeconds``: still in use (see
    /// LocationService+Background.swift); the driver ends it (``endInUseGrace(into:)``).
    package internal(set) var isInGracePeriod = false
    /// Permission prompts shown so far: which of ``Configuration/promptAnswers`` answers the next.
    private var permissionPromptsShown = 0
    /// Whether the device's receiver has a fix.
    package private(set) var hasSignal = true
    /// The last fix Core Location handed the app (any client, any service), precise: what a
    /// start of updates hands over first (see ``startUpdatingLocation(client:into:)``).
    package internal(set) var lastKnownFix: LocationFix?
    /// The app's monitored regions (shared by its clients) and what is known of each.
    package internal(set) var regionMonitor = RegionMonitor()
    /// `CLMonitor`s by name, each with its conditions (a `RegionMonitor` in CLMonitor's way).
    var conditionMonitors: [String: RegionMonitor] = [:]
    /// The visits service, app-wide: nil while off.
    var visitDetector: VisitDetector?
    /// Visits a When In Use app in the background has not heard yet, oldest first.
    var heldVisits: [Visit] = []
    /// `CLBackgroundActivitySession`s the app holds, and whether they keep it in use now
    /// (see LocationService+Background.swift).
    var backgroundActivitySessions = 0
    var sessionsKeepAppInUse = false

    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        storedStatus = configuration.initialStatus
        accuracy = configuration.initialAccuracy
        servicesEnabled = configuration.servicesEnabled
        clients = [Client(distanceFilterMeters: configuration.distanceFilterMeters)]
    }

    /// Whether the client has asked for updates and they have not been stopped.
    package func isUpdating(client: Int = 0) -> Bool { clients[client].isUpdating }

    /// A new client (another location manager of the app); its number.
    package mutating func addClient() -> Int {
        clients.append(Client())
        return clients.count - 1
    }

    /// A client's `distanceFilter`: nil delivers every fix.
    package mutating func setDistanceFilter(_ meters: Double?, client: Int) {
        clients[client].distanceFilterMeters = meters
    }

    /// A client's `desiredAccuracy` is (or is no longer) the reduced-accuracy constant.
    package mutating func setWantsReducedAccuracy(_ reduced: Bool, client: Int) {
        guard clients[client].wantsReducedAccuracy != reduced else { return }
        clients[client].wantsReducedAccuracy = reduced
        clients[client].lastDelivered = nil
    }

    /// The status the app reads: `denied` whenever location services are off.
    package var authorizationStatus: AuthorizationStatus {
        servicesEnabled ? storedStatus : .denied
    }

    /// Reports the state at launch.
    package func launch(into output: inout [Output]) {
        output.append(authorizationChanged(from: authorizationStatus, cause: .initial))
    }

    /// `requestWhenInUseAuthorization()` / `requestAlwaysAuthorization()`.
    /// Whether `request` would show a prompt now (Core Location ignores the others).
    package func wouldPrompt(_ request: AuthorizationRequest) -> Bool {
        if request == .temporaryFullAccuracy { return accuracy == .reduced && authorizationStatus.isAuthorized }
        guard servicesEnabled, !lacksUsageDescription(for: request) else { return false }
        switch storedStatus {
        case .notDetermined: return true
        case .authorizedWhenInUse: return request == .always && !isAllowOnceGrant && !alwaysUpgradeOffered
        default: return false
        }
    }

    /// `requestWhenInUseAuthorization()` / `requestAlwaysAuthorization()` from the manager
    /// `client` (named by a `plistError`).
    package mutating func requestAuthorization(
        _ request: AuthorizationRequest, client: Int = 0, into output: inout [Output]
    ) {
        if request == .temporaryFullAccuracy {
            requestTemporaryFullAccuracy(into: &output)
            return
        }
        // Without its purpose string the request does nothing, whatever the status
        // (LocationService+InfoPlist.swift); the timeline says why.
        if let refusal = refusal(of: request, client: client) {
            output.append(.infoPlistError(refusal))
            return
        }
        guard wouldPrompt(request) else { return }
        switch storedStatus {
        case .notDetermined:
            let answer = configuration.answer(toPromptAfter: permissionPromptsShown)
            permissionPromptsShown += 1
            output.append(.prompt(request: request, answer: answer))
            if answer != .deny { grantPromptAccuracy() }
            switch answer {
            case .allow:
                change(
                    to: request == .always ? .authorizedAlways : .authorizedWhenInUse,
                    cause: .prompt, into: &output)
                if request == .always { beginProvisionalAlways() }
            case .once:
                change(to: .authorizedWhenInUse, cause: .prompt, into: &output)
                isAllowOnceGrant = true
            case .deny:
                change(to: .denied, cause: .prompt, into: &output)
            }
        case .authorizedWhenInUse where request == .always && !isAllowOnceGrant && !alwaysUpgradeOffered:
            alwaysUpgradeOffered = true
            let answer: PromptAnswer = configuration.alwaysUpgradeAnswer == .allow ? .allow : .deny
            output.append(.prompt(request: .always, answer: answer))
            if answer == .allow { change(to: .authorizedAlways, cause: .prompt, into: &output) }
        default:
            break  // Core Location ignores the request: no prompt, no callback.
        }
    }

    /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`: with approximate
    /// location authorized, the person is asked once per session for precise location;
    /// `allow` gives full accuracy until the app is no longer in use or the session ends. Nothing happens with full accuracy already, or without authorization.
    package mutating func requestTemporaryFullAccuracy(into output: inout [Output]) {
        guard wouldPrompt(.temporaryFullAccuracy) else { return }
        let answer: PromptAnswer = configuration.temporaryFullAccuracyAnswer == .deny ? .deny : .allow
        output.append(.prompt(request: .temporaryFullAccuracy, answer: answer))
        guard answer == .allow else { return }
        accuracy = .full
        isTemporaryFullAccuracy = true
        for index in clients.indices { clients[index].lastDelivered = nil }
        output.append(authorizationChanged(from: authorizationStatus, cause: .prompt))
    }

    /// `startUpdatingLocation()`.
    package mutating func startUpdatingLocation(client: Int = 0, into output: inout [Output]) {
        switch authorizationStatus {
        case .denied, .restricted:
            output.append(.error(.denied, client: client))
        default:
            let wasUpdating = clients[client].isUpdating
            clients[client].isUpdating = true
            if appState == .foreground { clients[client].startedInForeground = true }
            if clients[client].isPaused {
                clients[client].isPaused = false
                clients[client].stationaryAnchor = nil
                output.append(.resumed(client: client))
            }
            if !wasUpdating { handOverLastKnownFix(to: client, into: &output) }
            if !hasSignal && receivesFixes(clients[client]) { output.append(.error(.locationUnknown, client: client)) }
        }
    }

    /// `requestLocation()`: the next fix the client may receive, once. Ignored while the
    /// client's updates run (they deliver it anyway).
    package mutating func requestLocation(client: Int = 0, into output: inout [Output]) {
        switch authorizationStatus {
        case .denied, .restricted:
            output.append(.error(.denied, client: client))
        default:
            guard !clients[client].isUpdating else { return }
            clients[client].awaitsOneFix = true
            if !hasSignal && receivesFixes(clients[client]) {
                clients[client].awaitsOneFix = false
                output.append(.error(.locationUnknown, client: client))
            }
        }
    }

    /// The device's GPS lost or regained its signal.
    package mutating func signalChanged(available: Bool, into output: inout [Output]) {
        guard available != hasSignal else { return }
        hasSignal = available
        guard !available else { return }
        for index in clients.indices where receivesFixes(clients[index]) {
            // A one-shot request that cannot be met fails, and is over.
            clients[index].awaitsOneFix = false
            output.append(.error(.locationUnknown, client: index))
        }
    }

    /// Whether fixes reach the client now: it wants them, the app is authorized, and the
    /// client may receive them in the app's state (see ``runsInBackground(_:)``).
    func receivesFixes(_ client: Client) -> Bool {
        client.wantsFixes && !client.isPaused && authorizationStatus.isAuthorized
            && (appState == .foreground || runsInBackground(client))
    }

    /// `stopUpdatingLocation()`: also ends a `requestLocation()` still waiting.
    package mutating func stopUpdatingLocation(client: Int = 0) {
        clients[client].isUpdating = false
        clients[client].awaitsOneFix = false
        clients[client].startedInForeground = false
        clients[client].isPaused = false
    }

    /// The user changes the app's permission in Settings.
    package mutating func changeInSettings(to status: AuthorizationStatus, into output: inout [Output]) {
        isAllowOnceGrant = false
        // The person's own choice in Settings: nothing is provisional any more.
        isProvisionalAlways = false
        if status == .notDetermined { alwaysUpgradeOffered = false }
        change(to: status, cause: .settings, into: &output)
    }

    /// The user turns Precise Location on or off in Settings.
    package mutating func changeAccuracyInSettings(to newAccuracy: LocationAccuracy, into output: inout [Output]) {
        isTemporaryFullAccuracy = false
        guard newAccuracy != accuracy else { return }
        accuracy = newAccuracy
        for index in clients.indices { clients[index].lastDelivered = nil }
        output.append(authorizationChanged(from: authorizationStatus, cause: .settings))
        settleRegions(into: &output)
    }

    /// The user switches Location Services for the whole device.
    package mutating func setServicesEnabled(_ enabled: Bool, into output: inout [Output]) {
        guard enabled != servicesEnabled else { return }
        let before = authorizationStatus
        servicesEnabled = enabled
        reportChange(from: before, cause: .services, into: &output)
    }

    /// The app moves between foreground and background.
    package mutating func setAppState(_ state: AppState, into output: inout [Output]) {
        // Leaving the foreground for the background begins the in-use grace; coming back,
        // or being terminated, ends it.
        isInGracePeriod = state == .background && (appState == .foreground || isInGracePeriod)
        appState = state
        updateBackgroundActivitySessions(for: state)
        if state == .terminated {
            // A terminated app's managers are gone: updates and one-shot requests end. What
            // the system keeps for it (regions, visits, the significant-change service) stays.
            for index in clients.indices {
                clients[index].isUpdating = false
                clients[index].awaitsOneFix = false
                clients[index].isPaused = false
                clients[index].startedInForeground = false
            }
        }
        for index in clients.indices {
            clients[index].stationaryAnchor = nil
            if state == .foreground && clients[index].isUpdating { clients[index].startedInForeground = true }
        }
        // Apple: Allow Once and temporary full accuracy end when the app is no longer in
        // use, which the background location indicator prolongs.
        if state != .foreground && !isInUse {
            expireTemporaryFullAccuracy(into: &output)
            expireAllowOnce(into: &output)
        }
        settleRegions(into: &output)
    }

    /// The run ends: an Allow Once grant does not outlive the app session.
    package mutating func endRun(into output: inout [Output]) {
        expireTemporaryFullAccuracy(into: &output)
        expireAllowOnce(into: &output)
    }

    mutating func expireTemporaryFullAccuracy(into output: inout [Output]) {
        guard isTemporaryFullAccuracy else { return }
        isTemporaryFullAccuracy = false
        accuracy = .reduced
        for index in clients.indices { clients[index].lastDelivered = nil }
        output.append(authorizationChanged(from: authorizationStatus, cause: .expired))
        settleRegions(into: &output)
    }

    /// A raw fix from the device; delivered to each client the rules allow. Under
    /// provisional Always, a fix that would reach an app not in use first asks the person.
    package mutating func receive(_ fix: LocationFix, into output: inout [Output]) {
        confirmProvisionalAlwaysIfNeeded(before: fix, into: &output)
        receiveNow(fix, into: &output)
    }

    mutating func receiveNow(_ fix: LocationFix, into output: inout [Output]) {
        // The indicator may have gone since the app left the foreground (a pause, updates
        // stopped): Allow Once and temporary full accuracy end once the app is not in use.
        if appState != .foreground && (isAllowOnceGrant || isTemporaryFullAccuracy) && !isInUse {
            expireTemporaryFullAccuracy(into: &output)
            expireAllowOnce(into: &output)
        }
        defer {
            observeRegions(fix, into: &output)
            observeConditions(fix, into: &output)
            observeVisits(fix, into: &output)
        }
        for index in clients.indices where receivesFixes(clients[index]) {
            guard let delivered = deliverable(fix, to: clients[index]) else { continue }
            lastKnownFix = fix
            clients[index].lastDelivered = delivered
            // A one-shot request is met by its first fix, which no filter holds back.
            clients[index].awaitsOneFix = false
            output.append(.location(delivered, client: index))
        }
        pauseIfStationary(fix, into: &output)
        deliverSignificantChanges(fix, into: &output)
    }

    /// Why a device epoch did not reach the client: the first rule that held it back.
    /// `deviceHasFix` false is an epoch without a fix, which only the app-level rules
    /// (authorization, background, updates) outrank, since they would hold a fix back too.
    package func missReason(client: Int = 0, deviceHasFix: Bool) -> MissedFixes.Reason {
        if !authorizationStatus.isAuthorized { return .notAuthorized }
        if appState == .terminated { return .notRunning }
        let asked = clients[client]
        if appState != .foreground && !(asked.wantsFixes && runsInBackground(asked)) {
            let hearsSignificantChanges =
                asked.significantChanges && (isInUse || authorizationStatus == .authorizedAlways)
            return hearsSignificantChanges ? .significantChanges : .background
        }
        if !asked.wantsFixes {
            return asked.significantChanges ? .significantChanges : .notUpdating
        }
        if asked.isPaused { return .paused }
        if !deviceHasFix { return .noSignal }
        if accuracy == .reduced || clients[client].wantsReducedAccuracy { return .reducedAccuracy }
        return .distanceFilter
    }

    /// The fix as the client receives it, or nil when its accuracy or filter holds it back.
    private func deliverable(_ fix: LocationFix, to client: Client) -> LocationFix? {
        var delivered = fix
        let oneShot = client.awaitsOneFix && !client.isUpdating
        if accuracy == .reduced || client.wantsReducedAccuracy {
            if !oneShot, let lastDelivered = client.lastDelivered,
                fix.time.seconds(since: lastDelivered.time) < ApproximateLocation.minimumIntervalSeconds
            {
                return nil
            }
            delivered = ApproximateLocation.approximate(fix)
        }
        if !oneShot, let filter = client.distanceFilterMeters, let lastDelivered = client.lastDelivered,
            GreatCircle.distanceMeters(
                latitude1: lastDelivered.latitude, longitude1: lastDelivered.longitude,
                latitude2: delivered.latitude, longitude2: delivered.longitude) < filter
        {
            return nil
        }
        return delivered
    }

    mutating func expireAllowOnce(into output: inout [Output]) {
        guard isAllowOnceGrant else { return }
        isAllowOnceGrant = false
        for index in clients.indices {
            clients[index].isUpdating = false
            clients[index].awaitsOneFix = false
            clients[index].significantChanges = false
        }
        change(to: .notDetermined, cause: .expired, into: &output)
    }

    mutating func change(
        to status: AuthorizationStatus, cause: AuthorizationChangeCause, into output: inout [Output]
    ) {
        let before = authorizationStatus
        storedStatus = status
        reportChange(from: before, cause: cause, into: &output)
    }

    /// The callback for a change from `before` to what the app sees now.
    private func authorizationChanged(from before: AuthorizationStatus, cause: AuthorizationChangeCause) -> Output {
        .authorizationChanged(
            AuthorizationChange(
                from: before, to: authorizationStatus, accuracy: accuracy, servicesEnabled: servicesEnabled,
                cause: cause))
    }

    private mutating func reportChange(
        from before: AuthorizationStatus, cause: AuthorizationChangeCause, into output: inout [Output]
    ) {
        let after = authorizationStatus
        guard after != before else { return }
        output.append(authorizationChanged(from: before, cause: cause))
        settleRegions(into: &output)
        // Losing authorization, or being refused it (Don't Allow at the first prompt,
        // Location Services off) while updates or a one-shot request wait for it, fails
        // them with `denied` and stops them (an Allow Once grant that expires, silently).
        guard !after.isAuthorized, before.isAuthorized || after != .notDetermined else { return }
        for index in clients.indices where clients[index].wantsFixes || clients[index].significantChanges {
            clients[index].isUpdating = false
            clients[index].awaitsOneFix = false
            clients[index].significantChanges = false
            if cause != .expired { output.append(.error(.denied, client: index)) }
        }
    }
}
