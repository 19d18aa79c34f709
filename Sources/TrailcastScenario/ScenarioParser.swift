import Foundation
import TrailcastWeather
import TrailcastWeatherEndpoints
import Yams
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastDevice

/// Reads a scenario file (YAML) into a ``Scenario``.
///
/// Every key is a `trailcast replay` flag without its dashes, camel-cased (`promptAlways`
/// for `--prompt-always`); weather flags go under `weather:` (`weather.ttl` for
/// `--weather-ttl`, `weather.server.failRate` for `--server-fail-rate`), and `expect:` lists
/// what the timeline must show (see ``ExpectationParser``). Unknown keys, wrong types and
/// impossible values are ``ScenarioError``s naming the file, line, column and key.
///
/// ```yaml
/// name: denied at the first prompt
/// gpx: ../sf-waterfront-walk.gpx
/// prompt: deny
/// expect:
///   - count: alert
///     exactly: 1
///   - none: weather
/// ```
public enum ScenarioParser {
    static let topLevelKeys = [
        "name", "gpx", "source", "travelSpeed", "interval", "loop", "distanceFilter", "authorization",
        "accuracy", "services", "prompt", "promptAlways", "request", "events", "strict", "gps", "gpsSigma",
        "gpsCorrelation", "gpsMultipath", "seed", "jitter", "maxGap", "weather", "app", "places", "placesLimit", "expect",
    ]
    static let weatherKeys = ["source", "url", "archiveUrl", "timeout", "cell", "ttl", "events", "server", "cache", "offline", "cacheMax"]
    static let serverKeys = ["failRate", "latency", "timeoutRate", "malformedRate", "rateLimit", "seed"]

