// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// One aligned line per event for people: offset, type, details.
///
/// ```
/// +0:00:00.000  start          gpx/walk.gpx: 1840 track points, virtual time
/// +0:00:00.000  prompt         whenInUse requested, user chose allow
/// +0:00:05.000  location       37.8085200, -122.4100500  alt 3.1 m  ±5 m  1.38 m/s  84.2°  #1
/// ```
///
/// With `colors` the type is coloured (ANSI), and with `width` a line longer than that is
/// wrapped at spaces, each further line indented under the details: both for terminals
/// only (a file keeps one line per event, for grep).
package struct TextTimelineFormat: TimelineFormat {
    package let colors: Bool
    /// The terminal's columns; nil: lines as long as their details.
    package let width: Int?

    package init(colors: Bool = false, width: Int? = nil) {
        self.colors = colors
        self.width = width
    }

    package mutating func appendHeader(to bytes: inout [UInt8]) {}

    package mutating func append(_ event: TimelineEvent, to bytes: inout [UInt8]) {
        let lineStart = bytes.count
        Self.appendOffset(event.offsetSeconds, to: &bytes)
        bytes.append(contentsOf: [0x20, 0x20])
        let typeColumn = bytes.count - lineStart
        var line = TextLine(colors: colors, bytes: bytes)
        bytes = []
        event.kind.accept(&line)
        bytes = line.bytes
        if let width, let detailsStart = line.detailsStart {
            Self.wrap(&bytes, detailsFrom: detailsStart, indent: typeColumn + line.typeColumnWidth, width: width)
        }
        bytes.append(0x0A)
    }

    /// The type, coloured on a terminal and padded to a column, then the kind's details.
    private struct TextLine: TimelineEventVisitor {
        let colors: Bool
        var bytes: [UInt8]
        /// Where the details begin in `bytes`, and the type's column's width on screen.
        var detailsStart: Int?
        var typeColumnWidth = 0

        mutating func visit<Body: TimelineEventBody>(_ body: Body) {
            if colors { bytes.append(contentsOf: Body.textColor.escape.utf8) }
            bytes.append(contentsOf: Body.eventType.utf8)
            if colors { bytes.append(contentsOf: "\u{1B}[0m".utf8) }
            let padding = max(1, 15 - Body.eventType.utf8.count)
            bytes.append(contentsOf: repeatElement(0x20, count: padding))
            typeColumnWidth = Body.eventType.utf8.count + padding
            detailsStart = bytes.count
            body.appendText(to: &bytes)
        }
    }

    /// Breaks the details after `detailsFrom` at spaces so that no line is wider than
    /// `width` characters on screen, each further line starting `indent` spaces in. A word
    /// longer than a line stays whole; too narrow a terminal (under 20 columns for the
    /// details) leaves the line as it is.
    static func wrap(_ bytes: inout [UInt8], detailsFrom start: Int, indent: Int, width: Int) {
        let room = width - indent
        guard room >= 20 else { return }
        let details = bytes[start...]
        guard details.lazy.filter({ $0 & 0xC0 != 0x80 }).count > room else { return }
        var wrapped: [UInt8] = []
        var column = 0
        for (index, word) in details.split(separator: 0x20, omittingEmptySubsequences: false).enumerated() {
            let length = word.lazy.filter { $0 & 0xC0 != 0x80 }.count
            if index > 0 {
                if length > 0 && column > 0 && column + 1 + length > room {
                    while wrapped.last == 0x20 { wrapped.removeLast() }
                    wrapped.append(0x0A)
                    wrapped.append(contentsOf: repeatElement(0x20, count: indent))
                    column = 0
                } else {
                    wrapped.append(0x20)
                    column += 1
                }
            }
            wrapped.append(contentsOf: word)
            column += length
        }
        bytes.replaceSubrange(start..., with: wrapped)
    }

    /// `+H:MM:SS.mmm`, right-aligned so columns line up for runs under 100 hours.
    static func appendOffset(_ seconds: Double, to bytes: inout [UInt8]) {
        let totalMilliseconds = Int64((max(seconds, 0) * 1000).rounded())
        let hours = totalMilliseconds / 3_600_000
        let minutes = totalMilliseconds / 60_000 % 60
        let wholeSeconds = totalMilliseconds / 1000 % 60
        let milliseconds = totalMilliseconds % 1000
        let hourText = String(hours)
        bytes.append(contentsOf: repeatElement(0x20, count: max(0, 2 - hourText.utf8.count)))
        bytes.append(UInt8(ascii: "+"))
        bytes.append(contentsOf: hourText.utf8)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(minutes, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(wholeSeconds, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendPadded(milliseconds, width: 3, to: &bytes)
    }

    /// `value` with exactly `digits` decimals, right-aligned in `width` characters.
    static func appendFixed(_ value: Double, digits: Int, width: Int, to bytes: inout [UInt8]) {
        var text: [UInt8] = []
        text.appendDecimal(value, fractionDigits: digits)
        if digits > 0 {
            let decimals = text.firstIndex(of: UInt8(ascii: ".")).map { text.count - $0 - 1 }
            if decimals == nil { text.append(UInt8(ascii: ".")) }
            text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits - (decimals ?? 0)))
        }
        bytes.append(contentsOf: repeatElement(0x20, count: max(0, width - text.count)))
        bytes.append(contentsOf: text)
    }

    private static func appendPadded(_ value: Int64, width: Int, to bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        var value = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            value %= divisor
            divisor /= 10
        }
    }

    static func number(_ value: Double, digits: Int) -> String {
        var bytes: [UInt8] = []
        bytes.appendDecimal(value, fractionDigits: digits)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension TimelineEvent: CustomStringConvertible {
    /// The event as the text timeline prints it, without colour or wrapping:
    /// ` +0:00:03.000  location        37.795430, -122.394283  ...  #1`. So a test's
    /// `print(simulation.timeline)`, or a failed comparison of events, reads as a run does.
    public var description: String {
        var format = TextTimelineFormat()
        var bytes: [UInt8] = []
        format.append(self, to: &bytes)
        if bytes.last == 0x0A { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
