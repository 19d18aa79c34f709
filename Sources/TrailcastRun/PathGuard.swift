// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A path a command reads or writes, with the words that name it in a refusal.
package struct CommandPath: Sendable, Equatable {
    package enum Role: Sendable, Equatable {
        /// A file read: the route, a scenario, places, regions, a certificate.
        case input
        /// A directory whose files are read and written (the weather cache): no output
        /// may be put inside it.
        case inputDirectory
        /// A file written; `-` is standard output.
        case output
    }

    package var path: String
    /// What it is and the flag that gave it: "the report (--report)", "the route".
    package var what: String
    package var role: Role

    package init(_ path: String, _ what: String, _ role: Role) {
        self.path = path
        self.what = what
        self.role = role
    }

    package static func input(_ path: String?, _ what: String) -> CommandPath? {
        path.map { CommandPath($0, what, .input) }
    }

    package static func output(_ path: String?, _ what: String) -> CommandPath? {
        path.map { CommandPath($0, what, .output) }
    }

    /// A command's main output: `--output`'s file (`what (--output)`), else standard
    /// output (`what`).
    package static func mainOutput(_ path: String?, _ what: String) -> CommandPath {
        CommandPath(path ?? "-", path == nil ? what : "\(what) (--output)", .output)
    }
}

/// The one check every command makes before it opens anything for writing: no output is
/// one of its inputs (the same file by device and inode, whatever the names: links, hard
/// links, `./`), no two outputs are the same file, and standard output and standard error,
/// as the shell opened them, are none of the inputs (`replay walk.gpx >> walk.gpx`; `cat`
/// refuses the same, "input file is output file"). Each refusal is exit 64 and one line
/// naming both paths.
///
/// Paths that are not regular files (`/dev/null`, a FIFO, a terminal) are never the same
/// file in this sense: two outputs to `/dev/null` are fine.
package enum PathGuard {
    /// Refuses `paths` as the command would use them; an output to standard output is
    /// named `-` (a command's default, as the user's `-o -`).
    package static func check(_ paths: [CommandPath]) throws(RunFailure) {
        let inputs = paths.filter { $0.role == .input }.compactMap { path in
            FileKey(input: path.path).map { (path, $0) }
        }
        let directories = paths.filter { $0.role == .inputDirectory }.compactMap { path in
            FileKey(existing: path.path).map { (path, $0) }
        }
        var outputs: [(CommandPath, FileKey)] = []
        var toStandardOutput: CommandPath?
        for output in paths where output.role == .output {
            if StandardStreams.isStandardOutput(output.path) {
                if let earlier = toStandardOutput {
                    throw RunFailure(
                        "\(output.path): error: \(output.what) and \(earlier.what) both go to standard output: choose a file for one",
                        status: .usage)
                }
                toStandardOutput = output
                continue
            }
            guard let key = FileKey(output: output.path) else { continue }
            for (input, inputKey) in inputs where inputKey.isSameFile(as: key) {
                throw overwrite(output, input)
            }
            for (directory, directoryKey) in directories where key.isInside(directoryKey) {
                throw RunFailure(
                    "\(output.path): error: \(output.what) would write into \(directory.what) \(directory.path): choose another output path",
                    status: .usage)
            }
            for (earlier, earlierKey) in outputs where earlierKey.isSameFile(as: key) {
                throw overwrite(output, earlier)
            }
            outputs.append((output, key))
        }
        // Standard error first: when it is an input, the refusal cannot be written there.
        if let stream = FileKey(existing: "/dev/fd/\(STDERR_FILENO)") {
            for (input, key) in inputs where key.isSameFile(as: stream) {
                throw RunFailure(
                    "\(input.path): error: standard error is \(input.what) \(input.path): send it elsewhere",
                    status: .usage, writesMessage: false)
            }
        }
        if toStandardOutput != nil, let stream = FileKey(existing: "/dev/fd/\(STDOUT_FILENO)") {
            for (input, key) in inputs where key.isSameFile(as: stream) {
                throw RunFailure(
                    "\(input.path): error: standard output is \(input.what) \(input.path): send it elsewhere",
                    status: .usage)
            }
        }
    }

    private static func overwrite(_ output: CommandPath, _ other: CommandPath) -> RunFailure {
        RunFailure(
            "\(output.path): error: \(output.what) would overwrite \(other.what) \(other.path): choose another output path",
            status: .usage)
    }
}

/// Which file a path is: an existing regular file or directory by device and inode, or a
/// file not made yet by its directory's and its name (so `out.txt` and `./out.txt` are one
/// file before either exists).
struct FileKey {
    /// The file itself, or for one not made yet, its directory.
    var identity: FileIdentity.Key
    /// The name in that directory, for a file that does not exist yet.
    var newName: String?
    /// The directory an output is in (to tell one inside the weather cache).
    var parent: FileIdentity.Key?

    /// An input: `-` is standard input, as the shell opened it.
    init?(input path: String) {
        self.init(existing: path == "-" ? "/dev/fd/\(STDIN_FILENO)" : path)
    }

    /// An existing regular file or directory; nil for anything else or nothing.
    init?(existing path: String) {
        guard let identity = FileIdentity(path), identity.isRegularFile || identity.isDirectory else { return nil }
        self.identity = identity.key
    }

    /// An output: an existing regular file, or a new one in an existing directory; nil for a
    /// device, FIFO or terminal, or a path that cannot be made (creating it will say why).
    init?(output path: String) {
        let (directory, name) = FileIdentity.split(path)
        parent = FileIdentity(directory)?.key
        if let existing = FileIdentity(path) {
            guard existing.isRegularFile else { return nil }
            identity = existing.key
        } else if let parent {
            identity = parent
            newName = name
        } else {
            return nil
        }
    }

    /// Whether the two are one file (where each is put aside).
    func isSameFile(as other: FileKey) -> Bool {
        identity == other.identity && newName == other.newName
    }

    /// Whether this output's directory is `directory`.
    func isInside(_ directory: FileKey) -> Bool {
        parent == directory.identity
    }
}

/// What a path names, its links followed: its device and inode (the file itself, whatever
/// its names), its kind, and its permissions.
///
/// Read through Foundation rather than stat(2): `struct stat`'s members are attributed, in
/// some build orders, to NIO's C shims rather than Glibc, and Swift's member import
/// visibility then refuses them (a clean build failed so). A standard stream is read as
/// `/dev/fd/N`, which the system resolves to the file the descriptor has open.
struct FileIdentity {
    struct Key: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    var device: UInt64
    var inode: UInt64
    var isRegularFile: Bool
    var isDirectory: Bool
    var permissions: Int

    var key: Key { Key(device: device, inode: inode) }

    init?(_ path: String) {
        guard let resolved = realpath(path, nil) else { return nil }
        let real = String(cString: resolved)
        free(resolved)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: real),
            let device = (attributes[.systemNumber] as? NSNumber)?.uint64Value,
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
        else { return nil }
        self.device = device
        self.inode = inode
        let type = attributes[.type] as? FileAttributeType
        isRegularFile = type == .typeRegular
        isDirectory = type == .typeDirectory
        permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o644
    }

    /// The directory and the name of `path` (`.` for a bare name).
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }
}
