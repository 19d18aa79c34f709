// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
@testable import TrailcastReport
import Testing
import TrailcastTimeline

/// The map's legend is docs/replay.md's: each colour of the device's line there, with its
/// words, is what a report draws for a fix delivered or missed for that reason. A colour or
/// a label changed in one place and not the other fails here.
@Suite("The report's map legend, as docs/replay.md gives it")
struct LegendDocsTests {
    /// `words `#rrggbb`` pairs of the docs' map paragraph, in its order.
    static func documentedColors() throws -> [(label: String, color: String)] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/replay.md").standardized
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\n  ", with: " ")
        let start = try #require(text.range(of: "coloured by what became of its fixes:"))
        let end = try #require(text.range(of: "(from the `missed` events)", range: start.upperBound..<text.endIndex))
        let paragraph = text[start.upperBound..<end.lowerBound].replacingOccurrences(of: "<span>", with: "")
            .replacingOccurrences(of: "</span>", with: "")
        let pair = try Regex(#"([a-zA-Z][a-zA-Z ]*?) `(#[0-9a-f]{6})`"#)
        return paragraph.matches(of: pair).map { match in
            (String(match.output[1].substring!), String(match.output[2].substring!))
        }
    }

    @Test("every colour the docs give the line: the legend's, with the docs' words, for a fix of that kind")
    func lineColors() throws {
        let documented = try Self.documentedColors()
        #expect(documented.count == 10, "\(documented)")
        // A fix delivered, then a missed stretch of each reason.
        var lines = [
            #"{"t":"x","offset":0,"type":"start","file":"a.gpx","source":"track","points":20}"#,
            #"{"t":"x","offset":0,"type":"location","lat":37.8,"lon":-122.4,"index":0}"#,
        ]
        let reasons = [
            "notAuthorized", "background", "notUpdating", "noSignal", "reducedAccuracy", "distanceFilter",
            "significantChanges", "paused", "notRunning",
        ]
        for (index, reason) in reasons.enumerated() {
            let offset = index + 1
            lines.append(
                #"{"t":"x","offset":\#(offset),"type":"missed","reason":"\#(reason)","fixes":1,"since":\#(offset),"until":\#(offset),"path":[[37.8\#(offset),-122.4\#(offset)]]}"#
            )
        }
        lines.append(#"{"t":"x","offset":20,"type":"end","locations":1}"#)
        var report = RunReport()
        for line in lines { report.add(try #require(TimelineRecord(line: line))) }
        report.finish()
        let legend = PageHTML.mapLegend(report)
        for (label, color) in documented {
            #expect(
                legend.contains(#"<span><i class="sw" style="background:\#(color)"></i>\#(label)</span>"#),
                "\(label) \(color): \(legend)")
        }
        // Nothing drawn that the docs do not name.
        let drawn = legend.matches(of: try Regex(#"<i class="sw" style="background:#[0-9a-f]{6}"></i>"#)).count
        #expect(drawn == documented.count, "\(legend)")
    }
}

/// The markers' legend: one event of each kind a report marks, each kind's symbol, colour and
/// words once, in the legend's order; the services-off band and a visit's two ends in words.
@Suite("The report's markers: every kind in the legend")
struct MarkerLegendTests {
    static let lines = [
        #"{"t":"x","offset":0,"type":"start","file":"a.gpx","source":"track","points":20}"#,
        #"{"t":"x","offset":0,"type":"location","lat":37.8,"lon":-122.4,"index":0}"#,
        #"{"t":"x","offset":1,"type":"prompt","request":"whenInUse","answer":"allow"}"#,
        #"{"t":"x","offset":2,"type":"authorization","from":"authorizedWhenInUse","to":"denied","accuracy":"full","servicesEnabled":false,"cause":"servicesOff"}"#,
        #"{"t":"x","offset":3,"type":"alert","message":"Location is off"}"#,
        #"{"t":"x","offset":4,"type":"locationError","code":"denied"}"#,
        #"{"t":"x","offset":5,"type":"weatherError","cell":"c","message":"timed out"}"#,
        #"{"t":"x","offset":6,"type":"control","action":"pause","multiplier":1}"#,
        #"{"t":"x","offset":7,"type":"tap","action":"openSettings"}"#,
        #"{"t":"x","offset":8,"type":"region","identifier":"home","change":"enter","lat":37.8,"lon":-122.4}"#,
        #"{"t":"x","offset":9,"type":"region","identifier":"home","change":"exit","lat":37.8,"lon":-122.4}"#,
        #"{"t":"x","offset":10,"type":"visit","lat":37.8,"lon":-122.4,"arrival":"2026-06-13T16:00:10Z"}"#,
        #"{"t":"x","offset":11,"type":"visit","lat":37.8,"lon":-122.4,"arrival":"2026-06-13T16:00:10Z","departure":"2026-06-13T16:00:11Z"}"#,
        #"{"t":"x","offset":12,"type":"launch","reason":"location"}"#,
        #"{"t":"x","offset":20,"type":"end","locations":1}"#,
    ]

    @Test("each marker kind: its symbol, colour and words, in the legend's order")
    func everyKind() throws {
        var report = RunReport()
        for line in Self.lines { report.add(try #require(TimelineRecord(line: line))) }
        report.finish()
        let legend = PageHTML.markerLegend(report, includeControl: true)
        let expected = [
            ("#bf3989", "P", "permission prompt"), ("#9a6700", "A", "authorization change"),
            ("#e16f24", "!", "alert shown by the app"), ("#cf222e", "×", "location error"),
            ("#a40e26", "W", "weather error"), ("#0550ae", "‖", "pause / resume / speed"),
            ("#1b7c83", "T", "the user's tap"), ("#1a7f37", "E", "entered a region"),
            ("#6e7781", "X", "left a region"), ("#0969da", "V", "a visit (arrival or departure)"),
            ("#24292f", "L", "relaunched by Core Location"),
        ].map { color, glyph, label in
            #"<span><i class="dot" style="background:\#(color)">\#(glyph)</i>\#(label)</span>"#
        }
        #expect(legend == expected.joined())
        // The map's legend leaves the controls to the chart's.
        #expect(!PageHTML.markerLegend(report, includeControl: false).contains("pause / resume / speed"))
        let html = RunReportPage.render(report)
        #expect(html.contains("visit began (arrival)") && html.contains("visit ended (departure)"))
        #expect(html.contains(#"<i class="sw" style="background:#57606a"></i>authorization: servicesOff</span>"#))
    }
}

/// The chart's bands: each state's colour and words in the legend, one of each.
@Suite("The report's bands: every state's colour")
struct BandLegendTests {
    @Test("authorization, accuracy, app, signal, monitoring and delivery: each state its colour; one not known, grey")
    func everyState() throws {
        func authorization(_ offset: Int, _ to: String, _ accuracy: String, services: Bool = true) -> String {
            #"{"t":"x","offset":\#(offset),"type":"authorization","from":"x","to":"\#(to)","accuracy":"\#(accuracy)","servicesEnabled":\#(services),"cause":"settings"}"#
        }
        // A start with its settings begins the app and signal bands (foreground, ok).
        let lines = [
            #"{"t":"x","offset":0,"type":"start","file":"a.gpx","source":"track","points":20,"settings":{}}"#,
            authorization(0, "notDetermined", "full"), authorization(10, "authorizedWhenInUse", "reduced"),
            authorization(20, "authorizedAlways", "full"), authorization(30, "denied", "full"),
            authorization(40, "restricted", "full"), authorization(50, "denied", "full", services: false),
            #"{"t":"x","offset":60,"type":"app","state":"background"}"#,
            #"{"t":"x","offset":70,"type":"app","state":"terminated"}"#,
            #"{"t":"x","offset":80,"type":"signal","state":"lost","cause":"gap"}"#,
            #"{"t":"x","offset":90,"type":"region","identifier":"home","change":"started","center":{"lat":37.8,"lon":-122.4},"radius":100}"#,
            #"{"t":"x","offset":100,"type":"missed","reason":"paused","fixes":1,"since":100,"until":100,"path":[]}"#,
            #"{"t":"x","offset":200,"type":"end","locations":0}"#,
        ]
        var report = RunReport()
        for line in lines { report.add(try #require(TimelineRecord(line: line))) }
        report.finish()
        let legend = PageHTML.chartLegend(report, bandsOnly: true)
        let expected = [
            ("#d4a72c", "authorization: notDetermined"), ("#4ac26b", "authorization: authorizedWhenInUse"),
            ("#1a7f37", "authorization: authorizedAlways"), ("#cf222e", "authorization: denied"),
            ("#82071e", "authorization: restricted"), ("#57606a", "authorization: servicesOff"),
            ("#4ac26b", "accuracy: full"), ("#bf8700", "accuracy: reduced"), ("#54aeff", "app: foreground"),
            ("#8250df", "app: background"), ("#afb8c1", "app: terminated"), ("#4ac26b", "signal: ok"),
            ("#24292f", "signal: lost"), ("#d4a72c", "delivery: updates paused"), ("#eaeef2", "monitoring: off"),
            ("#1a7f37", "monitoring: on"),
        ]
        for (color, words) in expected {
            #expect(
                legend.contains(#"<span><i class="sw" style="background:\#(color)"></i>\#(words)</span>"#),
                "\(words) \(color): \(legend)")
        }
    }

    @Test("a missed reason this version does not know: drawn, in its own colour and words")
    func otherMiss() throws {
        var report = RunReport()
        for line in [
            #"{"t":"x","offset":0,"type":"start","file":"a.gpx","source":"track","points":20}"#,
            #"{"t":"x","offset":1,"type":"missed","reason":"aliens","fixes":1,"since":1,"until":1,"path":[[37.8,-122.4],[37.81,-122.41]]}"#,
            #"{"t":"x","offset":2,"type":"end","locations":0}"#,
        ] {
            report.add(try #require(TimelineRecord(line: line)))
        }
        report.finish()
        #expect(
            PageHTML.mapLegend(report).contains(
                #"<span><i class="sw" style="background:#953800"></i>missed (other)</span>"#))
    }
}
