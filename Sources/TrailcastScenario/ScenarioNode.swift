// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastSettings
import Yams

/// A node of a scenario's YAML with what errors need: the file, the key path that led to
/// it (`weather.server.failRate`, `expect[2].count`) and its line and column.
///
/// Scalars are read from their text, not from YAML 1.1's guesses: `10:30` is not the
/// sexagesimal number 630 here, and a quoted `"5"` is a string, not a number.
struct ScenarioNode: SettingInput {
    let node: Node
    let file: String
    let path: String

    var line: Int { node.mark?.line ?? 0 }
    var column: Int { node.mark?.column ?? 0 }

    func error(_ message: String) -> ScenarioError {
        ScenarioError(file: file, line: line, column: column, message: path.isEmpty ? message : "\(path): \(message)")
    }

    /// A scalar's text however it is quoted (a duration may be `"10m"`).
    var scalarText: String? {
        guard case .scalar(let scalar) = node else { return nil }
        return scalar.string
    }

    /// A file's path; a relative one starts at the scenario file's folder, like the route.
    func filePath() throws(ScenarioError) -> String {
        ScenarioParser.resolve(try string(), against: file)
    }

    private var plainText: String? {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return nil }
        return scalar.string
    }

    /// How the value reads, for messages: its text, or "a list"/"a mapping".
    var shown: String {
        switch node {
        case .scalar(let scalar): return "'\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    func child(_ key: String, _ node: Node) -> ScenarioNode {
        ScenarioNode(node: node, file: file, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The pairs of a mapping, refusing keys not in `allowed` (naming the closest one) and
    /// keys given twice.
    func mapping(allowed: [String]) throws(ScenarioError) -> [(key: String, value: ScenarioNode)] {
        guard case .mapping(let mapping) = node else { throw error("expected a mapping of keys, not \(shown)") }
        var pairs: [(key: String, value: ScenarioNode)] = []
        for (keyNode, valueNode) in mapping {
            let keyed = ScenarioNode(node: keyNode, file: file, path: path)
            guard case .scalar(let scalar) = keyNode else {
                throw keyed.error("a key must be a plain word, not \(keyed.shown)")
            }
            let key = scalar.string
            guard allowed.contains(key) else {
                throw keyed.error(Spelling.unknown("key", key, among: allowed, listedAs: "known keys"))
            }
            if pairs.contains(where: { $0.key == key }) { throw keyed.error("'\(key)' is given twice") }
            pairs.append((key, child(key, valueNode)))
        }
        return pairs
    }

    func sequence() throws(ScenarioError) -> [ScenarioNode] {
        guard case .sequence(let sequence) = node else { throw error("expected a list, not \(shown)") }
        return sequence.enumerated().map { index, element in
            ScenarioNode(node: element, file: file, path: "\(path)[\(index)]")
        }
    }

    func string() throws(ScenarioError) -> String {
        guard case .scalar(let scalar) = node, !(scalar.style == .plain && scalar.string.isEmpty) else {
            throw error("expected text, not \(shown)")
        }
        return scalar.string
    }

    /// A finite number written plainly (`12`, `0.5`, `1e3`).
    func number() throws(ScenarioError) -> Double {
        guard let text = plainText, let value = Double(text), value.isFinite else {
            throw error("expected a number, not \(shown)")
        }
        return value
    }

    func integer() throws(ScenarioError) -> Int {
        guard let text = plainText, let value = Int(text) else { throw error("expected a whole number, not \(shown)") }
        return value
    }

    func bool() throws(ScenarioError) -> Bool {
        switch plainText {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: throw error("expected true or false, not \(shown)")
        }
    }

    /// `null`, `~` or nothing.
    var isNull: Bool {
        guard let text = plainText else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// One of `values`, as the flags spell them.
    func choice(_ values: [String]) throws(ScenarioError) -> String {
        guard case .scalar(let scalar) = node, values.contains(scalar.string) else {
            throw error("expected one of \(values.joined(separator: ", ")), not \(shown)")
        }
        return scalar.string
    }
}
