// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// One Server-Sent Event as a client reads it from `GET /events`: for Swift code (and
/// tests) that follow a live run without a browser's `EventSource`.
package struct ServerSentEvent: Sendable, Equatable {
    /// `id:`, the event's number in the run (1 for `start`).
    package var id: Int
    /// `event:`, the timeline event's type.
    package var type: String
    /// `data:`, the event's JSON Lines object.
    package var data: String

    package init(id: Int, type: String, data: String) {
        self.id = id
        self.type = type
        self.data = data
    }

    /// The events in `text`, blocks separated by blank lines; `retry:` and `:` comments
    /// are not events.
    package static func parse(_ text: String) -> [ServerSentEvent] {
        text.split(separator: "\n\n", omittingEmptySubsequences: true).compactMap { block in
            var id: Int?
            var type = "message"
            var data: String?
            for line in block.split(separator: "\n") {
                if line.hasPrefix("id: ") { id = Int(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { type = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
            }
            guard let id, let data else { return nil }
            return ServerSentEvent(id: id, type: type, data: data)
        }
    }
}
