// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The `call` event: the app's own code called its location manager (the testing
/// library records what the user's code did beside what the system did).
public struct ManagerCall: Sendable, Equatable {
    /// The `CLLocationManager` methods the simulation's manager has, by their names.
    public enum Method: String, Sendable, CaseIterable {
        /// `requestWhenInUseAuthorization()`: asks for location while the app is in use.
        case requestWhenInUseAuthorization
        /// `requestAlwaysAuthorization()`: asks for location whether or not the app is in use.
        case requestAlwaysAuthorization
        /// `startUpdatingLocation()`: starts delivering the device's location as it changes.
        case startUpdatingLocation
        /// `stopUpdatingLocation()`: stops location updates (and a pending one-shot request).
        case stopUpdatingLocation
        /// `requestLocation()`: asks for a single delivery of the current location.
        case requestLocation
        /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`: asks for precise location
        /// for this session only.
        case requestTemporaryFullAccuracyAuthorization
        /// `startMonitoring(for:)`: starts watching a region for entries and exits.
        case startMonitoring
        /// `stopMonitoring(for:)`: stops watching a region.
        case stopMonitoring
        /// `requestState(for:)`: asks whether the device is inside or outside a monitored region.
        case requestState
        /// `startMonitoringSignificantLocationChanges()`: starts updates only when the device moves
        /// a significant distance.
        case startMonitoringSignificantLocationChanges
        /// `stopMonitoringSignificantLocationChanges()`: stops the significant-change updates.
        case stopMonitoringSignificantLocationChanges
        /// `startMonitoringVisits()`: starts delivering visits, places where the device arrives and stays a while.
        case startMonitoringVisits
        /// `stopMonitoringVisits()`: stops delivering visits.
        case stopMonitoringVisits
        /// `CLServiceSession(authorization:)`: the app began a service session, or the
        /// session asked again for authorization that had lapsed.
        case serviceSession
        /// `CLBackgroundActivitySession()`: the app began a background activity session.
        case backgroundActivitySession
    }

    /// The method the app's code called.
    public var method: Method
    /// Which of the app's managers, numbered from 0 in the order they were made.
    public var manager: Int

    package init(method: Method, manager: Int) {
        self.method = method
        self.manager = manager
    }
}
