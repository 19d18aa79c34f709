// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A scenario file that cannot be run: where, and what is wrong, on one line.
///
/// ```
/// gpx/scenarios/revoked.yaml:12:5: error: expect[2].count: unknown event type 'locaton' (did you mean 'location'?)
/// ```
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The scenario file's path, as it was given to the parser.
    public var file: String
    /// 1-based; 0 when the problem is with the file as a whole.
    public var line: Int
    /// 1-based, on `line`, counted in Unicode scalars; 0 when the problem is with the file as a whole.
    public var column: Int
    /// What is wrong, on one line; a key's path first where the problem is in one.
    public var message: String
    /// Whether the scenario file, or the GPX file it names, exists but could not be read,
    /// as opposed to read and found wrong (a `gpx:` naming a missing file is wrong, on its
    /// line): `trailcast check` and `replay --scenario` exit 66 rather than 65.
    public var isUnreadable: Bool

    package init(file: String, line: Int = 0, column: Int = 0, message: String, isUnreadable: Bool = false) {
        self.file = file
        self.line = line
        self.column = column
        // One line always: YAML's own messages quote the offending line on a second one.
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.isUnreadable = isUnreadable
    }

    public var description: String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        return "\(place): error: \(message)"
    }
}
