// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import TrailcastReport
import Testing
import TrailcastTimeline
import TrailcastSettings
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice

/// The page of a crafted run: its SVG read back as XML and counted against the drawing
/// worked out by hand.
@Suite("Run report page")
struct RunReportPageTests {
    static func page(_ records: [TimelineRecord] = CraftedRun.records) -> String {
        var report = RunReport()
        for record in records { report.add(record) }
        report.finish()
        return RunReportPage.render(report)
    }

    /// Every `<svg>...</svg>` of the page, parsed as XML.
    static func svgs(in html: String) throws -> [XMLDocument] {
        var documents: [XMLDocument] = []
        var rest = html[...]
        while let open = rest.range(of: "<svg "),
            let close = rest.range(of: "</svg>", range: open.upperBound..<rest.endIndex)
        {
            documents.append(try XMLDocument(xmlString: String(rest[open.lowerBound..<close.upperBound])))
            rest = rest[close.upperBound...]
        }
        return documents
    }

    static func count(_ xpath: String, in document: XMLDocument) throws -> Int {
        try document.nodes(forXPath: xpath).count
    }

    /// The string values of what an XPath selects (attributes, say).
    static func values(_ xpath: String, in document: XMLDocument) throws -> [String] {
        try document.nodes(forXPath: xpath).compactMap(\.stringValue)
    }

    static func classed(_ element: String, _ className: String) -> String {
        "//*[local-name()='\(element)'][contains(concat(' ', @class, ' '), ' \(className) ')]"
    }

