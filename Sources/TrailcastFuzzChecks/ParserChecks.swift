// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastWeather
import TrailcastApps
import TrailcastScenario

extension FuzzChecks {
    /// Any text as a scenario file: parsed, or one error line naming the file.
    @Sendable public static func scenario(_ bytes: [UInt8]) {
        do {
            _ = try ScenarioParser.parse(yaml: String(decoding: bytes, as: UTF8.self), file: "fuzz.yaml")
        } catch {
            let text = error.description
            require(!text.contains("\n"), "a scenario error of more than one line: \(text)")
            require(text.hasPrefix("fuzz.yaml"), "a scenario error that does not name the file: \(text)")
        }
    }

    /// Any bytes as an Open-Meteo answer: decoded or refused, and every hour of a decoded
    /// one read into conditions or refused, never a trap (1e300, NaN-like text, short arrays).
    @Sendable public static func openMeteo(_ bytes: [UInt8]) {
        _ = OpenMeteoErrorBody.parse(bytes)
        guard let response = try? OpenMeteoHourlyResponse.decode(bytes) else { return }
        for time in response.hourly.time.prefix(100) {
            if let conditions = try? response.conditions(atHourStarting: time) {
                require(
                    (0..<360).contains(conditions.windDirectionDegrees), "wind from \(conditions.windDirectionDegrees)°"
                )
            }
        }
    }

    /// Any text as a query to serve-weather (after `/v1/forecast?`, or `/v1/archive?` when
    /// the first byte is odd): 200 with a JSON document or 400 with a JSON reason, and a
    /// body of bounded size. The query is split and percent-decoded here, not by the HTTP
    /// server's parser, so that the fuzz build needs no HTTP stack: the endpoints see the
    /// same kind of input, any key and value text.
    ///
    /// When the first byte's second bit is set, the rest is a POST's JSON body instead
    /// (`ForecastRequestBody`): read, or refused with a status and a reason.
    @Sendable public static func forecastQuery(_ bytes: [UInt8]) {
        let archive = (bytes.first ?? 0) & 1 == 1
        let query = String(decoding: bytes.dropFirst(), as: UTF8.self)
        var pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in String(text).removingPercentEncoding ?? String(text) }
            return (key: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : "")
        }
        if (bytes.first ?? 0) & 2 == 2 {
            do {
                pairs = try ForecastRequestBody.parameters(Array(bytes.dropFirst()), contentType: "application/json")
                    .pairs
            } catch {
                require(
                    [400, 413, 415, 422].contains(error.status) && !error.reason.isEmpty,
                    "a body refused without a reason")
                return
            }
        }
        let endpoints = ForecastEndpoints(model: WeatherModel())
        // 2026-06-13T16:00:00Z: the sample walk's day, as fixed "now".
        let (status, body) = endpoints.answer(archive: archive, query: pairs, now: 1_781_366_400)
        require(status == 200 || status == 400, "status \(status) for \(query)")
        // Open-Meteo's weight limit (5,000) bounds an answer near 17 million values.
        require(body.count < 256_000_000, "a \(body.count)-byte answer to \(query)")
        let json = try? JSONSerialization.jsonObject(with: Data(body))
        require(json != nil, "a body that is not JSON (status \(status)) for \(query)")
        if status == 400 {
            let object = json as? [String: Any] ?? [:]
            let flagged = object["error"] as? Bool == true
            let reason = object["reason"] as? String
            require(flagged && reason != nil, "a 400 without a reason")
        }
    }

    /// The first byte picks the format (CSV, GeoJSON, GPX); the rest is the file: places
    /// with finite coordinates in range, or one error line naming the file.
    @Sendable public static func places(_ bytes: [UInt8]) {
        let suffix = [".csv", ".geojson", ".gpx"][Int(bytes.first ?? 0) % 3]
        withTemporaryFile(Array(bytes.dropFirst()), suffix: suffix) { path in
            do throws(PlacesFileError) {
                for place in try PlacesFile.load(path) {
                    require(
                        place.latitude.isFinite && abs(place.latitude) <= 90, "a place at latitude \(place.latitude)")
                    require(
                        place.longitude.isFinite && abs(place.longitude) <= 180,
                        "a place at longitude \(place.longitude)")
                }
            } catch {
                requireOneLineNaming(path, error.description, what: "a places error")
            }
        }
    }
}
