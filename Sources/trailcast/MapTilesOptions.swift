// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import TrailcastReport

/// `--tiles` and `--tiles-attribution`: web map tiles under the maps a command draws
/// (`replay`'s live page and report, `report`'s page).
struct MapTilesOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Lay web map tiles under the map, from an XYZ tile server (e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png). The page then needs a network to show them; without this it is offline.",
            valueName: "URL_TEMPLATE"))
    var tiles: String?

    @Option(
        help: ArgumentHelp(
            "With --tiles: the credit shown on the map (default: \(MapTiles.openStreetMapAttribution), which OpenStreetMap's tiles require).",
            valueName: "TEXT"))
    var tilesAttribution: String?

    /// The tiles asked for; a template that cannot work is a usage error.
    func mapTiles() throws -> MapTiles? {
        guard let tiles else {
            if tilesAttribution != nil { throw ValidationError("--tiles-attribution goes with --tiles URL_TEMPLATE") }
            return nil
        }
        do {
            return try MapTiles(template: tiles, attribution: tilesAttribution ?? MapTiles.openStreetMapAttribution)
        } catch {
            throw ValidationError("--tiles: \(error.description)")
        }
    }
}
