#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
# A new user's first ten minutes, from nothing: a package outside the repository that
# depends on Trailcast by path with `traits: []`, an app's view model written once against
# `LocationManaging` (CoreLocationSeam), and Swift Testing tests of it through
# LocationSimulationTesting: a granted walk, denied at the prompt, revoked mid-route, Allow
# Once expiring, services off, signal loss under `urbanCanyon`. Checks that
#   - no server package is resolved or compiled (NIO, Hummingbird, AsyncHTTPClient, Yams);
#   - the tests pass, and the seconds from nothing to the first green test;
#   - a misspelled event type and field key fail with a message naming the valid ones, each
#     at its own line of the test file;
#   - the view model type-checks against Core Location too (the stand-ins of
#     .ci/typecheck-apple.sh), with no adapter.
# Usage: .ci/fresh-user-package.sh [DIR] (default: a new folder under /tmp, removed after).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -ge 1 ]; then
  # Kept afterwards, to look at; never a folder with something in it already.
  if [ -e "$1" ] && [ -n "$(ls -A "$1")" ]; then echo "ci: $1 is not empty" >&2; exit 64; fi
  mkdir -p "$1"
  dir=$(cd "$1" && pwd)
else
  dir=$(mktemp -d /tmp/trailcast-fresh-user.XXXXXX)
  trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir/Sources/RunTracker" "$dir/Tests/RunTrackerTests"
cd "$dir"

cat > Package.swift <<EOF
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "RunTracker",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        // traits: [] — the testing library only: none of the command's servers.
        .package(name: "Trailcast", path: "$repo", traits: []),
        // What Trailcast brings, at the root's version exactly (.ci/check-pins.py).
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
    ],
    targets: [
        .target(name: "RunTracker", dependencies: [.product(name: "CoreLocationSeam", package: "Trailcast")]),
        .testTarget(
            name: "RunTrackerTests",
            dependencies: ["RunTracker", .product(name: "LocationSimulationTesting", package: "Trailcast")]
        ),
    ]
)
EOF

cat > Sources/RunTracker/RunTracker.swift <<'EOF'
import CoreLocationSeam
import Foundation

/// A run tracker's screen: asks for permission, adds up the distance of good fixes, says
/// why it cannot track. Written once against `LocationManaging`: the app passes
/// `CLLocationManager()`, the tests a `SimulatedLocationManager`.
@MainActor
public final class RunTracker: @MainActor LocationManagingDelegate {
    public enum State: Equatable, Sendable {
        case idle, asking, tracking, denied, servicesOff
    }

    public private(set) var state = State.idle
    public private(set) var distanceMeters = 0.0
    public private(set) var fixesReceived = 0
    public private(set) var signalLosses = 0
    /// The last fix counted towards the distance.
    private var lastCounted: CLLocation?
    private let manager: any LocationManaging
    /// The device's clock in the app; the simulation's in the tests.
    private let now: () -> Date

    public init(manager: any LocationManaging, now: @escaping () -> Date = Date.init) {
        self.manager = manager
        self.now = now
        manager.desiredAccuracy = kCLLocationAccuracyBest
        manager.distanceFilter = kCLDistanceFilterNone
        // What every tracker sets, through the seam as on a device.
        manager.activityType = .fitness
        #if !os(watchOS)  // watchOS has no automatic pause (CLLocationManager.h)
        manager.pausesLocationUpdatesAutomatically = false
        #endif
        manager.locationDelegate = self
    }

    /// The Start button, and every return to the foreground.
    public func start() {
        switch manager.authorizationStatus {
        case .notDetermined:
            state = .asking
            manager.requestWhenInUseAuthorization()
        case .authorizedWhenInUse, .authorizedAlways:
            track()
        default:
            refuse()
        }
    }

    public func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
        switch manager.authorizationStatus {
        case .authorizedWhenInUse, .authorizedAlways:
            if state == .asking || state == .denied { track() }
        case .denied, .restricted:
            manager.stopUpdatingLocation()
            refuse()
        default:
            // Not determined: the first callback, soon after the delegate is set, says so
            // (keep asking); later, an Allow Once grant ended (stop until asked again).
            if state == .tracking {
                manager.stopUpdatingLocation()
                state = .idle
            }
        }
    }

    public func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]) {
        for location in locations {
            fixesReceived += 1
            // What every tracker does first: a fix older than 15 s is a cached one.
            guard abs(location.timestamp.timeIntervalSince(now())) < 15 else { continue }
            // A fix only counts when it is good, and only once the runner has moved twice
            // the larger of the two fixes' uncertainty: otherwise GPS noise adds up to
            // distance (with once, an urban canyon's noise added 27%: the test below).
            guard location.horizontalAccuracy >= 0, location.horizontalAccuracy <= 30 else { continue }
            guard let last = lastCounted else { lastCounted = location; continue }
            let moved = location.distance(from: last)
            if moved > 2 * max(location.horizontalAccuracy, last.horizontalAccuracy) {
                distanceMeters += moved
                lastCounted = location
            }
        }
    }

    public func locationManager(_ manager: any LocationManaging, didFailWithError error: any Error) {
        guard let error = error as? CLError else { return }
        if error.code == .denied {
            manager.stopUpdatingLocation()
            refuse()
        } else if error.code == .locationUnknown {
            signalLosses += 1
        }
    }

    private func track() {
        state = .tracking
        manager.startUpdatingLocation()
    }

    private func refuse() {
        state = manager.servicesEnabled ? .denied : .servicesOff
    }
}
EOF

