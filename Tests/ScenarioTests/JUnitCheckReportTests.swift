// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastScenario
import Testing

// Testing has an `Expectation` too; a scoped import wins over both module imports.
import enum TrailcastScenario.Expectation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An element of a parsed document: enough of a DOM to check the report.
final class ParsedElement {
    let name: String
    let attributes: [String: String]
    var children: [ParsedElement] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    func all(_ name: String) -> [ParsedElement] { children.filter { $0.name == name } }
}

/// Builds ``ParsedElement``s with Foundation's `XMLParser`, the way a CI system reads the file.
final class ParsedDocument: NSObject, XMLParserDelegate {
    private var stack: [ParsedElement] = []
    private(set) var root: ParsedElement?
    private(set) var parseError: (any Error)?

    static func parse(_ xml: String) throws -> ParsedElement {
        let document = ParsedDocument()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = document
        let parsed = parser.parse()
        if let error = document.parseError ?? parser.parserError { throw error }
        #expect(parsed)
        return try #require(document.root)
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        let element = ParsedElement(name: elementName, attributes: attributeDict)
        stack.last?.children.append(element)
        if stack.isEmpty { root = element }
        stack.append(element)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        self.parseError = parseError
    }
}

@Suite struct JUnitCheckReportTests {
    @Test func countsNamesAndFailures() throws {
        let xml = JUnitCheckReport.render([CraftedReports.happy, CraftedReports.revoked, CraftedReports.broken])
        #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"))
        #expect(xml.hasSuffix("</testsuites>\n"))

        let root = try ParsedDocument.parse(xml)
        #expect(root.name == "testsuites")
        #expect(
            root.attributes == [
                "name": "trailcast check", "tests": "10", "failures": "2", "errors": "1", "time": "2.624",
            ])

