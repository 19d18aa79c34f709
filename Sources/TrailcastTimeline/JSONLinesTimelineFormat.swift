// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// One JSON object per event, keys in the documented order:
///
/// ```
/// {"t":"2026-03-14T16:00:00.000Z","offset":0,"type":"prompt","request":"whenInUse","answer":"allow"}
/// ```
package struct JSONLinesTimelineFormat: TimelineFormat {
    private var quotedTime: [UInt8] = []

    package init() {}

    package mutating func appendHeader(to bytes: inout [UInt8]) {}

    package mutating func append(_ event: TimelineEvent, to bytes: inout [UInt8]) {
        quotedTime.removeAll(keepingCapacity: true)
        quotedTime.append(UInt8(ascii: "\""))
        event.time.appendTimelineTime(to: &quotedTime)
        quotedTime.append(UInt8(ascii: "\""))
        JSONLineWriter.append(to: &bytes) { line in
            Self.write(event, quotedTime: quotedTime, to: &line)
        }
    }

    private static func write(_ event: TimelineEvent, quotedTime: [UInt8], to line: inout JSONLineWriter) {
        line.beginObject()
        line.key("t")
        line.raw(quotedTime)
        line.field("offset", event.offsetSeconds, fractionDigits: TimelinePrecision.offset)
        line.field("type", event.kind.typeName)
        event.kind.accept(&line)
        line.endObject(endingLine: true)
    }
}
