// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The map of a run as inline SVG: weather cells as squares, the true route dashed (with a
/// noisy GPS), the device's path coloured by what became of its fixes, the fixes the app
/// received after a gap as dots, markers for prompts, alerts, errors and authorization
/// changes, a scale bar and a north arrow. Web Mercator, north up; no tiles and no network
/// unless given ``tiles``.
struct MapView {
    var width = 960.0
    var height = 560.0
    /// Prefix of the event table's row ids (one page can hold several runs).
    var rowPrefix = "e-"
    var padding = 28.0
    /// Writes the projection on the `<svg>` (`data-min-x`, `data-min-y`, `data-scale`,
    /// `data-offset-x`, `data-offset-y`), so that a live page can place the device on it.
    var exposesProjection = false
    /// Web map tiles under everything (`--tiles`), with their credit; nil: none.
    var tiles: MapTiles?

    /// The projection of one report onto this view.
    private struct Frame {
        var minX: Double
        var minY: Double
        var scale: Double
        var offsetX: Double
        var offsetY: Double
        /// Metres per projected unit at the middle of the map.
        var metersPerUnit: Double

        func point(_ x: Double, _ y: Double) -> (Double, Double) {
            (offsetX + (x - minX) * scale, offsetY + (y - minY) * scale)
        }
    }

    func render(_ report: RunReport) -> String {
        var svg =
            "<svg class=\"map\" id=\"\(rowPrefix)map\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Markup.number(width)) \(Markup.number(height))\" role=\"img\" aria-label=\"Map of the run\">\n"
        svg +=
            "<rect class=\"map-bg\" x=\"0\" y=\"0\" width=\"\(Markup.number(width))\" height=\"\(Markup.number(height))\" fill=\"#f6f8fa\"/>\n"
        guard let frame = frame(for: report) else {
            svg +=
                "<text x=\"\(Markup.number(width / 2))\" y=\"\(Markup.number(height / 2))\" text-anchor=\"middle\" fill=\"#57606a\">No positions in this timeline.</text>\n</svg>"
            return svg
        }
        if exposesProjection {
            // On the root element, before its first child: `<svg ... data-...>`.
            let attributes =
                " data-min-x=\"\(frame.minX)\" data-min-y=\"\(frame.minY)\" data-scale=\"\(frame.scale)\""
                + " data-offset-x=\"\(frame.offsetX)\" data-offset-y=\"\(frame.offsetY)\""
            if let close = svg.firstIndex(of: ">") { svg.insert(contentsOf: attributes, at: close) }
        }
        if let tiles {
            svg += tiles.layer(
                width: width, height: height, minX: frame.minX, minY: frame.minY, scale: frame.scale,
                offsetX: frame.offsetX, offsetY: frame.offsetY)
        }
        svg += cells(report, frame)
        svg += regions(report, frame)
        svg += truth(report, frame)
        svg += route(report, frame)
        svg += dots(report, frame)
        svg += markers(report, frame)
        svg += scaleBar(frame)
        svg += northArrow()
        if let tiles { svg += tiles.attributionLabel(width: width, height: height) }
        svg += "</svg>"
        return svg
    }

    // MARK: frame

    /// The part of the world the drawing of `report` shows, less a pixel at each edge (so
    /// that a point inside is inside for a page's own arithmetic too); nil when it has no
    /// positions.
    func shownArea(_ report: RunReport) -> MercatorBox? {
        guard let frame = frame(for: report) else { return nil }
        let inset = 1 / frame.scale
        return MercatorBox(
            minX: frame.minX - frame.offsetX / frame.scale + inset,
            maxX: frame.minX + (width - frame.offsetX) / frame.scale - inset,
            minY: frame.minY - frame.offsetY / frame.scale + inset,
            maxY: frame.minY + (height - frame.offsetY) / frame.scale - inset)
    }

