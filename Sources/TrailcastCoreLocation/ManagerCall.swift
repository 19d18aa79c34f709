// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The `call` event: the app's own code called its location manager (the testing
/// library records what the user's code did beside what the system did).
public struct ManagerCall: Sendable, Equatable {
    /// The `CLLocationManager` methods the simulation's manager has, by their names.
    public enum Method: String, Sendable, CaseIterable {
        case requestWhenInUseAuthorization, requestAlwaysAuthorization
        case startUpdatingLocation, stopUpdatingLocation, requestLocation
        case requestTemporaryFullAccuracyAuthorization
        case startMonitoring, stopMonitoring, requestState
        case startMonitoringSignificantLocationChanges, stopMonitoringSignificantLocationChanges
        case startMonitoringVisits, stopMonitoringVisits
        /// `CLServiceSession(authorization:)`: the app began a service session, or the
        /// session asked again for authorization that had lapsed.
        case serviceSession
        /// `CLBackgroundActivitySession()`: the app began a background activity session.
        case backgroundActivitySession
    }

    public var method: Method
    /// Which of the app's managers, numbered from 0 in the order they were made.
    public var manager: Int

    package init(method: Method, manager: Int) {
        self.method = method
        self.manager = manager
    }
}
