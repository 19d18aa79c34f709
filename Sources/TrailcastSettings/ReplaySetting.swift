// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastBasics
import TrailcastDevice

/// One setting of a run, declared once (in ``ReplaySetting/all``): its key, how a scenario
/// file gives it, what the `start` event records of it, and when it cannot run.
///
/// The key is the `trailcast replay` flag's long name camel-cased (`travelSpeed` for
/// `--travel-speed`), in a scenario file and in `start.settings` alike. The command line
/// parses its flags with argument-parser and sets the same ``ReplayConfiguration`` fields;
/// ``ReplayConfiguration/problem`` then checks them all through these declarations.
package struct ReplaySetting: Sendable {
    /// What a setting records in `start.settings` under its key.
    package enum Record: Sendable {
        case number(Double?, digits: Int)
        case integer(Int?)
        case text(String?)
        case flag(Bool)
        case texts([String])
        /// Nothing: the key is left out. Only for a setting added after timelines were
        /// written, at its default, so that such a run's `start` reads as before.
        case unrecorded
    }

    package typealias Reader = @Sendable (any SettingInput, inout SettingsDraft) throws -> Void

    /// The scenario key and the `start.settings` key.
    package let key: StaticString
    /// Reads a scenario's value; nil for a setting a scenario does not set (or sets as part
    /// of another, as `weather:` sets the weather's URL and cache).
    let read: Reader?
    /// What `start.settings` records; nil for a setting recorded elsewhere (`source` is
    /// the `start` event's own field).
    let record: (@Sendable (ReplayConfiguration) -> Record)?
    /// Why the value cannot run, in the command line's words; nil when it can.
    let problem: @Sendable (ReplayConfiguration) -> String?

    init(
        _ key: StaticString, read: Reader?, record: (@Sendable (ReplayConfiguration) -> Record)?,
        problem: @escaping @Sendable (ReplayConfiguration) -> String? = { _ in nil }
    ) {
        self.key = key
        self.read = read
        self.record = record
        self.problem = problem
    }

    /// The settings a scenario may set, in the declarations' order.
    private static let scenarioSettings = all.filter { $0.read != nil }
    private static let scenarioSettingsByKey = Dictionary(
        uniqueKeysWithValues: scenarioSettings.map { ($0.key.description, $0) })

    /// The keys a scenario may set, in the declarations' order.
    package static let scenarioKeys: [String] = scenarioSettings.map(\.key.description)

    /// The setting a scenario's `key` sets, if it is one.
    package static func scenarioSetting(_ key: String) -> ReplaySetting? {
        scenarioSettingsByKey[key]
    }

    /// Reads this setting's value from a scenario into `draft`.
    package func read(_ input: some SettingInput, into draft: inout SettingsDraft) throws {
        try read?(input, &draft)
    }

    /// `start.settings`: every recorded setting in the declarations' order.
    package static func writeStartSettings(_ settings: ReplayConfiguration, to line: inout JSONLineWriter) {
        line.beginObject()
        for setting in all {
            guard let record = setting.record else { continue }
            switch record(settings) {
            case .number(let value, let digits): line.field(setting.key, value, fractionDigits: digits)
            case .integer(let value): line.field(setting.key, value)
            case .text(let value): line.field(setting.key, value)
            case .flag(let value): line.field(setting.key, value)
            case .texts(let values):
                line.key(setting.key)
                line.beginArray()
                for value in values { line.string(value) }
                line.endArray()
            case .unrecorded:
                continue
            }
        }
        line.endObject()
    }
}

extension ReplayConfiguration {
    /// Why these settings cannot run, or nil when they can: the first setting's problem, in
    /// the declarations' order.
    public var problem: String? {
        for setting in ReplaySetting.all {
            if let problem = setting.problem(self) { return problem }
        }
        return nil
    }
}

/// Settings read from a file key by key, in the file's order: the configuration so far, and
/// what settles only once every key is read (a custom GPS laid over a preset, the app and
/// its places).
package struct SettingsDraft {
    package var configuration = ReplayConfiguration()
    /// The weather's network settings (URLs, timeout, a local server's faults), which are
    /// not recorded in `start`.
    package var network = WeatherNetworkSettings()
    var customGPS = CustomGPS()
    var app: (any SettingInput)?
    var places: (file: String, input: any SettingInput)?
    var placesLimit: Int?

    struct CustomGPS {
        var sigma: Double?
        var correlation: Double?
        var multipath: Double?
        /// The last custom figure read: where a problem with the figures is reported.
        var input: (any SettingInput)?
    }

    package init() {}

    /// The settings read, once those that depend on each other agree. `whole` is what they
    /// were read from (a scenario's top mapping): where a missing partner is reported.
    package func finished(in whole: some SettingInput) throws -> (
        configuration: ReplayConfiguration, network: WeatherNetworkSettings
    ) {
        var configuration = self.configuration
        // `app: places` with `places: FILE` (relative to the scenario file, like the route).
        let appName = try app.map { input in try input.choice(["weather", "places", "reminders"]) }
        if appName == "reminders", let app {
            if places != nil { throw app.error("'places' is for 'app: places'") }
            // The regions are the reminders' places.
            if configuration.regionsFile == nil { throw app.error("'app: reminders' needs 'regions: FILE'") }
            configuration.app = .reminders
        } else if let places {
            if appName == "weather" { throw places.input.error("'places' is for 'app: places'") }
            configuration.app = .places(file: places.file, limit: placesLimit ?? ModelAppChoice.defaultPlacesLimit)
        } else if appName == "places", let app {
            throw app.error("'app: places' needs 'places: FILE'")
        } else if placesLimit != nil {
            throw whole.error("'placesLimit' needs 'places: FILE'")
        }
        configuration.gps = configuration.gps.overriding(
            sigmaMeters: customGPS.sigma, correlationSeconds: customGPS.correlation,
            multipathPerSecond: customGPS.multipath)
        if let input = customGPS.input, let problem = configuration.gps.problem { throw input.error(problem) }
        return (configuration, network)
    }
}