    private func frame(for report: RunReport) -> Frame? {
        var box = MercatorBox()
        func include(_ x: Double, _ y: Double) { box.include(x, y) }
        for point in report.route.points { include(point.x, point.y) }
        for point in report.truth.points { include(point.x, point.y) }
        for dot in report.fixDots.items { if let x = dot.x, let y = dot.y { include(x, y) } }
        for marker in report.markers.values.flatMap(\.items) {
            if let x = marker.x, let y = marker.y { include(x, y) }
        }
        // Regions frame the map only when nothing else does (a reminders run has no path).
        if box.isEmpty {
            for region in report.regions {
                include(WebMercator.x(longitude: region.longitude), WebMercator.y(latitude: region.latitude))
            }
        }
        guard !box.isEmpty else { return nil }
        var (minX, maxX, minY, maxY) = (box.minX, box.maxX, box.minY, box.maxY)
        let middleLatitude = WebMercator.latitude(y: (minY + maxY) / 2)
        let metersPerUnit = WebMercator.metersPerUnit(atLatitude: middleLatitude)
        // At least 300 m across, so a standing device is a dot in a street, not the world.
        let minimumSpan = 300 / max(metersPerUnit, 1)
        if maxX - minX < minimumSpan {
            let middle = (minX + maxX) / 2; minX = middle - minimumSpan / 2; maxX = middle + minimumSpan / 2
        }
        if maxY - minY < minimumSpan {
            let middle = (minY + maxY) / 2; minY = middle - minimumSpan / 2; maxY = middle + minimumSpan / 2
        }
        let scale = min((width - 2 * padding) / (maxX - minX), (height - 2 * padding) / (maxY - minY))
        let offsetX = (width - (maxX - minX) * scale) / 2
        let offsetY = (height - (maxY - minY) * scale) / 2
        return Frame(
            minX: minX, minY: minY, scale: scale, offsetX: offsetX, offsetY: offsetY, metersPerUnit: metersPerUnit)
    }

    // MARK: layers

    private func cells(_ report: RunReport, _ frame: Frame) -> String {
        guard !report.cellOrder.isEmpty else { return "" }
        var svg = "<g class=\"cells\">\n"
        let size = report.weatherCellDegrees
        for cell in report.cellOrder {
            let parts = cell.split(separator: ",")
            guard parts.count == 2, let south = Double(parts[0]), let west = Double(parts[1]) else { continue }
            let (x0, y0) = frame.point(WebMercator.x(longitude: west), WebMercator.y(latitude: min(south + size, 85)))
            let (x1, y1) = frame.point(WebMercator.x(longitude: west + size), WebMercator.y(latitude: south))
            // Cells far off the route would dwarf it: clip them to the view.
            let left = max(x0, -10), top = max(y0, -10), right = min(x1, width + 10), bottom = min(y1, height + 10)
            guard right > left, bottom > top else { continue }
            let count = report.cells[cell] ?? 0
            svg +=
                "<rect class=\"cell\" x=\"\(Markup.number(left))\" y=\"\(Markup.number(top))\" width=\"\(Markup.number(right - left))\" height=\"\(Markup.number(bottom - top))\">"
            svg +=
                "<title>weather cell \(Markup.escape(cell)): \(count) weather event\(count == 1 ? "" : "s")</title></rect>\n"
        }
        return svg + "</g>\n"
    }

    /// Each monitored region as a circle: green once entered, grey when entered and left,
    /// dashed when the app was never told it entered.
    private func regions(_ report: RunReport, _ frame: Frame) -> String {
        guard !report.regions.isEmpty else { return "" }
        var svg = "<g class=\"regions\">\n"
        for region in report.regions {
            let (cx, cy) = frame.point(
                WebMercator.x(longitude: region.longitude), WebMercator.y(latitude: region.latitude))
            let pixels = region.radiusMeters / WebMercator.metersPerUnit(atLatitude: region.latitude) * frame.scale
            // Far off the map, or larger than it many times over: not drawn.
            guard pixels.isFinite, pixels < 20 * max(width, height), cx > -pixels - width, cx < 2 * width + pixels,
                cy > -pixels - height, cy < 2 * height + pixels
            else { continue }
            let (fill, stroke) = Self.regionColors[region.status] ?? ("#eaeef2", "#6e7781")
            let dash = region.status == "never" ? " stroke-dasharray=\"5 4\"" : ""
            svg +=
                "<circle class=\"region region-\(region.status)\" cx=\"\(Markup.number(cx))\" cy=\"\(Markup.number(cy))\" r=\"\(Markup.number(max(pixels, 2)))\" fill=\"\(fill)\" fill-opacity=\"0.25\" stroke=\"\(stroke)\" stroke-width=\"1.5\"\(dash)>"
            let told = region.status == "never" ? "never entered" : "entered \(region.entries)x, left \(region.exits)x"
            svg +=
                "<title>region \(Markup.escape(region.identifier)) (\(Markup.distance(region.radiusMeters))): \(told)</title></circle>\n"
        }
        return svg + "</g>\n"
    }