        let suites = root.all("testsuite")
        #expect(
            suites.map { $0.attributes["name"] } == [
                "gpx/scenarios/happy-path.yaml", "gpx/scenarios/revoked.yaml", "gpx/scenarios/broken.yaml",
            ])
        #expect(suites.map { $0.attributes["tests"] } == ["5", "4", "1"])
        #expect(suites.map { $0.attributes["failures"] } == ["0", "2", "0"])
        #expect(suites.map { $0.attributes["errors"] } == ["0", "0", "1"])
        #expect(suites.map { $0.attributes["time"] } == ["0.123", "2.500", "0.000"])

        let happy = suites[0].all("testcase")
        #expect(
            happy.map { $0.attributes["name"] } == [
                "line 14: an event prompt at 0s",
                "line 15: count location >= 100",
                "line 16: no alert",
                "line 17: location before weather",
                "line 18: end {weatherErrors: 0}",
            ])
        #expect(happy.allSatisfy { $0.attributes["classname"] == "happy path: allow, weather along the route" })
        #expect(happy.allSatisfy { $0.attributes["time"] == "0" && $0.children.isEmpty })

        let revoked = suites[1].all("testcase")
        #expect(
            revoked.map { $0.attributes["name"] } == [
                "line 19: an event alert at 10m +- 1s",
                #"line 20: an event authorization {to: "denied"} at 10m"#,
                "line 21: no location after 10m before 15m",
                "line 22: end {locations: >= 100}",
            ])
        #expect(revoked.map(\.children.count) == [0, 0, 1, 1])
        let failures = revoked.flatMap { $0.all("failure") }
        #expect(
            failures.map { $0.attributes["message"] } == [
                "first offending event: \(CraftedReports.offending)", "locations is 4, expected >= 100",
            ])
        #expect(
            failures.map(\.text) == [
                "first offending event: \(CraftedReports.offending)", "locations is 4, expected >= 100",
            ])
        #expect(failures.allSatisfy { $0.attributes["type"] == "expectation" })

        let broken = suites[2].all("testcase")
        #expect(broken.count == 1)
        #expect(broken.first?.attributes["name"] == "scenario file")
        // A broken file never said its name: its path stands in.
        #expect(broken.first?.attributes["classname"] == "gpx/scenarios/broken.yaml")
        #expect(
            broken.first?.all("error").first?.attributes["message"]
                == "gpx/scenarios/broken.yaml:7:3: error: unknown key 'expectt' (did you mean 'expect'?)")
    }

    @Test func exactDocument() {
        let report = ScenarioReport(
            file: "a.yaml", name: "a",
            outcomes: [
                CraftedReports.passing(.absent(EventSelector(type: "alert"), after: nil, before: nil), line: 3),
                ExpectationOutcome(
                    expectation: .count(EventSelector(type: "location"), .exactly(2), window: .init()), line: 4,
                    passed: false, detail: "found 3"),
            ],
            seconds: 0.0015)
        #expect(
            JUnitCheckReport.render([report]) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="trailcast check" tests="2" failures="1" errors="0" time="0.002">
                  <testsuite name="a.yaml" tests="2" failures="1" errors="0" time="0.002">
                    <testcase classname="a" name="line 3: no alert" time="0"/>
                    <testcase classname="a" name="line 4: count location == 2" time="0">
                      <failure message="found 3" type="expectation">found 3</failure>
                    </testcase>
                  </testsuite>
                </testsuites>

                """)
        #expect(
            JUnitCheckReport.render([]) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="trailcast check" tests="0" failures="0" errors="0" time="0.000">
                </testsuites>

                """)
    }

    static let awkwardText = "a < b && c > \"d\" 'e' \u{1}\u{7}\u{B}\u{C}\u{1B}\u{FFFE}f\tg ü 🌧 ]]>"
    static let awkwardTextParsed = "a < b && c > \"d\" 'e' f\tg ü 🌧 ]]>"

    @Test func escapingRoundTrips() throws {
        let text = Self.awkwardText
        let report = ScenarioReport(
            file: "dir/<odd> & \"quoted\" 'file'.yaml", name: "name & <name>",
            outcomes: [
                ExpectationOutcome(
                    expectation: .present(
                        EventSelector(type: "alert", fields: [FieldMatch(key: "message", matcher: .string("<&>"))]),
                        at: nil, tolerance: 0),
                    line: 7, passed: false, detail: text)
            ],
            seconds: 1)
        let broken = ScenarioReport(file: "b&.yaml", name: "", outcomes: [], seconds: 0, error: text)
        let xml = JUnitCheckReport.render([report, broken])
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })

        let root = try ParsedDocument.parse(xml)
        let suites = root.all("testsuite")
        #expect(suites.map { $0.attributes["name"] } == ["dir/<odd> & \"quoted\" 'file'.yaml", "b&.yaml"])
        let testcase = try #require(suites.first?.all("testcase").first)
        #expect(testcase.attributes["classname"] == "name & <name>")
        #expect(testcase.attributes["name"] == #"line 7: an event alert {message: "<&>"}"#)
        let failure = try #require(testcase.all("failure").first)
        #expect(failure.attributes["message"] == Self.awkwardTextParsed)
        #expect(failure.text == Self.awkwardTextParsed)
        #expect(suites.last?.all("testcase").first?.all("error").first?.attributes["message"] == Self.awkwardTextParsed)
    }

    @Test func lineBreaksSurviveInAttributes() throws {
        let broken = ScenarioReport(
            file: "b.yaml", name: "", outcomes: [], seconds: 0, error: "one\ntwo\r\nthree\tfour")
        let root = try ParsedDocument.parse(JUnitCheckReport.render([broken]))
        let error = root.all("testsuite").first?.all("testcase").first?.all("error").first
        #expect(error?.attributes["message"] == "one\ntwo\r\nthree\tfour")
    }

    @Test(arguments: [
        (0.0, "0.000"), (0.0004, "0.000"), (0.0005, "0.001"), (0.1234, "0.123"), (1.5, "1.500"),
        (59.9999, "60.000"), (3723.25, "3723.250"), (-1.0, "0.000"), (Double.nan, "0.000"), (Double.infinity, "0.000"),
    ])
    func timesHaveThreeDecimals(_ seconds: Double, _ expected: String) throws {
        let report = ScenarioReport(file: "t.yaml", name: "t", outcomes: [], seconds: seconds)
        let root = try ParsedDocument.parse(JUnitCheckReport.render([report]))
        #expect(root.attributes["time"] == expected)
        #expect(root.all("testsuite").first?.attributes["time"] == expected)
    }
}
