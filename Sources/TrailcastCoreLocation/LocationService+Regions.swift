// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice

/// Region monitoring's rules for the app (each in docs/replay.md's rule table with its
/// source); ``RegionMonitor`` decides when the device crosses a boundary.
/// - The regions are the app's, shared by its clients; a client's registration fails to
///   that client alone (`monitoringDidFailFor`).
/// - Registering without authorization (denied, restricted, services off) keeps the region
///   and fails with `regionMonitoringDenied`: Apple's archived guide says an app "can
///   register regions for use later", and that monitoring begins once permission is given.
///   With approximate location the same (Apple: the app "can't use region monitoring"; the
///   error code is the project's reading). Not determined yet: registered, silent until
///   authorized.
/// - The system determines the regions only while the app is authorized with full accuracy
///   and location services are on; otherwise nothing is known, and the first determination
///   after monitoring resumes is silent.
/// - The app hears of crossings when it may use location: in the foreground, or always with
///   Always. When In Use in the background holds them back until the app is in use again
///   (Apple: "any outstanding requests suspend until the user resumes using your app"), then
///   tells each region's present side once.
extension LocationService {
    /// `startMonitoring(for:)`.
    package mutating func startMonitoring(_ region: CircularRegion, client: Int = 0, into output: inout [Output]) {
        if let reason = regionMonitor.register(region) {
            output.append(
                .regionError(
                    RegionFailure(identifier: region.identifier, reason: reason, region: region), client: client))
            return
        }
        switch authorizationStatus {
        case .denied, .restricted:
            output.append(
                .regionError(
                    RegionFailure(identifier: region.identifier, reason: .denied, region: region), client: client))
        default:
            if accuracy == .reduced {
                output.append(
                    .regionError(
                        RegionFailure(identifier: region.identifier, reason: .reducedAccuracy, region: region),
                        client: client))
            } else {
                output.append(.region(RegionEvent(region: region, change: .started)))
            }
        }
    }

    /// `stopMonitoring(for:)`: the region is no longer the app's; nothing if it was not.
    package mutating func stopMonitoring(_ identifier: String, into output: inout [Output]) {
        guard let region = regionMonitor.remove(identifier) else { return }
        output.append(.region(RegionEvent(region: region, change: .stopped)))
    }

    /// `requestState(for:)`: `didDetermineState` after the next fix the app may hear of.
    package mutating func requestState(_ identifier: String) {
        _ = regionMonitor.requestState(identifier)
    }

    /// `monitoredRegions`.
    package var monitoredRegions: [CircularRegion] { regionMonitor.regions }

    /// Whether the system determines the app's regions now.
    var monitorsRegions: Bool {
        authorizationStatus.isAuthorized && accuracy == .full
    }

    /// Whether the app hears of region events now.
    var hearsRegionEvents: Bool {
        monitorsRegions && (isInUse || authorizationStatus == .authorizedAlways)
    }

    /// A fix of the device reaches region monitoring, whatever the app's updates.
    mutating func observeRegions(_ fix: LocationFix, into output: inout [Output]) {
        guard !regionMonitor.isEmpty, monitorsRegions else { return }
        var events: [RegionEvent] = []
        // An Always app hears them even when terminated: it is relaunched for them.
        regionMonitor.observe(fix, appHears: hearsRegionEvents, into: &events)
        guard !events.isEmpty else { return }
        guard wakeIfTerminated(for: .region, into: &output) else { return }
        for event in events { output.append(.region(event)) }
    }

    /// After a change of the app's state, authorization or accuracy: monitoring stops,
    /// or the app hears what it was not told.
    mutating func settleRegions(into output: inout [Output]) {
        // A terminated app hears nothing until it is launched or relaunched for an event.
        guard appState != .terminated else { return }
        settleVisits(into: &output)
        settleConditions(into: &output)
        guard !regionMonitor.isEmpty else { return }
        guard monitorsRegions else {
            regionMonitor.forget()
            return
        }
        guard hearsRegionEvents else { return }
        var events: [RegionEvent] = []
        regionMonitor.catchUp(into: &events)
        for event in events { output.append(.region(event)) }
    }
}
