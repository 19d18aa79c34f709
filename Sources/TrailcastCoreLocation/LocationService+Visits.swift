// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice

/// The visits service (`startMonitoringVisits()`), each rule in docs/background.md's table:
/// - App-wide: Apple: "Enabling visit events for one location manager enables visit events
///   for all other location manager objects in your app"; each visit goes to every client.
/// - When the device dwells and leaves: ``VisitDetector`` (the project's rule).
/// - Started while denied or restricted: a `denied` error (the project's reading: Apple
///   says starting any service then "reports an error"). While not authorized nothing is
///   detected, and a dwell in progress is forgotten.
/// - A When In Use app in the background is told its visits when it is in use again, in
///   order, at most ``heldVisitLimit`` (Apple: requests "suspend until the user resumes
///   using your app"); an Always app at once.
/// - With approximate location the place is approximate too (Apple: without temporary
///   precise authorization "the visit events use reduced accuracy").
extension LocationService {
    /// How many visits wait for a When In Use app (the oldest go first; the project's bound).
    package static let heldVisitLimit = 64

    /// `startMonitoringVisits()`.
    package mutating func startMonitoringVisits(client: Int = 0, into output: inout [Output]) {
        switch authorizationStatus {
        case .denied, .restricted:
            output.append(.error(.denied, client: client))
        default:
            if visitDetector == nil { visitDetector = VisitDetector() }
        }
    }

    /// `stopMonitoringVisits()`: for the whole app.
    package mutating func stopMonitoringVisits() {
        visitDetector = nil
        heldVisits.removeAll()
    }

    package var monitorsVisits: Bool { visitDetector != nil }

    mutating func observeVisits(_ fix: LocationFix, into output: inout [Output]) {
        guard visitDetector != nil else { return }
        guard authorizationStatus.isAuthorized else {
            visitDetector = VisitDetector()
            return
        }
        guard var visit = visitDetector?.observe(fix) else { return }
        if accuracy == .reduced {
            let snapped = ApproximateLocation.approximate(
                LocationFix(
                    time: fix.time, latitude: visit.latitude, longitude: visit.longitude,
                    horizontalAccuracyMeters: visit.horizontalAccuracyMeters))
            visit.latitude = snapped.latitude
            visit.longitude = snapped.longitude
            visit.horizontalAccuracyMeters = snapped.horizontalAccuracyMeters
        }
        if appState == .terminated && hearsInTheBackground {
            _ = wakeIfTerminated(for: .visit, into: &output)
            output.append(.visit(visit))
        } else if hearsInTheBackground || isInUse {
            output.append(.visit(visit))
        } else {
            if heldVisits.count == Self.heldVisitLimit { heldVisits.removeFirst() }
            heldVisits.append(visit)
        }
    }

    /// Whether the app hears background services' events while in the background: Always.
    var hearsInTheBackground: Bool { authorizationStatus == .authorizedAlways }

    /// The app may hear again: the visits it was not told.
    mutating func settleVisits(into output: inout [Output]) {
        guard !heldVisits.isEmpty else { return }
        guard authorizationStatus.isAuthorized else {
            heldVisits.removeAll()
            return
        }
        guard isInUse || hearsInTheBackground else { return }
        for visit in heldVisits { output.append(.visit(visit)) }
        heldVisits.removeAll()
    }
}