    @Test("the map: a line per stretch, coloured by what became of the fixes, joined end to end")
    func mapSegments() throws {
        let svgs = try Self.svgs(in: Self.page())
        try #require(svgs.count == 2, "a map and a chart")
        let map = svgs[0]
        #expect(try Self.count(Self.classed("polyline", "seg-delivered"), in: map) == 3)
        #expect(try Self.count(Self.classed("polyline", "seg-distanceFilter"), in: map) == 1)
        #expect(try Self.count(Self.classed("polyline", "seg-noSignal"), in: map) == 1)
        #expect(try Self.count(Self.classed("polyline", "seg-notAuthorized"), in: map) == 1)
        #expect(try Self.count(Self.classed("polyline", "seg-background"), in: map) == 0)
        // Each stretch starts where the one before ended: [A,B,C] [C,D,E,F] [F,G] [G,H,I] [I,J] [J,K,L].
        let lines = "//*[local-name()='polyline'][starts-with(@class, 'seg ')]"
        let points = try Self.values(lines + "/@points", in: map).map { $0.split(separator: " ") }
        try #require(points.map(\.count) == [3, 4, 2, 3, 2, 3])
        for index in 1..<points.count { #expect(points[index].first == points[index - 1].last) }
        let colors = try Self.values(lines + "/@stroke", in: map)
        #expect(colors == ["#1a7f37", "#0969da", "#1a7f37", "#24292f", "#1a7f37", "#cf222e"])
    }

    @Test("the map: markers for the prompt, authorization changes, alert, errors; dots for fixes after gaps; the cell")
    func mapMarkers() throws {
        let map = try Self.svgs(in: Self.page())[0]
        #expect(try Self.count(Self.classed("g", "m-prompt"), in: map) == 1)
        #expect(try Self.count(Self.classed("g", "m-authorization"), in: map) == 2, "not the initial state")
        #expect(try Self.count(Self.classed("g", "m-alert"), in: map) == 1)
        #expect(try Self.count(Self.classed("g", "m-locationError"), in: map) == 2)
        #expect(try Self.count(Self.classed("g", "m-weatherError"), in: map) == 1)
        #expect(try Self.count(Self.classed("circle", "fix"), in: map) == 3, "the first fix and the two after a gap")
        #expect(try Self.count(Self.classed("rect", "cell"), in: map) == 1)
        #expect(try Self.count("//*[local-name()='g'][@class='scale']", in: map) == 1)
        #expect(try Self.count("//*[local-name()='g'][@class='north']", in: map) == 1)
        #expect(try Self.count("//*[local-name()='g'][@class='truth']", in: map) == 0, "a perfect GPS has no true line")
        let alert = try #require(
            try map.nodes(forXPath: Self.classed("g", "m-alert") + "/*[local-name()='title']").first)
        #expect(
            alert.stringValue == "+0:03:20 alert: Location <off> & \"more\"", "escaped in the file, exact when read")
    }

    @Test("the chart: bands for authorization, accuracy, app, signal and delivery, with the states in order")
    func chartBands() throws {
        let chart = try Self.svgs(in: Self.page())[1]
        func states(_ band: String) throws -> [String] {
            try Self.values(
                "//*[local-name()='g'][@class='band band-\(band)']/*[local-name()='rect']/@class", in: chart
            )
            .map { $0.replacingOccurrences(of: "state st-", with: "") }
        }
        // notDetermined lasted no time (the prompt was answered at 0 s): the band shows
        // what held longest in each bucket, the table keeps the instant.
        #expect(try states("authorization") == ["authorizedWhenInUse", "denied"])
        #expect(try states("signal") == ["ok", "lost", "ok"])
        #expect(try states("app") == ["foreground"])
        #expect(
            try states("delivery") == [
                "delivered", "distanceFilter", "delivered", "noSignal", "delivered", "notAuthorized",
            ])
        #expect(
            try Self.count("//*[local-name()='g'][@class='events']/*[local-name()='g']", in: chart) == 7,
            "every marker, the initial state aside")
        #expect(try Self.count("//*[local-name()='polyline'][@class='line-temperature']", in: chart) == 1)
        #expect(try Self.count(Self.classed("rect", "rain"), in: chart) == 1)
    }

    /// Core Location relaunches a terminated app into the background (docs/background.md):
    /// the app band shows it there from the relaunch on, not on screen.
    @Test("a relaunch puts the app band in the background from its moment")
    func relaunchIsBackground() throws {
        var events = CraftedRun.events
        let terminatedAt = try #require(events.firstIndex { $0.offsetSeconds > 100 })
        events.insert(CraftedRun.event(100, .app(.terminated)), at: terminatedAt)
        let launchedAt = try #require(events.firstIndex { $0.offsetSeconds > 250 })
        events.insert(CraftedRun.event(250, .launch(.region)), at: launchedAt)
        let chart = try Self.svgs(in: Self.page(events.map(TimelineRecord.init)))[1]
        let states = try Self.values(
            "//*[local-name()='g'][@class='band band-app']/*[local-name()='rect']/@class", in: chart
        ).map { $0.replacingOccurrences(of: "state st-", with: "") }
        #expect(states == ["foreground", "terminated", "background"])
    }

    @Test("legends name what is drawn and only that; tables hold the exact totals and counts")
    func legendsAndTables() {
        let html = Self.page()
        #expect(html.contains("distance filter"))
        #expect(html.contains("no GPS signal"))
        #expect(!html.contains("in the background"))
        #expect(html.contains("<tr><td>weatherErrors</td><td class=\"num\">1</td></tr>"))
        #expect(html.contains("<tr><td>missed</td><td class=\"num\">3</td></tr>"))
        #expect(html.contains("<h1>Trailcast report: gpx/crafted &lt;walk&gt;.gpx</h1>"))
        #expect(!html.contains("http://") || !html.contains("src=\"http"), "nothing to fetch")
        #expect(!html.contains("<link") && !html.contains(" src="))
    }

    @Test("the event table says whether it holds every event: all of them, then one past its limit")
    func eventTableNote() {
        func page(tableRows: Int) -> String {
            var limits = RunReport.Limits()
            limits.tableRows = tableRows
            var report = RunReport(limits: limits)
            for record in CraftedRun.records { report.add(record) }
            report.finish()
            return RunReportPage.render(report)
        }
        // The crafted run has 15 events other than its 5 locations and its start.
        for full in [page(tableRows: 1000), page(tableRows: 15)] {
            #expect(full.components(separatedBy: " class=\"ev ev-").count - 1 == 15)
            #expect(full.contains("<p class=\"note\">Every event but the locations and the start.</p>"))
            #expect(!full.contains("The first "), "a table with every event does not send the reader to the timeline")
        }
        let cut = page(tableRows: 14)
        #expect(cut.components(separatedBy: " class=\"ev ev-").count - 1 == 14)
        #expect(
            cut.contains(
                "<p class=\"note\">The first 14 of 15 events other than locations; the timeline file has them all.</p>")
        )
    }

    /// Web Mercator stretches the map by 1 / cos(latitude): at 60°N a kilometre on the
    /// ground is twice as long on the map as at the equator, and the bar must say so.
    @Test("the scale bar measures the ground away from the equator: a route 1 km long at 60°N is 1 km by the bar")
    func scaleBarAtSixtyNorth() throws {
        // Along a parallel of the projection's sphere (the equator's 40,075,016.686 m long),
        // 1 km at 60°N is this many degrees of longitude.
        let degrees = 1000 / (40_075_016.686 * 0.5) * 360
        func fix(_ offset: Double, longitude: Double, index: Int) -> TimelineEvent {
            CraftedRun.event(
                offset,
                .location(
                    LocationFix(
                        time: CraftedRun.start.adding(seconds: offset), latitude: 60, longitude: longitude,
                        horizontalAccuracyMeters: 5, sourceIndex: index)))
        }
        let events = [
            CraftedRun.events[0], fix(0, longitude: 10, index: 0), fix(600, longitude: 10 + degrees, index: 1),
        ]
        let map = try #require(try Self.svgs(in: Self.page(events.map(TimelineRecord.init))).first)
        let points = try Self.values("//*[local-name()='polyline'][starts-with(@class, 'seg ')]/@points", in: map)
            .flatMap { $0.split(separator: " ") }.compactMap { Double($0.split(separator: ",")[0]) }
        try #require(points.count >= 2, "the route is drawn")
        let routePixels = points.max()! - points.min()!
        // The bar: `M16,Yv6hPIXELSv-6` under a label such as `200 m` or `1 km`.
        let path = try #require(
            try Self.values("//*[local-name()='g'][@class='scale']/*[local-name()='path']/@d", in: map).first)
        let barPixels = try #require(path.split(separator: "h").last.flatMap { Double($0.prefix { $0 != "v" }) })
        let label = try #require(
            try Self.values("//*[local-name()='g'][@class='scale']/*[local-name()='text']", in: map).first)
        let number = try #require(Double(label.prefix { $0 != " " }))
        let barMeters = label.hasSuffix(" km") ? number * 1000 : number
        #expect(barPixels > 0 && barMeters > 0, "\(path) \(label)")
        let measured = routePixels / barPixels * barMeters
        #expect(abs(measured - 1000) < 5, "the route measures \(measured) m by the bar (\(label) over \(barPixels) px)")
    }

    /// Reduced accuracy answers within a cell kilometres wide (the model's ±1000 m and
    /// more): such a fix is a dot of its own, off the path; ±999 m is a point of the path.
    @Test("a ±1000 m fix is an approximate dot off the path; a ±999 m fix is on it")
    func approximateDotFromAThousandMetres() throws {
        let events = [
            CraftedRun.events[0], CraftedRun.fix(0, 0, index: 0), CraftedRun.fix(60, 1, index: 1, accuracy: 999),
            CraftedRun.fix(120, 2, index: 2, accuracy: 1000), CraftedRun.fix(180, 3, index: 3, accuracy: 999.5),
        ]
        let html = Self.page(events.map(TimelineRecord.init))
        #expect(html.components(separatedBy: " m (approximate)").count - 1 == 1)
        #expect(html.contains("±1000 m (approximate)"))
        #expect(!html.contains("±999 m"), "a fix of the path is no dot of its own")
        let map = try #require(try Self.svgs(in: html).first)
        let points = try Self.values("//*[local-name()='polyline'][starts-with(@class, 'seg ')]/@points", in: map)
            .flatMap { $0.split(separator: " ") }
        #expect(points.count == 3, "the path is the ±5, ±999 and ±999.5 m fixes: \(points)")
    }

    @Test("the same timeline gives the same bytes")
    func deterministic() {
        #expect(Self.page() == Self.page())
        #expect(Self.page(CraftedRun.records) != Self.page(Array(CraftedRun.records.dropLast())))
    }

    @Test("no position at all: the map says so, the page still renders")
    func empty() throws {
        let records = CraftedRun.records.filter { $0.type != "location" && $0.type != "missed" }
        let html = Self.page(records)
        #expect(html.contains("No positions in this timeline."))
        #expect(try Self.svgs(in: html).count == 2)
    }
}

