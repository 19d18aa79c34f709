// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The run on one time axis, as inline SVG: a band per state (authorization, accuracy, app,
/// signal, delivery), the markers, then (with weather) temperature and apparent temperature,
/// precipitation bars and the conditions strip.
struct TimelineChart {
    var width = 960.0
    var rowPrefix = "e-"
    /// Without the weather rows (the check page's small charts).
    var bandsOnly = false

    private let left = 104.0
    private let right = 12.0
    private let bandHeight = 16.0
    private let bandGap = 4.0

    func render(_ report: RunReport) -> String {
        let duration = max(report.lastOffset, 1)
        let plotWidth = width - left - right
        func x(_ offset: Double) -> Double { left + min(max(offset, 0), duration) / duration * plotWidth }

        var body = ""
        var y = 6.0
        for band in report.allBands {
            body += bandRow(band, y: y, x: x)
            y += bandHeight + bandGap
        }
        body += markerRow(report, y: y + 2, x: x)
        y += 26
        let hasWeather = !bandsOnly && report.weather.buckets.contains { $0 != nil }
        if hasWeather {
            body += temperature(report, top: y, height: 120, x: x)
            y += 132
            body += precipitation(report, top: y, height: 36, x: x)
            y += 42
            body += conditions(report, top: y, height: 12, x: x)
            y += 18
        }
        body += axis(duration: duration, y: y, x: x)
        y += 22
        var svg =
            "<svg class=\"chart\" id=\"\(rowPrefix)chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Markup.number(width)) \(Markup.number(y))\" role=\"img\" aria-label=\"The run over time\">\n"
        svg += body
        return svg + "</svg>"
    }

    // MARK: rows

    private func bandRow(_ band: StateBand, y: Double, x: (Double) -> Double) -> String {
        var svg = "<g class=\"band band-\(band.title)\">"
        svg +=
            "<text class=\"label\" x=\"\(Markup.number(left - 8))\" y=\"\(Markup.number(y + bandHeight - 4))\" text-anchor=\"end\">\(band.title)</text>\n"
        for run in band.runs {
            let x0 = x(run.start), x1 = max(x(run.end), x0 + 0.5)
            svg +=
                "<rect class=\"state st-\(Markup.escape(run.state))\" x=\"\(Markup.number(x0))\" y=\"\(Markup.number(y))\" width=\"\(Markup.number(x1 - x0))\" height=\"\(Markup.number(bandHeight))\" fill=\"\(Self.color(ofState: run.state, in: band))\">"
            svg +=
                "<title>\(band.title): \(Markup.escape(Self.label(ofState: run.state, in: band))) \(Markup.offset(run.start))-\(Markup.offset(run.end))</title></rect>\n"
        }
        return svg + "</g>\n"
    }

    private func markerRow(_ report: RunReport, y: Double, x: (Double) -> Double) -> String {
        var svg =
            "<g class=\"events\"><text class=\"label\" x=\"\(Markup.number(left - 8))\" y=\"\(Markup.number(y + 12))\" text-anchor=\"end\">events</text>\n"
        var placed = MarkerPlacement(spacing: 14)
        for kind in ReportMarkerKind.allCases {
            guard let sample = report.markers[kind] else { continue }
            for marker in sample.items {
                svg += MapView.symbol(
                    marker, x: placed.place(x(marker.offset), y + 8), y: y + 8, radius: 6.5, rowPrefix: rowPrefix)
            }
        }
        return svg + "</g>\n"
    }

