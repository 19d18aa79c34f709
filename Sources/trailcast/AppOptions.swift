// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import TrailcastCoreLocation
import TrailcastSettings

/// Which model app sits in the phone (`--app`), and the places app's data.
struct AppOptions: ParsableArguments {
    enum AppName: String, ExpressibleByArgument, CaseIterable { case weather, places, reminders }

    @Option(
        help: ArgumentHelp(
            "The model app: weather (weather for every new location), places (--places sorted by distance) or reminders (a reminder on arriving at or leaving each of the --regions, asking for Always in two steps). (default: weather)",
            valueName: "app"))
    var app: AppName?

    @Option(
        help: ArgumentHelp(
            "The places app's places: a GeoJSON FeatureCollection of Points, a CSV (name,lat,lon[,...]) or a GPX file's <wpt>s. Implies --app places.",
            valueName: "FILE"), completion: .file(extensions: ["geojson", "json", "csv", "gpx"]))
    var places: String?

    @Option(
        name: .customLong("places-limit"), parsing: .unconditional,
        help: ArgumentHelp(
            "How many nearest places the app shows. (default: \(ModelAppChoice.defaultPlacesLimit))", valueName: "N"))
    var placesLimit: Int?

    @Option(
        help: ArgumentHelp(
            "Circles the app monitors with Core Location's region monitoring: a GeoJSON FeatureCollection of Points with properties.radius (metres) and an optional identifier, or a CSV (identifier,lat,lon,radius).",
            valueName: "FILE"), completion: .file(extensions: ["csv", "geojson", "json"]))
    var regions: String?

    @Flag(
        name: .customLong("significant-changes"),
        help:
            "The app uses Core Location's significant-change service (about every 500 m, at most every 5 minutes) instead of standard updates."
    )
    var significantChanges = false

    @Flag(help: "The app monitors visits (Core Location's didVisit: arrivals and departures where the device dwells).")
    var visits = false

    @Flag(
        name: .customLong("background-updates"),
        help: "The app sets allowsBackgroundLocationUpdates: updates started in the foreground go on in the background."
    )
    var backgroundUpdates = false

    @Option(
        name: .customLong("plist-missing"),
        help: ArgumentHelp(
            "An entry the app's Info.plist lacks, repeatable. Without its purpose string (a ...UsageDescription) a permission request does nothing: no prompt, a plistError says why. Without UIBackgroundModes' location mode, --background-updates is a fatal error: the run ends, exit 70. (default: none: a complete Info.plist)",
            valueName: "KEY"))
    var plistMissing: [InfoPlistKey] = []

    @Flag(
        name: .customLong("plist-default-accuracy-reduced"),
        help:
            "The app's Info.plist sets NSLocationDefaultAccuracyReduced: the permission prompt offers approximate location, and a grant from it is reduced accuracy."
    )
    var plistDefaultAccuracyReduced = false

    func validate() throws {
        // `--app places` without `--places` may take its file from a `--scenario`: `apply` decides.
        if app == .weather, places != nil || placesLimit != nil {
            throw ValidationError("--places and --places-limit are for --app places, not weather")
        }
        if let placesLimit, !(1...1000).contains(placesLimit) {
            throw ValidationError("--places-limit must be from 1 to 1000, not \(placesLimit)")
        }
    }

    /// The flags given, laid over the defaults or a scenario's choice.
    func apply(to configuration: inout ReplayConfiguration) throws {
        if let regions { configuration.regionsFile = regions }
        // A flag can only switch a service on; a scenario's `true` stays when it is absent.
        if significantChanges { configuration.significantChanges = true }
        if visits { configuration.visits = true }
        if backgroundUpdates { configuration.backgroundUpdates = true }
        // An Info.plist flag only takes entries away (or sets the reduced default), over a
        // scenario's description too.
        configuration.location.infoPlist.missingKeys.formUnion(plistMissing)
        if plistDefaultAccuracyReduced { configuration.location.infoPlist.defaultAccuracyReduced = true }
        if app == .weather { configuration.app = .weather }
        if app == .reminders {
            if places != nil || placesLimit != nil {
                throw ValidationError("--places and --places-limit are for --app places, not reminders")
            }
            configuration.app = .reminders
        }
        if let places {
            var limit = 5
            if case .places(_, let scenarioLimit) = configuration.app { limit = scenarioLimit }
            configuration.app = .places(file: places, limit: placesLimit ?? limit)
        } else if let placesLimit {
            guard case .places(let file, _) = configuration.app else {
                throw ValidationError("--places-limit needs --places FILE")
            }
            configuration.app = .places(file: file, limit: placesLimit)
        } else if app == .places, !configuration.app.isPlaces {
            throw ValidationError("--app places needs --places FILE")
        }
        if case .reminders = configuration.app, configuration.regionsFile == nil {
            throw ValidationError("--app reminders needs --regions FILE: the places to be reminded at")
        }
    }
}
