// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Scenario files for the end-to-end tests: the samples in `gpx/scenarios/`, and files a
/// test writes into its own ``ScratchDirectory``.
enum ScenarioFiles {
    /// The sample scenarios, as paths relative to the package root, sorted as a shell's
    /// `gpx/scenarios/*.yaml` sorts them (what CI runs).
    static func samples() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Repository.url("gpx/scenarios").path)
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "gpx/scenarios/\($0)" }
    }

    /// Absolute paths of the sample routes, for a scenario written outside the repository.
    static let walk = Repository.url("gpx/sf-waterfront-walk.gpx").path
    static let waypoints = Repository.url("gpx/xcode-waypoints.gpx").path

    /// The summary line `trailcast check` ends its text report with.
    static func summary(
        scenarios: Int, passed: Int, failed: Int = 0, broken: Int = 0, expectations: Int, failedExpectations: Int = 0
    ) -> String {
        func counted(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
        return "\(counted(scenarios, "scenario")): \(passed) passed, \(failed) failed, \(broken) broken"
            + " (\(counted(expectations, "expectation")), \(failedExpectations) failed)"
    }
}

extension ScratchDirectory {
    /// Writes a scenario file and returns its name, to pass to a `trailcast` run in this
    /// directory (so reports name it exactly as written).
    @discardableResult
    func scenario(_ name: String, _ yaml: String) throws -> String {
        try file(named: name, text: yaml)
        return name
    }

    /// Runs `trailcast ARGUMENTS` with this directory as the working directory.
    func run(_ arguments: [String]) async throws -> CommandResult {
        try await TrailcastBinary.run(arguments: arguments, in: url)
    }
}

extension ReplayTimeline {
    /// Runs `trailcast replay --scenario FILE --format jsonl ARGUMENTS` in `directory`,
    /// expecting success, and checks the contract every timeline meets.
    static func run(
        scenario: String, _ arguments: [String] = [], in directory: URL = Repository.root,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ReplayTimeline {
        let result = try await TrailcastBinary.run(
            arguments: ["replay", "--scenario", scenario, "--format", "jsonl"] + arguments, in: directory)
        try #require(result.status == 0, "exit \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr == "", sourceLocation: sourceLocation)
        let timeline = try ReplayTimeline(result: result)
        timeline.expectWellFormed(sourceLocation: sourceLocation)
        return timeline
    }

    /// The output with `wallSeconds` and every `fetchMs` blanked: the figures that vary
    /// between runs when the weather comes over HTTP.
    var stdoutWithoutTimings: String {
        stdoutWithoutWallSeconds.replacing(/"fetchMs":[0-9.]+/, with: #""fetchMs":_"#)
    }
}

/// An XML document read back with Foundation's `XMLParser`: elements with their
/// attributes, children and text, enough to check `trailcast check --format junit`.
final class XMLTree {
    let name: String
    let attributes: [String: String]
    private(set) var children: [XMLTree] = []
    private(set) var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// The direct children named `name`.
    func children(named name: String) -> [XMLTree] {
        children.filter { $0.name == name }
    }

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// Parses `text` as a whole document; a syntax error fails the test.
    static func parse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> XMLTree {
        let parser = XMLParser(data: Data(text.utf8))
        let builder = Builder()
        parser.delegate = builder
        let parsed = parser.parse()
        try #require(
            parsed, "not well-formed XML: \(String(describing: parser.parserError))", sourceLocation: sourceLocation)
        return try #require(builder.root, "no root element", sourceLocation: sourceLocation)
    }

    /// Builds the tree as the parser reports elements; used on one thread, by one parse.
    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLTree?
        private var open: [XMLTree] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String]
        ) {
            let element = XMLTree(name: elementName, attributes: attributes)
            if let parent = open.last { parent.children.append(element) } else { root = element }
            open.append(element)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            open.last?.text += string
        }
    }
}