    static let regionColors: [String: (fill: String, stroke: String)] = [
        "entered": ("#4ac26b", "#1a7f37"), "exited": ("#afb8c1", "#57606a"), "never": ("#ffffff", "#6e7781"),
    ]

    private func truth(_ report: RunReport, _ frame: Frame) -> String {
        guard report.gpsIsNoisy, report.truth.points.count > 1 else { return "" }
        var svg = "<g class=\"truth\"><title>where the device really was (before the GPS error)</title>\n"
        var points = ""
        for point in report.truth.points {
            if point.breaksBefore, !points.isEmpty {
                svg += "<polyline points=\"\(points)\"/>\n"
                points = ""
            }
            let (x, y) = frame.point(point.x, point.y)
            points += (points.isEmpty ? "" : " ") + Markup.number(x) + "," + Markup.number(y)
        }
        if !points.isEmpty { svg += "<polyline points=\"\(points)\"/>\n" }
        return svg + "</g>\n"
    }

    /// One polyline per run of one category; each starts at the previous run's last point
    /// so that the line has no gaps (a segment takes the category of the point it reaches).
    private func route(_ report: RunReport, _ frame: Frame) -> String {
        let points = report.route.points
        guard !points.isEmpty else { return "" }
        var svg = "<g class=\"route\">\n"
        var current: RouteCategory?
        var coordinates = ""
        var previous: (Double, Double)?
        func flush() {
            guard let current, !coordinates.isEmpty else { return }
            svg +=
                "<polyline class=\"seg seg-\(current.rawValue)\" stroke=\"\(current.color)\" points=\"\(coordinates)\"><title>\(Markup.escape(current.label))</title></polyline>\n"
        }
        for point in points {
            let projected = frame.point(point.x, point.y)
            let text = Markup.number(projected.0) + "," + Markup.number(projected.1)
            if point.breaksBefore || point.kind != current {
                flush()
                coordinates = ""
                if !point.breaksBefore, let previous {
                    coordinates = Markup.number(previous.0) + "," + Markup.number(previous.1)
                }
                current = point.kind
            }
            coordinates += (coordinates.isEmpty ? "" : " ") + text
            previous = projected
        }
        flush()
        // A run of one point (the only fix) still shows.
        if points.count == 1, let only = previous {
            svg +=
                "<circle class=\"seg-dot\" cx=\"\(Markup.number(only.0))\" cy=\"\(Markup.number(only.1))\" r=\"3\" fill=\"\(points[0].kind.color)\"/>\n"
        }
        return svg + "</g>\n"
    }

    private func dots(_ report: RunReport, _ frame: Frame) -> String {
        let dots = report.fixDots.items
        guard !dots.isEmpty else { return "" }
        var svg = "<g class=\"fixes\">\n"
        for dot in dots {
            guard let x = dot.x, let y = dot.y else { continue }
            let (px, py) = frame.point(x, y)
            svg +=
                "<circle class=\"fix\" cx=\"\(Markup.number(px))\" cy=\"\(Markup.number(py))\" r=\"2.5\"><title>\(Markup.escape(dot.text))</title></circle>\n"
        }
        return svg + "</g>\n"
    }

