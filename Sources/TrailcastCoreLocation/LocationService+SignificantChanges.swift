// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastDevice

/// The significant-change location service (`startMonitoringSignificantLocationChanges()`),
/// each rule in docs/background.md's table with its source:
/// - A client's first delivery is the next fix (Apple: "the most recently cached location
///   event"); after that, a fix at least ``significantChangeMeters`` from the last delivered
///   one and at least ``significantChangeSeconds`` after it (Apple: "as soon as the device
///   moves 500 meters or more from its previous notification. It should not expect
///   notifications more frequently than once every five minutes").
/// - Deliveries go through `didUpdateLocations`; `distanceFilter` plays no part (Apple: "It
///   does not rely on the value in the distanceFilter property"). With approximate location
///   they are approximate, as every fix is.
/// - The same authorization as updates: started while denied or restricted, a `denied`
///   error; a When In Use app hears nothing in the background (Apple: "any outstanding
///   requests suspend until the user resumes using your app"); an Always app does.
/// - A client whose standard updates deliver gets those instead (they include every fix);
///   when they deliver nothing (paused, or in the background without background updates),
///   the significant changes do.
extension LocationService {
    /// Apple's figure: "500 meters or more".
    package static let significantChangeMeters = 500.0
    /// Apple's figure: "not ... more frequently than once every five minutes".
    package static let significantChangeSeconds = 300.0

    /// `startMonitoringSignificantLocationChanges()`.
    package mutating func startMonitoringSignificantLocationChanges(client: Int = 0, into output: inout [Output]) {
        switch authorizationStatus {
        case .denied, .restricted:
            output.append(.error(.denied, client: client))
        default:
            clients[client].significantChanges = true
            // Restarting gives a new first event (Apple: the first is the cached one).
            clients[client].lastSignificant = nil
        }
    }

    /// `stopMonitoringSignificantLocationChanges()`.
    package mutating func stopMonitoringSignificantLocationChanges(client: Int = 0) {
        clients[client].significantChanges = false
    }

    /// Whether the client's significant-change service is on.
    package func monitorsSignificantChanges(client: Int = 0) -> Bool {
        clients[client].significantChanges
    }

    /// After the standard deliveries of `fix` (only when the app may receive fixes at all).
    mutating func deliverSignificantChanges(_ fix: LocationFix, into output: inout [Output]) {
        guard authorizationStatus.isAuthorized, isInUse || authorizationStatus == .authorizedAlways else { return }
        var woken = false
        for index in clients.indices where clients[index].significantChanges && !receivesFixes(clients[index]) {
            if let last = clients[index].lastSignificant {
                guard fix.time.seconds(since: last.time) >= Self.significantChangeSeconds,
                    GreatCircle.distanceMeters(
                        latitude1: last.latitude, longitude1: last.longitude,
                        latitude2: fix.latitude, longitude2: fix.longitude) >= Self.significantChangeMeters
                else { continue }
            }
            if !woken {
                guard wakeIfTerminated(for: .significantChange, into: &output) else { return }
                woken = true
            }
            clients[index].lastSignificant = fix
            lastKnownFix = fix
            let delivered =
                accuracy == .reduced || clients[index].wantsReducedAccuracy ? ApproximateLocation.approximate(fix) : fix
            output.append(.location(delivered, client: index))
        }
    }
}