@Suite("Run report page: the places app")
struct PlacesRunReportTests {
    @Test("a tap is a marker on the map and the time axis; places lists are rows of the table")
    func tapsAndPlaces() throws {
        let start = CraftedRun.start
        let events =
            Array(CraftedRun.events.prefix(5)) + [
                TimelineEvent(time: start.adding(seconds: 5), offsetSeconds: 5, kind: .tap(.refresh)),
                TimelineEvent(
                    time: start.adding(seconds: 5), offsetSeconds: 5,
                    kind: .places(
                        PlacesList(
                            order: .distance,
                            nearest: [
                                PlacesList.Entry(
                                    name: "Clinic <A>", latitude: 37.8, longitude: -122.4, distanceMeters: 12)
                            ], total: 1))),
            ]
        let html = RunReportPageTests.page(events.map(TimelineRecord.init))
        let svgs = try RunReportPageTests.svgs(in: html)
        #expect(try RunReportPageTests.count(RunReportPageTests.classed("g", "m-tap"), in: svgs[0]) == 1)
        #expect(try RunReportPageTests.count(RunReportPageTests.classed("g", "m-tap"), in: svgs[1]) == 1)
        #expect(
            html.contains(
                "<td>places</td><td class=\"details\">order: &quot;distance&quot;, nearest: [{&quot;distanceMeters&quot;:12,&quot;lat&quot;:37.8,&quot;lon&quot;:-122.4,&quot;name&quot;:&quot;Clinic &lt;A&gt;&quot;}], total: 1</td>"
            ))
    }
}