    private func markers(_ report: RunReport, _ frame: Frame) -> String {
        var svg = "<g class=\"markers\">\n"
        var placed = MarkerPlacement(spacing: 17)
        for kind in ReportMarkerKind.allCases {
            guard let sample = report.markers[kind], kind != .control else { continue }
            for marker in sample.items {
                guard let x = marker.x, let y = marker.y else { continue }
                let (px, py) = frame.point(x, y)
                svg += Self.symbol(marker, x: placed.place(px, py), y: py, radius: 8, rowPrefix: rowPrefix)
            }
        }
        return svg + "</g>\n"
    }

    /// A marker's symbol (shared with the time axis): a coloured disc with its glyph.
    static func symbol(_ marker: ReportMarker, x: Double, y: Double, radius: Double, rowPrefix: String) -> String {
        let link = marker.row.map { " data-e=\"\(rowPrefix)\($0)\"" } ?? ""
        var svg =
            "<g class=\"marker m-\(marker.kind.rawValue)\"\(link) transform=\"translate(\(Markup.number(x)),\(Markup.number(y)))\">"
        svg += "<title>\(Markup.offset(marker.offset)) \(Markup.escape(marker.text))</title>"
        svg += "<circle r=\"\(Markup.number(radius))\" fill=\"\(marker.kind.color)\"/>"
        svg +=
            "<text y=\"\(Markup.number(radius * 0.42))\" font-size=\"\(Markup.number(radius * 1.25))\">\(Markup.escape(marker.kind.glyph))</text></g>\n"
        return svg
    }

    // MARK: furniture

    private func scaleBar(_ frame: Frame) -> String {
        let metersPerPixel = frame.metersPerUnit / frame.scale
        let target = metersPerPixel * width / 5
        var length = 1.0
        while length * 10 <= target { length *= 10 }
        if length * 5 <= target { length *= 5 } else if length * 2 <= target { length *= 2 }
        let pixels = length / metersPerPixel
        let x = 16.0, y = height - 16
        var svg = "<g class=\"scale\"><title>scale at the middle of the map</title>"
        svg +=
            "<rect x=\"\(Markup.number(x - 4))\" y=\"\(Markup.number(y - 22))\" width=\"\(Markup.number(pixels + 8))\" height=\"28\" fill=\"#ffffff\" fill-opacity=\"0.8\"/>"
        svg +=
            "<path d=\"M\(Markup.number(x)),\(Markup.number(y - 6))v6h\(Markup.number(pixels))v-6\" fill=\"none\" stroke=\"#24292f\" stroke-width=\"2\"/>"
        svg +=
            "<text x=\"\(Markup.number(x + pixels / 2))\" y=\"\(Markup.number(y - 10))\" text-anchor=\"middle\">\(Markup.distance(length))</text></g>\n"
        return svg
    }

    private func northArrow() -> String {
        let x = width - 30, y = 24.0
        var svg =
            "<g class=\"north\" transform=\"translate(\(Markup.number(x)),\(Markup.number(y)))\"><title>north is up</title>"
        svg += "<path d=\"M0,-14L8,10L0,5L-8,10Z\" fill=\"#24292f\"/>"
        svg += "<text y=\"24\" text-anchor=\"middle\" font-weight=\"bold\">N</text></g>\n"
        return svg
    }
}

/// Moves a symbol right until it no longer covers one already drawn, so that a prompt, an
/// authorization change and an alert at the same place (or moment) all show.
struct MarkerPlacement {
    let spacing: Double
    private var taken: [(x: Double, y: Double)] = []

    init(spacing: Double) {
        self.spacing = spacing
    }

    mutating func place(_ x: Double, _ y: Double) -> Double {
        var candidate = x
        // Bounded: at most as many moves as symbols nearby, and never more than 12.
        for _ in 0..<12 {
            guard taken.contains(where: { abs($0.x - candidate) < spacing * 0.9 && abs($0.y - y) < spacing * 0.9 })
            else { break }
            candidate += spacing
        }
        taken.append((candidate, y))
        if taken.count > 4096 { taken.removeFirst(taken.count - 4096) }
        return candidate
    }
}