    private func temperature(_ report: RunReport, top: Double, height: Double, x: (Double) -> Double) -> String {
        var low = Double.infinity, high = -Double.infinity
        for bucket in report.weather.buckets.compactMap({ $0 }) {
            for extremes in [bucket.temperature, bucket.apparentTemperature] where !extremes.isEmpty {
                low = min(low, extremes.low); high = max(high, extremes.high)
            }
        }
        guard low <= high else { return "" }
        low = (low - 1).rounded(.down); high = (high + 1).rounded(.up)
        func y(_ celsius: Double) -> Double { top + height - (celsius - low) / (high - low) * height }
        var svg = "<g class=\"temperature\">"
        svg +=
            "<text class=\"label\" x=\"\(Markup.number(left - 44))\" y=\"\(Markup.number(top + height / 2 + 4))\" text-anchor=\"end\">°C</text>"
        for celsius in [low, (low + high) / 2, high] {
            svg +=
                "<text class=\"tick\" x=\"\(Markup.number(left - 8))\" y=\"\(Markup.number(y(celsius) + 4))\" text-anchor=\"end\">\(Markup.number(celsius, decimals: 1))</text>"
            svg +=
                "<line class=\"grid\" x1=\"\(Markup.number(left))\" x2=\"\(Markup.number(width - right))\" y1=\"\(Markup.number(y(celsius)))\" y2=\"\(Markup.number(y(celsius)))\"/>"
        }
        svg += "\n"
        for (name, keyPath) in [
            ("temperature", \WeatherBucket.temperature), ("apparent", \WeatherBucket.apparentTemperature),
        ] {
            var points: [String] = []
            var titles = ""
            for bucket in report.weather.buckets.compactMap({ $0 }) {
                let extremes = bucket[keyPath: keyPath]
                guard !extremes.isEmpty else { continue }
                var samples = [(extremes.lowOffset, extremes.low), (extremes.highOffset, extremes.high)]
                if samples[0].0 > samples[1].0 { samples.swapAt(0, 1) }
                if samples[0] == samples[1] { samples.removeLast() }
                for (offset, value) in samples {
                    points.append(Markup.number(x(offset)) + "," + Markup.number(y(value)))
                }
                if name == "temperature" {
                    let (offset, value) = samples[0]
                    titles +=
                        "<circle class=\"wx\" cx=\"\(Markup.number(x(offset)))\" cy=\"\(Markup.number(y(value)))\" r=\"2\"><title>\(Markup.offset(offset)) \(Markup.number(value, decimals: 1)) °C, feels \(Markup.number(bucket.apparentTemperature.low, decimals: 1)) °C, \(Markup.escape(bucket.condition))</title></circle>"
                }
            }
            guard !points.isEmpty else { continue }
            if points.count == 1 { points.append(points[0]) }
            svg += "<polyline class=\"line-\(name)\" points=\"\(points.joined(separator: " "))\"/>\n"
            if !titles.isEmpty && report.weather.buckets.count <= 400 {
                svg += "<g class=\"wx-points\">\(titles)</g>\n"
            }
        }
        return svg + "</g>\n"
    }

    private func precipitation(_ report: RunReport, top: Double, height: Double, x: (Double) -> Double) -> String {
        let buckets = report.weather.buckets
        let wettest = buckets.compactMap { $0?.precipitationMm }.max() ?? 0
        let scale = max(wettest, 1)
        var svg =
            "<g class=\"precipitation\"><text class=\"label\" x=\"\(Markup.number(left - 8))\" y=\"\(Markup.number(top + height - 2))\" text-anchor=\"end\">mm</text>"
        svg +=
            "<line class=\"grid\" x1=\"\(Markup.number(left))\" x2=\"\(Markup.number(width - right))\" y1=\"\(Markup.number(top + height))\" y2=\"\(Markup.number(top + height))\"/>\n"
        for (index, bucket) in buckets.enumerated() {
            guard let bucket, bucket.precipitationMm > 0 else { continue }
            let x0 = x(report.weather.start(of: index)), x1 = max(x(report.weather.start(of: index + 1)), x0 + 1)
            let barHeight = bucket.precipitationMm / scale * height
            svg +=
                "<rect class=\"rain\" x=\"\(Markup.number(x0))\" y=\"\(Markup.number(top + height - barHeight))\" width=\"\(Markup.number(x1 - x0))\" height=\"\(Markup.number(barHeight))\"><title>\(Markup.offset(report.weather.start(of: index))) \(Markup.number(bucket.precipitationMm, decimals: 1)) mm</title></rect>\n"
        }
        return svg + "</g>\n"
    }

