// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A self-contained HTML page of one run: summary, map, timeline chart, totals, settings
/// and the event table. One file, no network; the same report gives the same bytes.
package enum RunReportPage {
    /// - Parameter tiles: web map tiles to lay under the map (the page then needs a
    ///   network to show them); nil keeps the page offline.
    package static func render(_ report: RunReport, title: String? = nil, tiles: MapTiles? = nil) -> String {
        let heading = title ?? "Trailcast report: \(report.file.isEmpty ? "timeline" : report.file)"
        var html = PageHTML.head(title: heading)
        html += "<h1>\(Markup.escape(heading))</h1>\n"
        html += "<p class=\"sub\">\(Markup.escape(PageHTML.subtitle(report)))</p>\n"
        html += PageHTML.runBody(report, rowPrefix: "e-", mapSize: (960, 560), tiles: tiles)
        html += PageHTML.totals(report)
        html += PageHTML.settings(report)
        html += PageHTML.eventTable(report, rowPrefix: "e-")
        html += PageHTML.tail()
        return html
    }
}

/// The pieces of report pages, shared by a run's page and `check`'s.
enum PageHTML {
    static func head(title: String) -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<meta name=\"generator\" content=\"trailcast\">\n"
        html += "<title>\(Markup.escape(title))</title>\n<style>\n\(PageStyle.css)\n</style>\n</head>\n<body>\n"
        return html
    }

    static func tail() -> String {
        "<script>\n\(PageStyle.script)\n</script>\n</body>\n</html>\n"
    }

    static func subtitle(_ report: RunReport) -> String {
        var parts: [String] = []
        if let points = report.points { parts.append("\(Markup.count(points)) \(report.source) points") }
        parts.append("\(Markup.offset(report.lastOffset)) simulated")
        parts.append("\(Markup.count(report.counts["location"] ?? 0)) locations delivered")
        let missed = report.counts["missed"] ?? 0
        if missed > 0 { parts.append("\(Markup.count(missed)) stretches missed") }
        let weather = report.counts["weather"] ?? 0
        if weather > 0 { parts.append("\(Markup.count(weather)) weather events") }
        if report.unreadableLines > 0 {
            parts.append("\(Markup.count(report.unreadableLines)) unreadable lines skipped")
        }
        return parts.joined(separator: " · ")
    }

    /// The map with its legend, then the chart with its legend.
    static func runBody(
        _ report: RunReport, rowPrefix: String, mapSize: (Double, Double), bandsOnly: Bool = false,
        tiles: MapTiles? = nil
    ) -> String {
        var html = "<section class=\"map-section\">\n<h2>Map</h2>\n"
        html += MapView(width: mapSize.0, height: mapSize.1, rowPrefix: rowPrefix, tiles: tiles).render(report) + "\n"
        html += mapLegend(report)
        html += "</section>\n<section class=\"chart-section\">\n<h2>Timeline</h2>\n"
        html += TimelineChart(width: mapSize.0, rowPrefix: rowPrefix, bandsOnly: bandsOnly).render(report) + "\n"
        html += chartLegend(report, bandsOnly: bandsOnly)
        html += "</section>\n"
        return html
    }

    static func mapLegend(_ report: RunReport) -> String {
        var present = Set(report.route.points.map(\.kind))
        if report.route.points.isEmpty { present = [] }
        var html = "<div class=\"legend\">"
        for category in RouteCategory.allCases where present.contains(category) {
            html +=
                "<span><i class=\"sw\" style=\"background:\(category.color)\"></i>\(Markup.escape(category.label))</span>"
        }
        if report.gpsIsNoisy && report.truth.points.count > 1 {
            html += "<span><i class=\"sw dash\"></i>true position (before GPS error)</span>"
        }
        if !report.fixDots.items.isEmpty {
            html +=
                "<span><i class=\"dot\" style=\"background:#1a7f37;width:8px;height:8px\"></i>fix received after a gap</span>"
        }
        if !report.cellOrder.isEmpty {
            let drawn =
                report.moreCells
                ? "the first \(Markup.count(report.cellOrder.count)) drawn, more looked up"
                : Markup.count(report.cellOrder.count)
            html += "<span><i class=\"sw sq\"></i>weather cell looked up (\(drawn))</span>"
        }
        for status in ["entered", "exited", "never"] where report.regions.contains(where: { $0.status == status }) {
            let colors = MapView.regionColors[status]!
            let words = [
                "entered": "region entered", "exited": "region entered and left", "never": "region never entered",
            ][status]!
            html +=
                "<span><i class=\"sw ring\" style=\"background:\(colors.fill);border:1.5px \(status == "never" ? "dashed" : "solid") \(colors.stroke)\"></i>\(words)</span>"
        }
        html += markerLegend(report, includeControl: false)
        html += "</div>\n"
        let path = report.route
        if path.received > path.points.count + path.received / 10 {
            html +=
                "<p class=\"note\">The line is drawn through \(Markup.count(path.points.count)) of \(Markup.count(path.received)) positions (the least visible ones dropped); the numbers below are exact.</p>\n"
        }
        return html
    }

    static func markerLegend(_ report: RunReport, includeControl: Bool) -> String {
        var html = ""
        for kind in ReportMarkerKind.allCases {
            guard let sample = report.markers[kind], !sample.items.isEmpty, includeControl || kind != .control else {
                continue
            }
            let drawn =
                sample.items.count < sample.seen
                ? " (\(Markup.count(sample.items.count)) of \(Markup.count(sample.seen)) drawn)" : ""
            html +=
                "<span><i class=\"dot\" style=\"background:\(kind.color)\">\(Markup.escape(kind.glyph))</i>\(kind.label)\(drawn)</span>"
        }
        return html
    }

    static func chartLegend(_ report: RunReport, bandsOnly: Bool) -> String {
        var html = "<div class=\"legend\">"
        var seen = Set<String>()
        for band in report.allBands {
            for run in band.runs where !seen.contains(band.title + run.state) {
                seen.insert(band.title + run.state)
                html +=
                    "<span><i class=\"sw\" style=\"background:\(TimelineChart.color(ofState: run.state, in: band))\"></i>\(band.title): \(Markup.escape(TimelineChart.label(ofState: run.state, in: band)))</span>"
            }
        }
        if !bandsOnly && report.weather.buckets.contains(where: { $0 != nil }) {
            html += "<span><i class=\"sw\" style=\"background:#cf222e;height:3px\"></i>temperature</span>"
            html += "<span><i class=\"sw dash\" style=\"border-color:#fb8500\"></i>apparent temperature</span>"
            html += "<span><i class=\"sw\" style=\"background:#0969da\"></i>precipitation</span>"
        }
        html += markerLegend(report, includeControl: true)
        return html + "</div>\n"
    }

    static func totals(_ report: RunReport) -> String {
        var html =
            "<section class=\"totals\">\n<h2>Summary</h2>\n<div class=\"cols\">\n<div>\n<h3>End of the run</h3>\n"
        if report.totals.isEmpty {
            html +=
                "<p class=\"note\">The timeline has no <code>end</code> event (the run did not finish, or the file was cut).</p>\n"
        } else {
            html += "<table class=\"kv\" id=\"totals\">\n"
            for (key, value) in report.totals {
                html += "<tr><td>\(Markup.escape(key))</td><td class=\"num\">\(Markup.escape(value))</td></tr>\n"
            }
            html += "</table>\n"
        }
        html += "</div>\n<div>\n<h3>Events</h3>\n<table class=\"kv\" id=\"counts\">\n"
        for type in orderedTypes(report.counts) {
            html +=
                "<tr><td>\(Markup.escape(type))</td><td class=\"num\">\(Markup.count(report.counts[type] ?? 0))</td></tr>\n"
        }
        return html + "</table>\n</div>\n</div>\n</section>\n"
    }

    static func orderedTypes(_ counts: [String: Int]) -> [String] {
        let known = [
            "start", "authorization", "prompt", "location", "missed", "locationError", "region", "regionError", "visit",
            "pause", "resume", "alert", "tap", "places", "app", "launch", "signal", "control", "call", "weather",
            "weatherError", "end",
        ]
        return known.filter { counts[$0] != nil } + counts.keys.filter { !known.contains($0) }.sorted()
    }

    static func settings(_ report: RunReport) -> String {
        guard !report.settings.isEmpty else { return "" }
        var html = "<section class=\"settings\">\n<h2>Settings</h2>\n<table class=\"kv\">\n"
        for (key, value) in report.settings {
            html += "<tr><td>\(Markup.escape(key))</td><td class=\"details\">\(Markup.escape(value))</td></tr>\n"
        }
        return html + "</table>\n</section>\n"
    }

    static func eventTable(_ report: RunReport, rowPrefix: String) -> String {
        var html = "<section class=\"events\">\n<h2>Events</h2>\n"
        if report.rowsSeen > report.rows.count {
            html +=
                "<p class=\"note\">The first \(Markup.count(report.rows.count)) of \(Markup.count(report.rowsSeen)) events other than locations; the timeline file has them all.</p>\n"
        } else {
            html += "<p class=\"note\">Every event but the locations and the start.</p>\n"
        }
        html +=
            "<table class=\"event-table\">\n<thead><tr><th>offset</th><th>type</th><th>details</th></tr></thead>\n<tbody>\n"
        for (index, row) in report.rows.enumerated() {
            html +=
                "<tr id=\"\(rowPrefix)\(index)\" class=\"ev ev-\(Markup.escape(row.type))\"><td class=\"num\">\(Markup.offset(row.offset))</td><td>\(Markup.escape(row.type))</td><td class=\"details\">\(Markup.escape(row.text))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }
}
