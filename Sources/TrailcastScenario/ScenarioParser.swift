// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Yams
import TrailcastSettings

/// Reads a scenario file (YAML) into a ``Scenario``.
///
/// Every key is a `trailcast replay` flag without its dashes, camel-cased (`promptAlways`
/// for `--prompt-always`); weather flags go under `weather:` (`weather.ttl` for
/// `--weather-ttl`, `weather.server.failRate` for `--server-fail-rate`), and `expect:` lists
/// what the timeline must show (see `ExpectationParser`). Unknown keys, wrong types and
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
    /// A scenario's own keys around the settings (``ReplaySetting/scenarioKeys``).
    static let topLevelKeys = ["name", "gpx"] + ReplaySetting.scenarioKeys + ["expect"]

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
                throw ScenarioError(
                    file: file, line: 1, column: 1, message: "the file is empty; a scenario needs at least 'gpx'")
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
        var draft = SettingsDraft()
        var name: String?
        var gpx: (path: String, node: ScenarioNode)?
        var expectations: [ScenarioExpectation] = []
        for (key, value) in pairs {
            switch key {
            case "name": name = try value.string()
            case "gpx": gpx = (try value.string(), value)
            case "expect": expectations = try ExpectationParser.expectations(value)
            default:
                guard let setting = ReplaySetting.scenarioSetting(key) else { break }
                try settle(file: file) { try setting.read(value, into: &draft) }
            }
        }
        guard let gpx else {
            throw ScenarioError(
                file: file, line: root.line, column: root.column, message: "'gpx' is missing: which route to replay")
        }
        let (configuration, network) = try settle(file: file) { try draft.finished(in: root) }
        let gpxPath = resolve(gpx.path, against: file)
        var gpxIsDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: gpxPath, isDirectory: &gpxIsDirectory) {
            throw gpx.node.error("no such file: \(gpxPath) (a relative path starts at the scenario file's folder)")
        }
        // Caught here, on the scenario's line, rather than by the replay, which could only name the folder.
        if gpxIsDirectory.boolValue { throw gpx.node.error("\(gpxPath) is a directory, not a route file") }
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

    /// A setting's errors are its nodes' (``ScenarioError``s, placed); anything else,
    /// which no setting throws today, is still one line about the file.
    private static func settle<T>(file: String, _ body: () throws -> T) throws(ScenarioError) -> T {
        do {
            return try body()
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError(file: file, message: "\(error)")
        }
    }

    static func resolve(_ path: String, against file: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        // The scenario's folder, by its last slash (Foundation's `deletingLastPathComponent`
        // traps on a one-character name such as `-`, standard input's).
        guard let slash = file.lastIndex(of: "/") else { return path }
        let directory = slash == file.startIndex ? "/" : String(file[..<slash])
        // `gpx/scenarios/../walk.gpx` reads better in `start` and errors as `gpx/walk.gpx`.
        var parts: [Substring] = []
        for part in (directory as NSString).appendingPathComponent(path).split(
            separator: "/", omittingEmptySubsequences: false)
        {
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
            return ScenarioError(
                file: file, line: mark.line, column: mark.column, message: "not valid YAML: \(problem)")
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