    /// Reads and parses the scenario file at `path`.
    public static func load(contentsOfFile path: String) throws(ScenarioError) -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let reason = !exists ? "no such file" : isDirectory.boolValue ? "is a directory" : "cannot be read"
            throw ScenarioError(file: path, message: "\(reason)", isUnreadable: true)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioError(file: path, message: "not UTF-8 text")
        }
        return try parse(yaml: text, file: path)
    }

    /// Parses scenario YAML; `file` names it in errors and anchors the relative `gpx` path.
    public static func parse(yaml: String, file: String) throws(ScenarioError) -> Scenario {
        let root: Node
        do {
            guard let composed = try Yams.compose(yaml: yaml) else {
                throw ScenarioError(file: file, line: 1, column: 1, message: "the file is empty; a scenario needs at least 'gpx'")
            }
            root = composed
        } catch let error as ScenarioError {
            throw error
        } catch let error as YamlError {
            throw Self.error(from: error, file: file)
        } catch {
            throw ScenarioError(file: file, message: "not YAML: \(error)")
        }
        return try parse(ScenarioNode(node: root, file: file, path: ""), file: file)
    }

    private static func parse(_ root: ScenarioNode, file: String) throws(ScenarioError) -> Scenario {
        let pairs = try root.mapping(allowed: topLevelKeys)
        var configuration = ReplayConfiguration()
        var network = WeatherNetworkSettings()
        var name: String?
        var gpx: (path: String, node: ScenarioNode)?
        var expectations: [ScenarioExpectation] = []
        var customGPS: (sigma: Double?, correlation: Double?, multipath: Double?, node: ScenarioNode?) = (nil, nil, nil, nil)
        var appNode: ScenarioNode?
        var placesNode: ScenarioNode?
        var placesFile: String?
        var placesLimit: Int?
        for (key, value) in pairs {
            switch key {
            case "name": name = try value.string()
            case "gpx": gpx = (try value.string(), value)
            case "source": configuration.source = ReplaySource(rawValue: try value.choice(ReplaySource.allCases.map(\.rawValue)))!
            case "travelSpeed": configuration.travelSpeedMetersPerSecond = try positive(value)
            case "interval": configuration.intervalSeconds = value.isNull ? nil : try positive(value)
            case "loop":
                configuration.loops = try value.integer()
                // Scenarios run on virtual time, where a run that never ends never reports.
                guard configuration.loops >= 1 else { throw value.error("must be at least 1: a scenario runs on virtual time") }
            case "distanceFilter":
                configuration.location.distanceFilterMeters = value.isNull ? nil : try nonNegative(value)
            case "authorization":
                configuration.location.initialStatus = AuthorizationStatus(
                    argument: try value.choice(AuthorizationStatus.allCases.map(\.argument)))!
            case "accuracy":
                configuration.location.initialAccuracy = LocationAccuracy(
                    rawValue: try value.choice(LocationAccuracy.allCases.map(\.rawValue)))!
            case "services": configuration.location.servicesEnabled = try onOff(value)
            case "prompt":
                configuration.location.promptAnswer = PromptAnswer(
                    rawValue: try value.choice(PromptAnswer.allCases.map(\.rawValue)))!
            case "promptAlways":
                configuration.location.alwaysUpgradeAnswer = PromptAnswer(rawValue: try value.choice(["allow", "deny"]))!
            case "request":
                configuration.request = AuthorizationRequest(
                    rawValue: try value.choice(AuthorizationRequest.statusRequests.map(\.rawValue)))!
            case "events": configuration.events = try events(value)
            case "app": appNode = value
            case "places":
                placesFile = resolve(try value.string(), against: file)
                placesNode = value
            case "placesLimit":
                let limit = try value.integer()
                guard (1...1000).contains(limit) else { throw value.error("must be from 1 to 1000") }
                placesLimit = limit
            case "strict": configuration.strict = try value.bool()
            case "gps":
                configuration.gps = GPSProfile.preset(named: try value.choice(GPSProfile.presets.map(\.name)))!
            case "gpsSigma": customGPS.sigma = try nonNegative(value); customGPS.node = value
            case "gpsCorrelation": customGPS.correlation = try positive(value); customGPS.node = value
            case "gpsMultipath": customGPS.multipath = try nonNegative(value); customGPS.node = value
            case "seed":
                let seed = try value.integer()
                guard seed >= 0 else { throw value.error("must not be negative") }
                configuration.seed = UInt64(seed)
            case "jitter": configuration.jitterMilliseconds = try nonNegative(value)
            case "maxGap": configuration.maxGapSeconds = try duration(value)
            case "weather": try weather(value, into: &configuration.weather, network: &network, file: file)
            case "expect": expectations = try ExpectationParser.expectations(value)
            default: break
            }
        }
        guard let gpx else {
            throw ScenarioError(file: file, line: root.line, column: root.column, message: "'gpx' is missing: which route to replay")
        }
        // `app: places` with `places: FILE` (relative to the scenario file, like the route).
        let appName = try appNode.map { node throws(ScenarioError) in try node.choice(["weather", "places"]) }
        if let placesFile {
            if appName == "weather", let placesNode { throw placesNode.error("'places' is for 'app: places'") }
            configuration.app = .places(file: placesFile, limit: placesLimit ?? 5)
        } else if appName == "places", let appNode {
            throw appNode.error("'app: places' needs 'places: FILE'")
        } else if placesLimit != nil {
            throw root.error("'placesLimit' needs 'places: FILE'")
        }
        configuration.gps = configuration.gps.overriding(
            sigmaMeters: customGPS.sigma, correlationSeconds: customGPS.correlation, multipathPerSecond: customGPS.multipath)
        if let node = customGPS.node, let problem = configuration.gps.problem { throw node.error(problem) }
        let gpxPath = resolve(gpx.path, against: file)
        var gpxIsDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: gpxPath, isDirectory: &gpxIsDirectory) {
            throw gpx.node.error("no such file: \(gpxPath) (a relative path starts at the scenario file's folder)")
        }
        // Caught here, on the scenario's line, rather than by the replay, which could only name the folder.
        if gpxIsDirectory.boolValue { throw gpx.node.error("\(gpxPath) is a directory, not a GPX file") }
        if !FileManager.default.isReadableFile(atPath: gpxPath) {
            // The scenario is right; the file system is not: 66, as replay gives for it.
            var error = gpx.node.error("\(gpxPath) cannot be read (permission denied)")
            error.isUnreadable = true
            throw error
        }
        if let problem = configuration.problem {
            throw ScenarioError(file: file, line: root.line, column: root.column, message: problem)
        }
        let defaultName = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        return Scenario(
            file: file, name: name ?? defaultName, gpxPath: gpxPath, configuration: configuration,
            network: network, expectations: expectations)
    }

    private static func weather(
        _ node: ScenarioNode, into settings: inout WeatherSettings, network: inout WeatherNetworkSettings, file: String
    ) throws(ScenarioError) {
        var provider: WeatherSettings.Provider?
        var serverNode: ScenarioNode?
        var urlNode: ScenarioNode?
        var cacheNode: ScenarioNode?
        var offlineNode: ScenarioNode?
        var offline = false
        var cacheMax: Double?
        for (key, value) in try node.mapping(allowed: weatherKeys) {
            switch key {
            case "source":
                provider = WeatherSettings.Provider(rawValue: try value.choice(WeatherSettings.Provider.allCases.map(\.rawValue)))
            case "url":
                network.forecastURL = try value.string()
                urlNode = value
            case "archiveUrl":
                network.archiveURL = try value.string()
                urlNode = value
            case "timeout":
                let seconds = try duration(value)
                guard seconds >= 0.001 else { throw value.error("must be at least 1ms") }
                network.timeout = .milliseconds(Int64((seconds * 1000).rounded()))
            case "cell": settings.policy.cellDegrees = try positive(value)
            case "ttl": settings.policy.freshnessSeconds = try duration(value)
            case "events": settings.policy.reportsCacheHits = try value.choice(["fetches", "all"]) == "all"
            case "server":
                network.serverFaults = try faults(value)
                serverNode = value
            case "cache":
                // Like the route: a relative path starts at the scenario file's folder, so a
                // recorded cache committed beside its scenario works from anywhere.
                settings.cache = WeatherSettings.Cache(directory: resolve(try value.string(), against: file))
                cacheNode = value
            case "offline":
                offline = try value.bool()
                offlineNode = value
            case "cacheMax":
                cacheMax = try positive(value)
                offlineNode = offlineNode ?? value
            default: break
            }
        }
        if settings.cache != nil {
            settings.cache?.offline = offline
            settings.cache?.maximumMegabytes = cacheMax
        } else if let offlineNode, offline || cacheMax != nil {
            throw offlineNode.error("'offline' and 'cacheMax' need 'cache: DIR'")
        }
        // As on the command line: a URL means Open-Meteo, a server means a local one.
        settings.provider = provider ?? (serverNode != nil ? .local : urlNode != nil ? .openMeteo : .builtin)
        if let serverNode, settings.provider != .local {
            throw serverNode.error("a local server's faults need 'source: local', not '\(settings.provider.rawValue)'")
        }
        if let urlNode, settings.provider != .openMeteo {
            throw urlNode.error("a URL needs 'source: open-meteo', not '\(settings.provider.rawValue)'")
        }
        if let cacheNode, !settings.usesNetwork {
            throw cacheNode.error("a weather cache keeps network answers: it needs 'source: open-meteo' or 'local', not '\(settings.provider.rawValue)'")
        }
        if settings.provider == .openMeteo { settings.url = network.effectiveForecastURL }
        if let problem = settings.policy.problem ?? network.problem { throw node.error(problem) }
    }

    private static func faults(_ node: ScenarioNode) throws(ScenarioError) -> WeatherServerFaults {
        var faults = WeatherServerFaults()
        for (key, value) in try node.mapping(allowed: serverKeys) {
            switch key {
            case "failRate": faults.failRate = try rate(value)
            case "timeoutRate": faults.timeoutRate = try rate(value)
            case "malformedRate": faults.malformedRate = try rate(value)
            case "latency": faults.latency = .milliseconds(Int64((try duration(value) * 1000).rounded()))
            case "rateLimit":
                let limit = try value.integer()
                guard limit >= 1 else { throw value.error("must be at least 1 request a minute") }
                faults.rateLimitPerMinute = limit
            case "seed":
                let seed = try value.integer()
                guard seed >= 0 else { throw value.error("must not be negative") }
                faults.seed = UInt64(seed)
            default: break
            }
        }
        return faults
    }

    private static func events(_ node: ScenarioNode) throws(ScenarioError) -> [ScheduledEvent] {
        var events: [ScheduledEvent] = []
        for element in try node.sequence() {
            let text = try element.string()
            do {
                events.append(try ScheduledEvent(parsing: text))
            } catch {
                throw element.error("\(error)")
            }
        }
        return events
    }

    // MARK: - Values

    static func positive(_ node: ScenarioNode) throws(ScenarioError) -> Double {
        let value = try node.number()
        guard value > 0 else { throw node.error("must be greater than 0, not \(node.shown)") }
        return value
    }

    static func nonNegative(_ node: ScenarioNode) throws(ScenarioError) -> Double {
        let value = try node.number()
        guard value >= 0 else { throw node.error("must not be negative, not \(node.shown)") }
        return value
    }

    static func rate(_ node: ScenarioNode) throws(ScenarioError) -> Double {
        let value = try node.number()
        guard (0...1).contains(value) else { throw node.error("must be a share between 0 and 1, not \(node.shown)") }
        return value
    }

    /// `on`/`off` as the flag spells it, or a YAML boolean.
    static func onOff(_ node: ScenarioNode) throws(ScenarioError) -> Bool {
        do {
            return try node.bool()
        } catch {
            throw node.error("expected on or off, not \(node.shown)")
        }
    }

    /// Simulated seconds from `45s`, `10m`, `1h5m`, `250ms` or a plain number of seconds.
    static func duration(_ node: ScenarioNode) throws(ScenarioError) -> Double {
        guard case .scalar(let scalar) = node.node, let offset = SimulatedOffset(scalar.string) else {
            throw node.error("expected a duration such as 45s, 10m, 1h5m or 250ms, not \(node.shown)")
        }
        return offset.seconds
    }

    static func resolve(_ path: String, against file: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let directory = (file as NSString).deletingLastPathComponent
        guard !directory.isEmpty else { return path }
        // `gpx/scenarios/../walk.gpx` reads better in `start` and errors as `gpx/walk.gpx`.
        var parts: [Substring] = []
        for part in (directory as NSString).appendingPathComponent(path).split(separator: "/", omittingEmptySubsequences: false) {
            if part == "..", let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
            } else if part != "." {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// 1-based line and column of a byte offset.
    private static func lineAndColumn(ofByte offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in text.utf8.prefix(max(offset, 0)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    private static func error(from error: YamlError, file: String) -> ScenarioError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
             .composer(_, let problem, let mark, _):
            return ScenarioError(file: file, line: mark.line, column: mark.column, message: "not valid YAML: \(problem)")
        case .reader(let problem, let offset, _, let yaml):
            // Bytes the YAML reader refuses (control characters, bad UTF-8): placed by
            // their offset, the message without Yams's quoted line.
            let (line, column) = offset.map { Self.lineAndColumn(ofByte: $0, in: yaml) } ?? (0, 0)
            return ScenarioError(file: file, line: line, column: column, message: "not valid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams finds these while composing, before ScenarioNode sees the mapping; its
            // mark is the first duplicated key's first occurrence.
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return ScenarioError(
                file: file, line: context.mark.line, column: context.mark.column,
                message: "\(keys) given twice")
        default:
            return ScenarioError(file: file, message: "not valid YAML: \(error)")
        }
    }
}
