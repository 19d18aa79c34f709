// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastTimeline

/// The tables of docs/replay.md that say each event type's JSON Lines keys list exactly the
/// schema's types and keys, in order (the schema is itself checked against the format by
/// `TimelineSchemaTests`): a key added to the format and not to the docs fails here.
@Suite("The timeline's keys in docs/replay.md")
struct TimelineDocsTests {
    /// Each `| \`type\` | description |` row: the type, and the backticked words of the
    /// description outside parentheses (the keys; values and notes are in parentheses).
    static func documentedKeys() throws -> [(type: String, keys: [String])] {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/replay.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        var rows: [(String, [String])] = []
        for line in text.components(separatedBy: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 3, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { continue }
            let type = String(cells[1].dropFirst().dropLast())
            // Other tables' rows name flags (`--gps`) or values with spaces: not event types.
            guard !type.isEmpty, type.allSatisfy(\.isLetter) else { continue }
            var depth = 0
            var outside = ""
            for character in cells[2...].joined(separator: "|") {
                if character == "(" {
                    depth += 1
                } else if character == ")" {
                    depth -= 1
                } else if depth == 0 {
                    outside.append(character)
                }
            }
            let keys = outside.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            rows.append((type, keys))
        }
        return rows
    }

    @Test func everyTypeAndKeyInOrder() throws {
        let documented = try Self.documentedKeys()
        #expect(Set(documented.map(\.type)) == Set(TimelineSchema.types))
        #expect(documented.count == TimelineSchema.types.count, "a type in two rows: \(documented.map(\.type))")
        for (type, keys) in documented {
            #expect(keys == TimelineSchema.keys[type], "docs/replay.md's row for `\(type)`")
        }
    }
}
