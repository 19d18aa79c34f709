// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice

// Provisional Always, as Apple documents `requestAlwaysAuthorization()` (iOS 13 and later):
// "This method displays two prompts: an initial prompt, and a second prompt that appears
// only after an event occurs that requires Always authorization." After the first:
// "Provisional Always: In this state, your app receives Always authorization in
// locationManager(_:didChangeAuthorization:). However, when an event occurs that requires
// Always authorization, the system displays the second prompt. Users can decide at that
// time whether to grant (permanent) Always or When In Use authorization." And: "If the user
// chooses Always authorization, the system doesn't call your delegate" (it already has
// Always); "Keep Only While Using" leaves When In Use.
// https://developer.apple.com/documentation/corelocation/cllocationmanager/requestalwaysauthorization()
//
// The project's reading of "an event that requires Always": one Core Location is about to
// hand an app that is not in use (in the background without the indicator, or terminated):
// a location, a region or condition event, a visit, a relaunch. The second prompt shows
// then, before the event, answered by `Configuration.alwaysUpgradeAnswer`; after "Keep
// Only While Using" the event goes by the When In Use rules (held or not heard). An app
// that never causes such an event is never asked and stays provisionally Always.

extension LocationService {
    /// The first prompt of `requestAlwaysAuthorization()` was allowed.
    mutating func beginProvisionalAlways() {
        isProvisionalAlways = true
        // "Core Location limits calls to requestAlwaysAuthorization()": no later upgrade prompt.
        alwaysUpgradeOffered = true
    }

    /// Before `fix` is handled: if the app is provisionally Always and not in use, and the
    /// fix would reach it, the second prompt, and the person's answer.
    mutating func confirmProvisionalAlwaysIfNeeded(before fix: LocationFix, into output: inout [Output]) {
        guard isProvisionalAlways, authorizationStatus == .authorizedAlways, !isInUse else { return }
        // What the fix would bring under Always, found on a copy (the service is a value).
        var trial = self
        trial.isProvisionalAlways = false
        var heard: [Output] = []
        trial.receiveNow(fix, into: &heard)
        guard heard.contains(where: \.reachesTheApp) else { return }
        isProvisionalAlways = false
        let answer: PromptAnswer = configuration.alwaysUpgradeAnswer == .allow ? .allow : .deny
        output.append(.prompt(request: .always, answer: answer))
        if answer == .deny { change(to: .authorizedWhenInUse, cause: .prompt, into: &output) }
    }
}

extension LocationService.Output {
    /// A callback the app itself hears (not an error or a status of the system's).
    var reachesTheApp: Bool {
        switch self {
        case .location, .region, .visit, .monitor, .launched: true
        default: false
        }
    }
}
