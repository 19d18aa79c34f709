// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// Open-Meteo's answer to a request it refuses: `{"error": true, "reason": "..."}`.
///
/// The forecast and archive APIs send it with 400 (an invalid parameter, such as
/// `Latitude must be in range of -90 to 90°. Given: 95.0.`) and 429 (the rate limit), and
/// compatible servers may send it with 5xx as well.
package struct OpenMeteoErrorBody: Sendable, Equatable, Decodable {
    /// Always true in an error body.
    package var error: Bool
    /// Why the request was refused, in one sentence.
    package var reason: String

    /// The error body in `body`, or nil when it is not one (an HTML error page, an empty body).
    package static func parse(_ body: some Collection<UInt8>) -> OpenMeteoErrorBody? {
        guard let decoded = try? JSONDecoder().decode(OpenMeteoErrorBody.self, from: Data(body)),
            decoded.error
        else { return nil }
        return decoded
    }

    /// The reason on one line, without surrounding space, at most 300 characters, so that a
    /// verbose server cannot flood a timeline line.
    package var singleLineReason: String {
        let words = reason.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count > 300 ? String(words.prefix(299)) + "…" : words
    }
}