cat > Tests/RunTrackerTests/RunTrackerTests.swift <<'EOF'
import Foundation
import LocationSimulationTesting
import RunTracker
import Testing

@MainActor
@Suite struct RunTrackerTests {
    let prompts = EventSelector(type: "prompt")
    let locations = EventSelector(type: "location")

    func tracker(on simulation: Simulation) -> RunTracker {
        RunTracker(manager: SimulatedLocationManager(simulation: simulation), now: { simulation.date })
    }

    @Test func aGrantedWalkIsTracked() throws {
        let simulation = try Simulation(route: .sample(.sfWaterfrontWalk))
        let tracker = tracker(on: simulation)
        tracker.start()
        try simulation.advance(by: 1800)
        #expect(tracker.state == .tracking)
        #expect(tracker.fixesReceived == simulation.deliveredLocations.count)
        #expect(tracker.distanceMeters > 1500)
        simulation.verify(.count(prompts, .exactly(1), window: OffsetWindow()))
    }

    @Test func deniedAtThePrompt() throws {
        let simulation = try Simulation(route: .sample(.sfWaterfrontWalk), user: .init(promptAnswer: .deny))
        let tracker = tracker(on: simulation)
        tracker.start()
        try simulation.advance(by: 600)
        #expect(tracker.state == .denied)
        #expect(tracker.fixesReceived == 0)
        simulation.verify(.absent(locations, after: nil, before: nil))
    }

    @Test func revokedMidRoute() throws {
        let simulation = try Simulation(
            route: .sample(.sfWaterfrontWalk), events: [.at(.minutes(10), .authorization(.denied))])
        let tracker = tracker(on: simulation)
        tracker.start()
        try simulation.advance(by: 1200)
        #expect(tracker.state == .denied)
        simulation.verify(.absent(locations, after: 600, before: nil))
        simulation.verify(.present(locations, at: nil, tolerance: 0))
    }

    @Test func allowOnceExpiresInTheBackgroundAndTheNextPromptIsRefused() throws {
        let simulation = try Simulation(
            route: .sample(.sfWaterfrontWalk), user: .init(promptAnswers: [.once, .deny]),
            events: [.at(.minutes(5), .app(.background)), .at(.minutes(6), .app(.foreground))])
        let tracker = tracker(on: simulation)
        simulation.onAppStateChange { state in
            MainActor.assumeIsolated { if state == .foreground { tracker.start() } }
        }
        tracker.start()
        try simulation.advance(by: 299)
        #expect(tracker.state == .tracking)
        try simulation.advance(by: 600)
        #expect(tracker.state == .denied, "Allow Once ended in the background; asked again, the person refused")
        simulation.verify(.count(prompts, .exactly(2), window: OffsetWindow()))
        simulation.verify(.absent(locations, after: 300, before: nil))
    }

    @Test func servicesOffIsToldApartFromDenied() throws {
        let simulation = try Simulation(route: .sample(.sfWaterfrontWalk), system: .init(servicesEnabled: false))
        let tracker = tracker(on: simulation)
        tracker.start()
        try simulation.advance(by: 60)
        #expect(tracker.state == .servicesOff)
        simulation.verify(.count(prompts, .exactly(0), window: OffsetWindow()))
    }

    @Test func signalLossUnderAnUrbanCanyonAndNoiseDoesNotInflateTheDistance() throws {
        let perfect = try Simulation(route: .sample(.sfWaterfrontWalk), system: .init(authorization: .authorizedWhenInUse))
        let reference = tracker(on: perfect)
        reference.start()
        try perfect.advance(by: 3600)

        let canyon = try Simulation(
            route: .sample(.sfWaterfrontWalk), system: .init(authorization: .authorizedWhenInUse), gps: .urbanCanyon, seed: 7)
        let tracker = tracker(on: canyon)
        tracker.start()
        try canyon.advance(by: 3600)
        #expect(tracker.signalLosses >= 1, "the canyon's dropouts reach the app as locationUnknown")
        #expect(tracker.state == .tracking, "a lost signal is not a refusal")
        let ratio = tracker.distanceMeters / reference.distanceMeters
        #expect(ratio > 0.85 && ratio < 1.15, "noisy distance \(tracker.distanceMeters) m against \(reference.distanceMeters) m")
    }
}

