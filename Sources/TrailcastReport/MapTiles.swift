// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Web map tiles laid under a map (`--tiles URL_TEMPLATE`): the standard XYZ scheme of
/// OpenStreetMap and most tile servers, 256-pixel squares in Web Mercator, `{z}/{x}/{y}`
/// with x east and y south from the north-west corner
/// (https://wiki.openstreetmap.org/wiki/Slippy_map_tilenames). Maps are offline unless
/// given tiles: the page then asks the tile server for them, which needs a network.
public struct MapTiles: Sendable, Equatable {
    /// `https://tile.openstreetmap.org/{z}/{x}/{y}.png`.
    public let template: String
    /// Shown in the map's corner. OpenStreetMap's tiles must credit "© OpenStreetMap
    /// contributors" (https://www.openstreetmap.org/copyright), the default.
    public let attribution: String
    /// The deepest zoom the server has (OpenStreetMap's standard layer: 19).
    public let maximumZoom: Int

    /// The credit OpenStreetMap requires with its tiles (https://www.openstreetmap.org/copyright), and
    /// the default `attribution`.
    public static let openStreetMapAttribution = "© OpenStreetMap contributors"

    /// Fails with a sentence saying what is wrong with `template`.
    public init(template: String, attribution: String = MapTiles.openStreetMapAttribution, maximumZoom: Int = 19)
        throws(Problem)
    {
        guard template.hasPrefix("http://") || template.hasPrefix("https://") else {
            throw Problem("the tile URL template must start with http:// or https://, not \(template)")
        }
        for placeholder in ["{z}", "{x}", "{y}"] where !template.contains(placeholder) {
            throw Problem("the tile URL template needs {z}, {x} and {y}: \(template) has no \(placeholder)")
        }
        let rest = ["{z}", "{x}", "{y}"].reduce(template) { $0.replacingAll($1, with: "") }
        if rest.contains("{") || rest.contains("}") {
            throw Problem(
                "the tile URL template takes only {z}, {x} and {y} (name one server, not {s} subdomains): \(template)")
        }
        self.template = template
        self.attribution = attribution
        self.maximumZoom = min(max(maximumZoom, 0), 24)
    }

    /// Why a template or its settings cannot be used.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// The tile server's URL of one tile.
    func url(zoom: Int, x: Int, y: Int) -> String {
        template.replacingAll("{z}", with: String(zoom)).replacingAll("{x}", with: String(x))
            .replacingAll("{y}", with: String(y))
    }

    /// The zoom whose 256-pixel tiles are drawn nearest their own size, for a view of
    /// `scale` pixels per world width: between 181 and 362 pixels wide (a factor of √2 either
    /// way), so that the tiles' labels stay readable and are never stretched much.
    func zoom(forScale scale: Double) -> Int {
        guard scale.isFinite, scale > 256 else { return 0 }
        return min(maximumZoom, Int(log2(scale / 256).rounded()))
    }

    /// The `<image>` elements of every tile that covers a view `width` by `height` pixels,
    /// where projected (0...1) `x` is drawn at `offsetX + (x - minX) * scale` and `y` alike.
    func layer(
        width: Double, height: Double, minX: Double, minY: Double, scale: Double, offsetX: Double, offsetY: Double
    ) -> String {
        guard scale.isFinite, scale > 0 else { return "" }
        let zoom = zoom(forScale: scale)
        let tilesAcross = Double(1 << zoom)
        func tileRange(from low: Double, to high: Double) -> ClosedRange<Int> {
            let first = Int(min(max((low * tilesAcross).rounded(.down), 0), tilesAcross - 1))
            let last = Int(min(max((high * tilesAcross).rounded(.down), 0), tilesAcross - 1))
            return first...last
        }
        let columns = tileRange(from: minX - offsetX / scale, to: minX + (width - offsetX) / scale)
        let rows = tileRange(from: minY - offsetY / scale, to: minY + (height - offsetY) / scale)
        // A view is at most a few tiles across at this zoom; the guard is for a broken frame.
        guard columns.count * rows.count <= 400 else { return "" }
        // Each edge is placed from its own tile number, so neighbours share it exactly: no
        // hairline seams between tiles.
        func screenX(_ column: Int) -> Double { offsetX + (Double(column) / tilesAcross - minX) * scale }
        func screenY(_ row: Int) -> Double { offsetY + (Double(row) / tilesAcross - minY) * scale }
        var svg = "<g class=\"tiles\" data-zoom=\"\(zoom)\">"
        for row in rows {
            for column in columns {
                let left = Markup.number(screenX(column), decimals: 2), top = Markup.number(screenY(row), decimals: 2)
                let tileWidth = Markup.number(screenX(column + 1) - screenX(column), decimals: 2)
                let tileHeight = Markup.number(screenY(row + 1) - screenY(row), decimals: 2)
                svg +=
                    "<image href=\"\(Markup.escape(url(zoom: zoom, x: column, y: row)))\" x=\"\(left)\" y=\"\(top)\""
                    + " width=\"\(tileWidth)\" height=\"\(tileHeight)\" preserveAspectRatio=\"none\"/>"
            }
        }
        return svg + "</g>\n"
    }

    /// The credit in the map's lower right corner, on a pale band so it reads over any tile.
    func attributionLabel(width: Double, height: Double) -> String {
        guard !attribution.isEmpty else { return "" }
        let right = Markup.number(width - 6), baseline = Markup.number(height - 6)
        return "<text class=\"tiles-attribution\" x=\"\(right)\" y=\"\(baseline)\" text-anchor=\"end\" font-size=\"11\""
            + " fill=\"#24292f\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\(Markup.escape(attribution))</text>\n"
    }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation-free).
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
