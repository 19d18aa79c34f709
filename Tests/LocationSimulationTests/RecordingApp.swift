// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastRoutes
import LocationSimulation
import TrailcastBasics

/// An app's delegate that writes down every callback, in order, the way a test reads it:
/// `auth authorizedWhenInUse`, `fix 47.00013`, `error denied`.
final class RecordingApp: LocationManagingDelegate {
    let manager: SimulatedLocationManager
    private(set) var log: [String] = []
    /// What to do on each authorization callback (a typical app starts updates here).
    var onAuthorization: ((any LocationManaging) -> Void)?

    init(_ simulation: Simulation) {
        manager = SimulatedLocationManager(simulation: simulation)
        manager.locationDelegate = self
    }

    /// The log since the last call.
    func take() -> [String] {
        defer { log.removeAll() }
        return log
    }

    func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
        log.append("auth \(AuthorizationStatus(manager.authorizationStatus))")
        onAuthorization?(manager)
    }

    func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]) {
        for fix in locations { log.append("fix \(Self.latitude(fix))") }
    }

    func locationManager(_ manager: any LocationManaging, didFailWithError error: any Error) {
        log.append("error \(Self.codeName(error))")
    }

    /// A `CLError`'s code as the timeline names it. (Not `"\(code)"`: on Apple platforms
    /// Core Location's codes are imported C enums, which print their type's name.)
    static func codeName(_ error: (any Error)?) -> String {
        switch (error as? CLError)?.code {
        case .denied?: "denied"
        case .locationUnknown?: "locationUnknown"
        default: "?"
        }
    }

    static func latitude(_ fix: CLLocation) -> String {
        String(format5: fix.coordinate.latitude)
    }
}

extension String {
    /// Five decimals, without Foundation.
    init(format5 value: Double) {
        let scaled = Int((value * 100_000).rounded())
        let fraction = String(abs(scaled) % 100_000)
        self = "\(scaled / 100_000).\(String(repeating: "0", count: 5 - fraction.count))\(fraction)"
    }
}

enum Walk {
    static let start = Timestamp(secondsSince1970: 1_781_366_400)

    /// `count` points a second apart going north from 47°N 8°E, 0.0001° (about 11 m) apart.
    static func points(_ count: Int = 600) -> [RoutePoint] {
        (0..<count).map {
            RoutePoint(latitude: 47 + Double($0) * 0.0001, longitude: 8, time: start.adding(seconds: Double($0)))
        }
    }
}
