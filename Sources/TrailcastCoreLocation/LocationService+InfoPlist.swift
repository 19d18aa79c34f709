// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The app's Info.plist (``Configuration/infoPlist``), each rule in docs/replay.md's table
/// with its source:
/// - A permission request without its purpose string does nothing: no prompt, no status
///   change, no callback (Apple's SDK header, `requestWhenInUseAuthorization`: "The
///   NSLocationWhenInUseUsageDescription key must be specified in your Info.plist;
///   otherwise, this method will do nothing"; `requestAlwaysAuthorization`: "Both the
///   NSLocationAlwaysAndWhenInUseUsageDescription and NSLocationWhenInUseUsageDescription
///   keys must be specified"). On a phone only the console says why; here a `plistError`
///   does, on every such request, whatever the status (the project's reading: the header
///   puts the key before any status).
/// - `allowsBackgroundLocationUpdates = true` without `location` in `UIBackgroundModes` "is a
///   fatal error that terminates the app" (`allowsBackgroundLocationUpdates`): a fatal
///   `plistError`, after which the drivers end the run.
/// - `NSLocationDefaultAccuracyReduced` = true: "prompt the user for reduced accuracy by
///   default"; the simulated person leaves the prompt's Precise switch as offered, so a
///   grant from the prompt (Allow, Allow Once, provisional Always) is reduced accuracy (the
///   project's reading; Settings and temporary full accuracy still give full).
extension LocationService {
    /// Whether `request` needs a purpose string the app's Info.plist lacks.
    package func lacksUsageDescription(for request: AuthorizationRequest) -> Bool {
        !configuration.infoPlist.missingUsageDescriptions(for: request).isEmpty
    }

    /// The `plistError` for a request without its purpose strings; nil when it has them.
    func refusal(of request: AuthorizationRequest, client: Int) -> InfoPlistError? {
        let missing = configuration.infoPlist.missingUsageDescriptions(for: request)
        guard !missing.isEmpty else { return nil }
        return InfoPlistError(
            method: request == .always ? .requestAlwaysAuthorization : .requestWhenInUseAuthorization,
            manager: client, missing: missing)
    }

    /// The fatal `plistError` for background updates without the `location` background
    /// mode; nil when the app has it.
    func backgroundModeMissing(client: Int) -> InfoPlistError? {
        guard !configuration.infoPlist.has(.locationBackgroundMode) else { return nil }
        return InfoPlistError(
            method: .allowsBackgroundLocationUpdates, manager: client, missing: [.locationBackgroundMode])
    }

    /// The person grants at the prompt: with `NSLocationDefaultAccuracyReduced`, reduced
    /// accuracy, as the prompt offered it.
    mutating func grantPromptAccuracy() {
        guard configuration.infoPlist.defaultAccuracyReduced, accuracy != .reduced else { return }
        accuracy = .reduced
        for index in clients.indices { clients[index].lastDelivered = nil }
    }
}
