// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import Foundation

/// Routes that ship with the library, for tests that want a real walk without a file of
/// their own: `Simulation(route: .sample(.sfWaterfrontWalk))`.
///
/// They are the package's resources (`Bundle.module`), so they travel with the test bundle
/// wherever it runs.
public enum SampleRoute: String, CaseIterable, Sendable {
    /// San Francisco's waterfront, Ferry Building to Crissy Field, walked: 1,840 track
    /// points a few seconds apart over 1 h 26 min, with elevations (recorded by a phone, so
    /// with its own small errors). The `trailcast` quick start replays the same file.
    case sfWaterfrontWalk = "sf-waterfront-walk"

    /// Where the file is.
    public var url: URL? {
        Bundle.module.url(forResource: rawValue, withExtension: "gpx", subdirectory: "SampleRoutes")
    }
}

extension Simulation.Route {
    /// A route the library ships (``SampleRoute``). Should the file be missing from the
    /// bundle, the simulation's init throws for a file that cannot be read, naming the
    /// sample (a missing bundle stops in SwiftPM's own `Bundle.module`, saying which).
    public static func sample(_ route: SampleRoute) -> Simulation.Route {
        .file(route.url?.path ?? "\(route.rawValue).gpx (bundled sample: not found in the LocationSimulation bundle)")
    }

    /// A GPX file's points, at a file URL (`Bundle.module.url(forResource:withExtension:)`).
    public static func file(_ url: URL, source: ReplaySource = .auto) -> Simulation.Route {
        .file(url.path, source: source)
    }
}