    private func conditions(_ report: RunReport, top: Double, height: Double, x: (Double) -> Double) -> String {
        var svg =
            "<g class=\"conditions\"><text class=\"label\" x=\"\(Markup.number(left - 8))\" y=\"\(Markup.number(top + height - 2))\" text-anchor=\"end\">sky</text>\n"
        // Each condition lasts until the next observation (the app shows it until then).
        var current: (code: Int, condition: String, start: Double)?
        func close(at end: Double) {
            guard let current else { return }
            let x0 = x(current.start), x1 = max(x(end), x0 + 0.5)
            svg +=
                "<rect class=\"sky\" x=\"\(Markup.number(x0))\" y=\"\(Markup.number(top))\" width=\"\(Markup.number(x1 - x0))\" height=\"\(Markup.number(height))\" fill=\"\(Self.color(ofWeatherCode: current.code))\"><title>\(Markup.escape(current.condition)) (code \(current.code)) from \(Markup.offset(current.start))</title></rect>\n"
        }
        for (index, bucket) in report.weather.buckets.enumerated() {
            guard let bucket else { continue }
            let start = report.weather.start(of: index)
            if current?.code != bucket.weatherCode {
                close(at: start)
                current = (bucket.weatherCode, bucket.condition, start)
            }
        }
        close(at: report.lastOffset)
        return svg + "</g>\n"
    }

    private func axis(duration: Double, y: Double, x: (Double) -> Double) -> String {
        let steps: [Double] = [
            1, 5, 10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 604800,
        ]
        let step = steps.first { duration / $0 <= 10 } ?? (duration / 10).rounded(.up)
        var svg =
            "<g class=\"axis\"><line x1=\"\(Markup.number(left))\" x2=\"\(Markup.number(width - right))\" y1=\"\(Markup.number(y))\" y2=\"\(Markup.number(y))\"/>\n"
        var tick = 0.0
        while tick <= duration + 1e-9 {
            svg +=
                "<line x1=\"\(Markup.number(x(tick)))\" x2=\"\(Markup.number(x(tick)))\" y1=\"\(Markup.number(y))\" y2=\"\(Markup.number(y + 4))\"/>"
            svg +=
                "<text class=\"tick\" x=\"\(Markup.number(x(tick)))\" y=\"\(Markup.number(y + 16))\" text-anchor=\"middle\">\(Markup.offset(tick))</text>\n"
            tick += step
        }
        return svg + "</g>\n"
    }

    // MARK: colours

    static let stateColors: [String: String] = [
        "authorizedAlways": "#1a7f37", "authorizedWhenInUse": "#4ac26b", "notDetermined": "#d4a72c",
        "denied": "#cf222e", "restricted": "#82071e", "servicesOff": "#57606a",
        "full": "#4ac26b", "reduced": "#bf8700",
        "foreground": "#54aeff", "background": "#8250df",
        "ok": "#4ac26b", "lost": "#24292f",
        "on": "#1a7f37", "off": "#eaeef2",
    ]

    static func color(ofState state: String, in band: StateBand) -> String {
        if band.title == "delivery", let category = RouteCategory(rawValue: state) { return category.color }
        return stateColors[state] ?? "#afb8c1"
    }

    static func label(ofState state: String, in band: StateBand) -> String {
        if band.title == "delivery", let category = RouteCategory(rawValue: state) { return category.label }
        return state
    }

    /// WMO weather interpretation codes, grouped as Open-Meteo documents them.
    static func color(ofWeatherCode code: Int) -> String {
        switch code {
        case 0, 1: return "#f2cc60"
        case 2, 3: return "#afb8c1"
        case 45, 48: return "#d0d7de"
        case 51...67: return "#54aeff"
        case 71...77, 85, 86: return "#ddf4ff"
        case 80...82: return "#0969da"
        case 95...99: return "#8250df"
        default: return "#eaeef2"
        }
    }
}
