// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastApps
import TrailcastReport
import TrailcastWeather
import TrailcastWire

/// The inputs from strangers that had no target (issue 64): a timeline `report` reads, a
/// regions file, a browser's or a test runner's WebDriver BiDi and DevTools messages, and
/// an entry of the weather cache on disk.
extension FuzzChecks {
    /// A JSON Lines timeline, line by line as `trailcast report` reads it, then its page:
    /// whatever the lines hold, the page is whole (one `<html>`, ending `</html>`) and carries
    /// no more `<script` than a page of no event does (every text from the timeline escaped).
    @Sendable public static func timelineReport(_ bytes: [UInt8]) {
        var report = RunReport()
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            _ = report.add(line: String(decoding: line, as: UTF8.self))
        }
        report.finish()
        let page = RunReportPage.render(report)
        require(page.hasPrefix("<!DOCTYPE html>\n"), "a report page that does not start as HTML")
        require(page.hasSuffix("</html>\n"), "a report page that does not end its document")
        let scripts = page.components(separatedBy: "<script").count
        require(scripts == emptyPageScripts, "a report page with \(scripts - 1) scripts, not \(emptyPageScripts - 1)")
    }

    private static let emptyPageScripts: Int = {
        var report = RunReport()
        report.finish()
        return RunReportPage.render(report).components(separatedBy: "<script").count
    }()

    /// The first byte picks the kind (CSV, GeoJSON); the rest is a regions file (`--regions`):
    /// circles with an identifier, a finite position in range and a radius above 0, or one
    /// error line naming the file.
    @Sendable public static func regions(_ bytes: [UInt8]) {
        let suffix = [".csv", ".geojson"][Int(bytes.first ?? 0) % 2]
        withTemporaryFile(Array(bytes.dropFirst()), suffix: suffix) { path in
            do throws(PlacesFileError) {
                for circle in try RegionsFile.load(path) {
                    require(!circle.identifier.isEmpty, "a region without an identifier")
                    require(circle.latitude.isFinite && abs(circle.latitude) <= 90, "a region at \(circle.latitude)")
                    require(
                        circle.longitude.isFinite && abs(circle.longitude) <= 180, "a region at \(circle.longitude)")
                    require(circle.radiusMeters.isFinite && circle.radiusMeters > 0, "a radius \(circle.radiusMeters)")
                }
            } catch {
                requireOneLineNaming(path, error.description, what: "a regions error")
            }
        }
    }

    /// The browser's side of the wire: the first byte picks a DevTools message, a WebDriver
    /// BiDi message, or a conversation through the BiDi share (`--browser-share`), the rest
    /// split at NUL bytes into messages from two test runners and from Firefox in turn. The
    /// share never answers a client it does not hold, and everything it sends is a JSON object.
    @Sendable public static func browserMessages(_ bytes: [UInt8]) {
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        switch (bytes.first ?? 0) % 3 {
        // A single message: read or refused, never a crash or a hang (the decoders' only duty).
        case 0: _ = DevToolsMessage(json: text)
        case 1: _ = BiDiMessage(json: text)
        default:
            var share = BiDiShareRouter(
                sessionResult: #"{"sessionId":"s1","capabilities":{"browserName":"firefox"}}"#)
            var connected: Set<BiDiShareRouter.Client> = []
            for client in [1, 2] {
                share.connected(client, joined: client == 2)
                connected.insert(client)
            }
            let messages = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false)
            for (index, message) in messages.enumerated() {
                let text = String(decoding: message, as: UTF8.self)
                let actions: [BiDiShareRouter.Action]
                switch index % 4 {
                case 0: actions = share.fromClient(1, text)
                case 1: actions = share.fromBrowser(text)
                case 2: actions = share.fromClient(2, text)
                default:
                    actions = share.disconnected(2) + share.fromBrowser(text)
                    connected.remove(2)
                }
                for action in actions {
                    switch action {
                    case .toBrowser(let sent): requireObject(sent, "to the browser")
                    case .toClient(let client, let sent):
                        require(connected.contains(client), "an answer to client \(client), who is not connected")
                        requireObject(sent, "to client \(client)")
                    case .close(let client):
                        require(connected.contains(client), "closing client \(client), who is not connected")
                    }
                }
            }
        }
    }

    private static func requireObject(_ text: String, _ whereTo: String) {
        let object = try? JSONSerialization.jsonObject(with: Data(text.utf8))
        require(object is [String: Any], "a message \(whereTo) that is not a JSON object: \(text.prefix(200))")
    }

    /// An entry of the weather cache on disk (`--weather-cache`, `serve-weather --cache`), as
    /// another version or a damaged disk may have left it: read as a miss, or as conditions
    /// in their ranges.
    @Sendable public static func weatherCacheEntry(_ bytes: [UInt8]) {
        guard let conditions = WeatherCacheEntry.readableConditions(decoding: bytes) else { return }
        require(conditions.temperatureCelsius.isFinite, "a temperature \(conditions.temperatureCelsius)")
        require((0...100).contains(conditions.relativeHumidity), "a humidity \(conditions.relativeHumidity)")
        require((0...100).contains(conditions.cloudCover), "a cloud cover \(conditions.cloudCover)")
        require(conditions.precipitationMm >= 0, "a precipitation \(conditions.precipitationMm)")
        require(conditions.windSpeedMps >= 0, "a wind speed \(conditions.windSpeedMps)")
        require((0...360).contains(conditions.windDirectionDegrees), "a wind from \(conditions.windDirectionDegrees)")
    }
}
