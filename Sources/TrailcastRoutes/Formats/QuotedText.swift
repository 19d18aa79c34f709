// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
extension String {
    /// Text from a file, fit to quote in a one-line message: control characters (a line
    /// break in a zip entry's name or a JSON string, say) as `?`, and at most `limit`
    /// characters, cut with an ellipsis. (An entry name with a line break made a two-line
    /// error: found by the route-formats fuzz target.)
    func quotedInMessage(limit: Int = 80) -> String {
        var text = String(unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        if text.count > limit { text = String(text.prefix(limit)) + "..." }
        return text
    }
}
