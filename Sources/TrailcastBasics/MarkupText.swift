// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Text escaped for markup: the one escaper of the package, with a dialect per kind of
/// document, because the documents are read by different parsers.
package enum MarkupText {
    package enum Dialect: Sendable {
        /// HTML pages (the report, the check page): `'` as `&#39;`, control characters other
        /// than tab and line breaks replaced by U+FFFD (a browser shows them as that anyway).
        case html
        /// XML character data (JUnit reports, read by CI tools): `'` as `&apos;`, a carriage
        /// return as `&#13;` (a parser turns a literal one into a line feed), and the
        /// characters XML 1.0 forbids (other controls, U+FFFE, U+FFFF) dropped: not even a
        /// character reference may name them.
        case xmlText
        /// An XML attribute value in double quotes: as ``xmlText``, and tab and line feed as
        /// character references too, because attribute-value normalisation turns literal
        /// ones into spaces.
        case xmlAttribute
    }

    /// `text`, escaped for element content or a double-quoted attribute in `dialect`.
    package static func escaped(_ text: String, for dialect: Dialect) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += dialect == .html ? "&#39;" : "&apos;"
            case "\t", "\n", "\r":
                switch dialect {
                case .html: escaped.unicodeScalars.append(scalar)
                case .xmlText where scalar != "\r": escaped.unicodeScalars.append(scalar)
                case .xmlText, .xmlAttribute: escaped += "&#\(scalar.value);"
                }
            case "\u{0}"..."\u{1F}":
                if dialect == .html { escaped += "\u{FFFD}" }
            case "\u{FFFE}", "\u{FFFF}":
                if dialect == .html { escaped.unicodeScalars.append(scalar) }
            default:
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
