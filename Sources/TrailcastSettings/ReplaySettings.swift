// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice
import TrailcastWeather
import TrailcastRoutes

extension ReplaySetting {
    /// Every setting of a run, in the order `start.settings` records them (and a scenario's
    /// unknown-key message lists them). A new setting is a field of ``ReplayConfiguration``,
    /// a declaration here, and the command-line option that sets the field.
    package static let all: [ReplaySetting] = [
        ReplaySetting(
            "source",
            read: { input, draft in draft.configuration.source = try input.choice(of: ReplaySource.self) },
            // The `start` event's own field: the kind of points actually replayed.
            record: nil),
        ReplaySetting(
            "inputFormat",
            read: { input, draft in draft.configuration.routeFormat = try input.choice(of: RouteFormat.self) },
            // How the file is read, not what the run is: the `start` event names the file.
            record: nil),
        ReplaySetting(
            "travelSpeed",
            read: { input, draft in draft.configuration.travelSpeedMetersPerSecond = try input.positive() },
            record: { .number($0.travelSpeedMetersPerSecond, digits: 3) },
            problem: {
                !($0.travelSpeedMetersPerSecond > 0) || !$0.travelSpeedMetersPerSecond.isFinite
                    ? "--travel-speed must be a positive number of metres per second, not \($0.travelSpeedMetersPerSecond.asGiven)"
                    : nil
            }),
        ReplaySetting(
            "interval",
            read: { input, draft in draft.configuration.intervalSeconds = input.isNull ? nil : try input.positive() },
            record: { .number($0.intervalSeconds, digits: 3) },
            problem: {
                guard let interval = $0.intervalSeconds, !(interval >= 0.001) || !interval.isFinite else { return nil }
                return "--interval must be at least 0.001 seconds, not \(interval.asGiven)"
            }),
        // Scenarios run on virtual time.
        ReplaySetting(
            "speed",
            read: nil,
            record: { .number($0.speed, digits: 3) },
            problem: {
                !($0.speed >= 0) || !$0.speed.isFinite
                    ? "--speed must be 0 (virtual time) or a positive multiplier, not \($0.speed.asGiven)" : nil
            }),
        ReplaySetting(
            "loop",
            read: { input, draft in
                let loops = try input.integer()
                // Scenarios run on virtual time, where a run that never ends never reports.
                guard loops >= 1 else { throw input.error("must be at least 1: a scenario runs on virtual time") }
                draft.configuration.loops = loops
            },
            record: { .integer($0.loops) },
            problem: {
                if $0.loops < 0 { return "--loop must be 0 (forever) or a positive count, not \($0.loops)" }
                if $0.loops == 0 && $0.speed == 0 { return "--loop 0 (forever) needs real time: add --speed N" }
                return nil
            }),
        ReplaySetting(
            "authorization",
            read: { input, draft in
                draft.configuration.location.initialStatus = AuthorizationStatus(
                    argument: try input.choice(AuthorizationStatus.allCases.map(\.argument)))!
            },
            record: { .text($0.location.initialStatus.argument) }),
        ReplaySetting(
            "accuracy",
            read: { input, draft in
                draft.configuration.location.initialAccuracy = try input.choice(of: LocationAccuracy.self)
            },
            record: { .text($0.location.initialAccuracy.rawValue) }),
        ReplaySetting(
            "services",
            read: { input, draft in draft.configuration.location.servicesEnabled = try input.onOff() },
            record: { .text($0.location.servicesEnabled ? "on" : "off") }),
        ReplaySetting(
            "prompt",
            read: { input, draft in draft.configuration.location.promptAnswer = try input.choice(of: PromptAnswer.self)
            },
            // A sequence given in Swift (`Simulation.User(promptAnswers:)`) is recorded in turn.
            record: { .text($0.location.promptAnswers.map(\.rawValue).joined(separator: ",")) },
            problem: { $0.location.promptAnswers.isEmpty ? "the prompt needs at least one answer" : nil }),
        ReplaySetting(
            "promptAlways",
            read: { input, draft in
                draft.configuration.location.alwaysUpgradeAnswer = PromptAnswer(
                    rawValue: try input.choice(["allow", "deny"]))!
            },
            record: { .text($0.location.alwaysUpgradeAnswer.rawValue) }),
        ReplaySetting(
            "request",
            read: { input, draft in
                draft.configuration.request = AuthorizationRequest(
                    rawValue: try input.choice(AuthorizationRequest.statusRequests.map(\.rawValue)))!
            },
            record: { .text($0.request.rawValue) }),
        ReplaySetting(
            "distanceFilter",
            read: { input, draft in
                draft.configuration.location.distanceFilterMeters = input.isNull ? nil : try input.nonNegative()
            },
            record: { .number($0.location.distanceFilterMeters, digits: 3) },
            problem: {
                guard let filter = $0.location.distanceFilterMeters, !(filter >= 0) || !filter.isFinite else {
                    return nil
                }
                return "--distance-filter must be a non-negative number of metres, not \(filter.asGiven)"
            }),
        ReplaySetting(
            "events",
            read: { input, draft in draft.configuration.events = try scheduledEvents(input) },
            record: { .texts($0.events.map(\.description)) }),
        ReplaySetting(
            "strict",
            read: { input, draft in draft.configuration.strict = try input.bool() },
            record: { .flag($0.strict) }),
        // `weather:` is a block of its own in a scenario (WeatherSettingsReader); `start`
        // records its parts flat.
        ReplaySetting(
            "weather",
            read: { input, draft in try WeatherSettingsReader.read(input, into: &draft) },
            record: { .text($0.weather.provider.rawValue) },
            problem: {
                if let problem = $0.weather.policy.problem { return problem }
                if $0.weather.cache != nil && !$0.weather.usesNetwork {
                    return
                        "--weather-cache keeps network answers: it needs --weather open-meteo or local, not \($0.weather.provider.rawValue)"
                }
                return nil
            }),
        ReplaySetting("weatherUrl", read: nil, record: { .text($0.weather.url) }),
        ReplaySetting("weatherCell", read: nil, record: { .number($0.weather.policy.cellDegrees, digits: 6) }),
        ReplaySetting("weatherTtl", read: nil, record: { .number($0.weather.policy.freshnessSeconds, digits: 3) }),
        ReplaySetting(
            "weatherEvents", read: nil, record: { .text($0.weather.policy.reportsCacheHits ? "all" : "fetches") }),
        ReplaySetting("weatherCache", read: nil, record: { .text($0.weather.cache?.directory) }),
        ReplaySetting("weatherOffline", read: nil, record: { .flag($0.weather.cache?.offline ?? false) }),
        ReplaySetting("weatherCacheMax", read: nil, record: { .number($0.weather.cache?.maximumMegabytes, digits: 3) }),
        ReplaySetting(
            "gps",
            read: { input, draft in
                draft.configuration.gps = GPSProfile.preset(named: try input.choice(GPSProfile.presets.map(\.name)))!
            },
            record: { .text($0.gps.name) },
            problem: { $0.gps.problem }),
        // The custom figures are laid over the preset once every key is read (SettingsDraft).
        ReplaySetting(
            "gpsSigma",
            read: { input, draft in
                draft.customGPS.sigma = try input.nonNegative()
                draft.customGPS.input = input
            },
            record: { .number($0.gps.isPerfect ? nil : $0.gps.sigmaMeters, digits: 3) }),
        ReplaySetting(
            "gpsCorrelation",
            read: { input, draft in
                draft.customGPS.correlation = try input.positive()
                draft.customGPS.input = input
            },
            record: { .number($0.gps.isPerfect ? nil : $0.gps.correlationSeconds, digits: 3) }),
        ReplaySetting(
            "gpsMultipath",
            read: { input, draft in
                draft.customGPS.multipath = try input.nonNegative()
                draft.customGPS.input = input
            },
            record: { .number($0.gps.isPerfect ? nil : $0.gps.multipathPerSecond, digits: 6) }),
        ReplaySetting(
            "seed",
            read: { input, draft in draft.configuration.seed = try input.seed() },
            record: { .integer(Int(truncatingIfNeeded: $0.seed)) }),
        ReplaySetting(
            "jitter",
            read: { input, draft in draft.configuration.jitterMilliseconds = try input.nonNegative() },
            record: { .number($0.jitterMilliseconds, digits: 3) },
            problem: {
                if !($0.jitterMilliseconds >= 0) || !$0.jitterMilliseconds.isFinite {
                    return
                        "--jitter must be a non-negative number of milliseconds, not \($0.jitterMilliseconds.asGiven)"
                }
                if $0.jitterMilliseconds >= $0.cadenceSeconds * 1000 {
                    return
                        "--jitter must be less than the interval between fixes (\(($0.cadenceSeconds * 1000).asGiven) ms), not \($0.jitterMilliseconds.asGiven): a fix comes late, never after the next one"
                }
                return nil
            }),
        ReplaySetting(
            "maxGap",
            read: { input, draft in draft.configuration.maxGapSeconds = try input.duration() },
            record: { .number($0.maxGapSeconds, digits: 3) },
            problem: {
                !($0.maxGapSeconds >= 0) || !$0.maxGapSeconds.isFinite
                    ? "--max-gap must be a non-negative number of seconds (0: never), not \($0.maxGapSeconds.asGiven)"
                    : nil
            }),
        // `app`, `places` and `placesLimit` settle together once every key is read (SettingsDraft).
        ReplaySetting(
            "app",
            read: { input, draft in draft.app = input },
            record: { .text($0.app.name) }),
        ReplaySetting(
            "places",
            read: { input, draft in draft.places = (try input.filePath(), input) },
            record: {
                guard case .places(let file, _) = $0.app else { return .text(nil) }
                return .text(file)
            }),
        ReplaySetting(
            "placesLimit",
            read: { input, draft in
                let limit = try input.integer()
                guard (1...1000).contains(limit) else { throw input.error("must be from 1 to 1000") }
                draft.placesLimit = limit
            },
            record: {
                guard case .places(_, let limit) = $0.app else { return .integer(nil) }
                return .integer(limit)
            }),
        ReplaySetting(
            "regions",
            read: { input, draft in draft.configuration.regionsFile = try input.filePath() },
            record: { .text($0.regionsFile) }),
        ReplaySetting(
            "significantChanges",
            read: { input, draft in draft.configuration.significantChanges = try input.bool() },
            record: { .flag($0.significantChanges) }),
        ReplaySetting(
            "visits",
            read: { input, draft in draft.configuration.visits = try input.bool() },
            record: { .flag($0.visits) }),
        ReplaySetting(
            "backgroundUpdates",
            read: { input, draft in draft.configuration.backgroundUpdates = try input.bool() },
            record: { .flag($0.backgroundUpdates) }),
        // The app's Info.plist. Recorded only when the app is not a complete one, so that a
        // run that says nothing of it records what runs did before it was modelled.
        ReplaySetting(
            "plistMissing",
            read: { input, draft in
                var missing: Set<InfoPlistKey> = []
                for element in try input.sequence() { missing.insert(try element.choice(of: InfoPlistKey.self)) }
                draft.configuration.location.infoPlist.missingKeys = missing
            },
            record: {
                let missing = $0.location.infoPlist.missingKeys
                return missing.isEmpty ? .unrecorded : .texts(missing.sorted().map(\.rawValue))
            }),
        ReplaySetting(
            "plistDefaultAccuracyReduced",
            read: { input, draft in draft.configuration.location.infoPlist.defaultAccuracyReduced = try input.bool() },
            record: { $0.location.infoPlist.defaultAccuracyReduced ? .flag(true) : .unrecorded }),
    ]

    private static func scheduledEvents(_ input: some SettingInput) throws -> [ScheduledEvent] {
        var events: [ScheduledEvent] = []
        for element in try input.sequence() {
            let text = try element.string()
            do {
                events.append(try ScheduledEvent(parsing: text))
            } catch {
                throw element.error("\(error)")
            }
        }
        return events
    }
}