/// Mistakes a new user makes, run only when CI asks (TRAILCAST_FRESH_TYPOS=1): each must
/// fail at its own line with a message naming what is valid.
@Suite(.enabled(if: Environment.typos))
struct TypoTests {
    @Test func misspellings() throws {
        let simulation = try Simulation(route: .sample(.sfWaterfrontWalk), system: .init(authorization: .authorizedWhenInUse))
        let manager = SimulatedLocationManager(simulation: simulation)
        manager.startUpdatingLocation()
        try simulation.advance(by: 60)
        simulation.verify(.absent(EventSelector(type: "locations"), after: nil, before: nil)) // TYPO-TYPE
        simulation.verify(.absent(EventSelector(type: "location", fields: [FieldMatch(key: "horizontalAcc", matcher: .comparison(NumberComparison(.greater, 100)))]), after: nil, before: nil)) // TYPO-FIELD
        simulation.verify(.absent(EventSelector(type: "authorization", fields: [FieldMatch(key: "to", matcher: .string("denyed"))]), after: nil, before: nil)) // TYPO-VALUE
        simulation.verify(.count(EventSelector(type: "weather"), .exactly(0), window: OffsetWindow())) // NEVER-RECORDED
    }
}

enum Environment {
    static let typos = ProcessInfo.processInfo.environment["TRAILCAST_FRESH_TYPOS"] == "1"
}
EOF

start=$(date +%s)
if ! swift build --build-tests > build.log 2>&1; then
  cat build.log
  echo "ci: the fresh package does not build" >&2; exit 1
fi
grep -E "error|warning: [^']" build.log || true
if grep -E "Compiling (NIO|Hummingbird|AsyncHTTPClient|Yams|ArgumentParser|Crypto)" build.log; then
  echo "ci: the fresh package compiled a server package (above)" >&2; exit 1
fi
# The one package the light products use (HTTPTypes, by the weather settings' endpoints).
if [ "$(ls .build/checkouts | tr '\n' ' ')" != "swift-http-types " ]; then
  ls .build/checkouts
  echo "ci: the fresh package resolved more than swift-http-types (above)" >&2; exit 1
fi
(cd "$repo" && python3 .ci/check-pins.py "$dir")
swift test 2>&1 | tee test.log | grep -E "✘|Test run with" || true
grep -q "Test run with 7 tests in 2 suites passed" test.log || { echo "ci: the fresh package's tests did not pass" >&2; exit 1; }
seconds=$(( $(date +%s) - start ))
echo "fresh user package: $(ls .build/checkouts | wc -l) package(s) resolved ($(ls .build/checkouts | tr '\n' ' ')), first green test ${seconds} s from nothing"

# The typos: each fails, at its own line, naming the valid spelling and the valid keys.
if TRAILCAST_FRESH_TYPOS=1 swift test --skip-build --filter TypoTests > typos.log 2>&1; then
  echo "ci: misspelled expectations passed" >&2; exit 1
fi
type_line=$(grep -n "TYPO-TYPE" Tests/RunTrackerTests/RunTrackerTests.swift | cut -d: -f1)
field_line=$(grep -n "TYPO-FIELD" Tests/RunTrackerTests/RunTrackerTests.swift | cut -d: -f1)
grep -A1 "RunTrackerTests.swift:$type_line:" typos.log | grep "unknown event type 'locations' (did you mean 'location'?)"
grep -A1 "RunTrackerTests.swift:$field_line:" typos.log | grep "unknown field 'horizontalAcc' (did you mean 'horizontalAccuracy'?); fields of location: t, offset, type, lat, lon"
value_line=$(grep -n "TYPO-VALUE" Tests/RunTrackerTests/RunTrackerTests.swift | cut -d: -f1)
never_line=$(grep -n "NEVER-RECORDED" Tests/RunTrackerTests/RunTrackerTests.swift | cut -d: -f1)
grep -A1 "RunTrackerTests.swift:$value_line:" typos.log | grep "unknown value 'denyed' (did you mean 'denied'?); authorization.to is one of: notDetermined"
grep -A1 "RunTrackerTests.swift:$never_line:" typos.log | grep "a simulation records no weather events"

# The same view model against Core Location's declarations.
bash "$repo/.ci/typecheck-apple.sh" "$dir/Sources/RunTracker/RunTracker.swift"
