// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to standard output and error with write(2), without Foundation and
/// without C's shared `FILE *` globals, which strict concurrency rejects.
package enum StandardStreams {
    /// How the tool names itself on a line of its own (`trailcast: error: ...`).
    package static let toolPrefix = "trailcast: "

    /// Whether an output path is standard output: `-`, as everywhere in the tool, or
    /// `/dev/stdout`.
    package static func isStandardOutput(_ path: String) -> Bool { path == "-" || path == "/dev/stdout" }

    /// An output as a message names it: its path as given, standard output (no path, `-`)
    /// as "standard output".
    package static func outputName(_ path: String?) -> String {
        guard let path, !isStandardOutput(path) else { return "standard output" }
        return path
    }

    /// The error of the first write to standard output that failed, if one did (`> /dev/full`:
    /// ENOSPC): a command's output cut short must not exit 0 (``outputFailure``).
    private static let failedOutputWrite = LockedValue<Int32?>(nil)

    package static func writeOutput(_ text: String) {
        if let error = write(text, to: STDOUT_FILENO) {
            failedOutputWrite.withLock { $0 = $0 ?? error }
        }
    }

    /// Standard output could not be written: the line to show and exit 74. Nil when every
    /// write went through, or when the reader went away (EPIPE: `| head` has what it wanted).
    package static var outputFailure: RunFailure? {
        guard let error = failedOutputWrite.withLock({ $0 }), error != EPIPE else { return nil }
        return RunFailure.cannotWrite(nil, errno: error)
    }

    /// One line to standard error. A line that names no place of its own (`error: ...`,
    /// `warning: ...`) is the tool's, and says so: `trailcast: error: ...`, as compilers and
    /// git name themselves, so it reads the same from every command and in a script's log.
    package static func writeError(_ line: String) {
        let named = line.hasPrefix("error: ") || line.hasPrefix("warning: ") ? toolPrefix + line : line
        write(named + "\n", to: STDERR_FILENO)
    }

    /// A failure's message as its one line: kept where it names its place (`walk.gpx:3:7:
    /// error: ...`, `out.csv: error: ...`) or the tool, else said to be the tool's
    /// (`trailcast: error: --mqtt x: expected ...`).
    package static func errorLine(_ message: String) -> String {
        if message.hasPrefix(toolPrefix) || message.contains(": error: ") || message.contains(": warning: ") {
            return message
        }
        return toolPrefix + (message.hasPrefix("error: ") ? message : "error: " + message)
    }

    @discardableResult
    private static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Writes every byte (retrying interrupted and partial writes); gives up on an error,
    /// and returns it (errno), or nil when all went.
    @discardableResult
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard bytes.baseAddress != nil else { return nil }
        return DescriptorWrite.all(bytes, to: descriptor)
    }
}
