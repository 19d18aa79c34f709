// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
@testable import TrailcastReport
import Testing
import TrailcastTimeline

/// `--tiles`: which tiles a map lays under itself, where, and what a template may say.
@Suite("Map tiles")
struct MapTilesTests {
    static let template = "https://tile.example.org/{z}/{x}/{y}.png?key=a&b"

    /// A walk of about 2 km north-west from 37.80, -122.40.
    static func walk(tiles: MapTiles?) -> String {
        var report = RunReport()
        for index in 0..<50 {
            report.add(ReportBoundsTests.location(Double(index) * 30, index: index))
        }
        report.finish()
        return RunReportPage.render(report, tiles: tiles)
    }

    struct Tile {
        var zoom: Int, column: Int, row: Int
        var x: Double, y: Double, width: Double, height: Double
    }

    static func tiles(in html: String) throws -> [Tile] {
        let pattern = try NSRegularExpression(
            pattern:
                #"<image href="https://tile\.example\.org/(\d+)/(\d+)/(\d+)\.png\?key=a&amp;b" x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)" preserveAspectRatio="none"/>"#
        )
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            let field = { (index: Int) in String(html[Range(match.range(at: index), in: html)!]) }
            return Tile(
                zoom: Int(field(1))!, column: Int(field(2))!, row: Int(field(3))!,
                x: Double(field(4))!, y: Double(field(5))!, width: Double(field(6))!, height: Double(field(7))!)
        }
    }

    @Test(
        "the tiles of one zoom cover the whole 960 x 560 map, edge to edge, each drawn 181-362 pixels wide, under everything else"
    )
    func coverTheMap() throws {
        let html = Self.walk(tiles: try MapTiles(template: Self.template))
        let tiles = try Self.tiles(in: html)
        #expect(!tiles.isEmpty)
        #expect(Set(tiles.map(\.zoom)).count == 1)
        let columns = Set(tiles.map(\.column)).sorted(), rows = Set(tiles.map(\.row)).sorted()
        #expect(columns == Array(columns.first!...columns.last!) && rows == Array(rows.first!...rows.last!), "no holes")
        #expect(tiles.count == columns.count * rows.count, "each tile once")
        for tile in tiles {
            #expect((181...363).contains(tile.width) && abs(tile.width - tile.height) < 0.02, "\(tile)")
        }
        // Neighbours share their edges (to the rounding of two decimals): no seams.
        for tile in tiles {
            if let right = tiles.first(where: { $0.row == tile.row && $0.column == tile.column + 1 }) {
                #expect(abs(tile.x + tile.width - right.x) <= 0.011)
            }
        }
        #expect(tiles.map(\.x).min()! <= 0 && tiles.map { $0.x + $0.width }.max()! >= 960)
        #expect(tiles.map(\.y).min()! <= 0 && tiles.map { $0.y + $0.height }.max()! >= 560)
        // No more than needed: dropping an edge column or row would uncover the map.
        #expect(tiles.map(\.x).max()! < 960 && tiles.map { $0.x + $0.width }.min()! > 0)
        #expect(tiles.map(\.y).max()! < 560 && tiles.map { $0.y + $0.height }.min()! > 0)
        // Under the path: the tile layer comes before the first drawn layer after the background.
        let tileLayer = try #require(html.range(of: "<g class=\"tiles\""))
        let background = try #require(html.range(of: "class=\"map-bg\""))
        let path = try #require(html.range(of: "<polyline"))
        #expect(background.lowerBound < tileLayer.lowerBound && tileLayer.lowerBound < path.lowerBound)
        #expect(html.contains(">© OpenStreetMap contributors</text>"))
    }

    @Test("the tile under the first fix is the one the XYZ scheme names for its place, and the fix is drawn inside it")
    func theRightTileInTheRightPlace() throws {
        let html = Self.walk(tiles: try MapTiles(template: Self.template))
        let tiles = try Self.tiles(in: html)
        let zoom = Double(1 << tiles[0].zoom)
        // The first fix: ReportBoundsTests.location(0, index: 0).
        let (latitude, longitude) = (37.8, -122.4)
        let column = Int((longitude + 180) / 360 * zoom)
        let radians = latitude * .pi / 180
        let row = Int((1 - log(tan(radians) + 1 / cos(radians)) / .pi) / 2 * zoom)
        let tile = try #require(tiles.first { $0.column == column && $0.row == row }, "no tile \(column)/\(row)")
        let start = try #require(html.firstMatch(of: /<polyline[^>]* points="([-\d.]+),([-\d.]+)/))
        let (x, y) = (Double(start.1)!, Double(start.2)!)
        #expect(
            tile.x <= x && x <= tile.x + tile.width && tile.y <= y && y <= tile.y + tile.height,
            "the path starts at \(x),\(y), outside \(tile)")
    }

    @Test("without tiles the map fetches nothing: no image, no URL, no credit")
    func offlineByDefault() {
        let html = Self.walk(tiles: nil)
        #expect(!html.contains("<image") && !html.contains("tiles-attribution") && !html.contains("https://"))
    }

    @Test("the credit is the one given, escaped; an empty one shows none")
    func attribution() throws {
        #expect(
            Self.walk(tiles: try MapTiles(template: Self.template, attribution: "Tiles <me> & co"))
                .contains(">Tiles &lt;me&gt; &amp; co</text>"))
        #expect(!Self.walk(tiles: try MapTiles(template: Self.template, attribution: "")).contains("tiles-attribution"))
    }

    @Test("the zoom: nearest the tiles' own size, never past the server's deepest, 0 for a world map")
    func zoom() throws {
        let tiles = try MapTiles(template: Self.template, maximumZoom: 19)
        #expect(tiles.zoom(forScale: 256) == 0)
        #expect(tiles.zoom(forScale: 100) == 0)
        #expect(tiles.zoom(forScale: 256 * 1024) == 10)
        #expect(tiles.zoom(forScale: 256 * 1024 * 1.4) == 10)
        #expect(tiles.zoom(forScale: 256 * 1024 * 1.42) == 11)
        #expect(tiles.zoom(forScale: 1e12) == 19)
        #expect(tiles.zoom(forScale: .infinity) == 0)
    }

    @Test(
        "templates that cannot work are refused with a reason",
        arguments: [
            ("tile.openstreetmap.org/{z}/{x}/{y}.png", "must start with http:// or https://"),
            ("https://tile.example.org/{z}/{x}.png", "has no {y}"),
            ("https://tile.example.org/{x}/{y}.png", "has no {z}"),
            ("https://{s}.tile.example.org/{z}/{x}/{y}.png", "not {s} subdomains"),
            ("https://tile.example.org/{z}/{x}/{y}{r}.png", "takes only {z}, {x} and {y}"),
            // A brace left over on either side breaks every tile's URL.
            ("https://tile.example.org/{z}/{x}/{y}}.png", "takes only {z}, {x} and {y}"),
            ("https://tile.example.org/{{z}/{x}/{y}.png", "takes only {z}, {x} and {y}"),
        ])
    func badTemplates(template: String, reason: String) {
        #expect {
            _ = try MapTiles(template: template)
        } throws: { error in
            (error as? MapTiles.Problem)?.description.contains(reason) == true
        }
    }
}
