// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import HTTPTypes
import TrailcastBasics

/// What the server answers one request with, before it becomes a Hummingbird `Response`.
package struct WeatherAnswer: Sendable {
    /// The status, or nil when the request was held by the timeout fault and never answered.
    package var status: HTTPResponse.Status?
    package var body: [UInt8]
    /// `Content-Type`: JSON unless the request asked for another `format`; none for an empty answer.
    package var contentType: String? = "application/json"
    /// `Content-Disposition`, for CSV answers as Open-Meteo sends them.
    package var contentDisposition: String? = nil
    /// `Allow`, which a 405 must carry (RFC 9110, section 15.5.6).
    package var allow: String? = nil
    /// The faults applied, for the log line (`latency`, `timeout`, `fail`, ...).
    package var faults: [String]

    /// A JSON answer, or none at all when `status` is nil.
    package init(status: HTTPResponse.Status?, body: [UInt8], faults: [String] = []) {
        self.status = status
        self.body = body
        self.faults = faults
    }

    /// Open-Meteo's error body, `{"error":true,"reason":"..."}`.
    package static func error(_ status: HTTPResponse.Status, reason: String, faults: [String] = []) -> WeatherAnswer {
        var json = JSONLineWriter(capacity: 64 + reason.utf8.count)
        json.beginObject()
        json.field("error", true)
        json.field("reason", reason)
        json.endObject()
        return WeatherAnswer(status: status, body: json.bytes, faults: faults)
    }

    /// A method other than GET: 405, saying GET is the one allowed.
    package static var methodNotAllowed: WeatherAnswer {
        var answer = error(.methodNotAllowed, reason: "Method Not Allowed")
        answer.allow = "GET"
        return answer
    }

    /// Open-Meteo's answer past its minutely limit, word for word.
    package static let rateLimited = error(
        .tooManyRequests, reason: "Minutely API request limit exceeded. Please try again in one minute.",
        faults: ["rate-limit"])

    /// The same answer with its body cut in half: JSON that stops mid-value, under a
    /// Content-Length that matches, so the client reads it whole and fails to parse it.
    package var truncated: WeatherAnswer {
        var answer = self
        answer.body = Array(body.prefix(body.count / 2))
        return answer
    }
}
