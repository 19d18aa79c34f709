// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A route input that can be read more than once, each time by a new reader of its
/// format (``RouteFormat``): a file by its path, or standard input (`-`), which is kept in
/// an unlinked temporary file as it is first read so that a second reader can start again
/// from its beginning.
///
/// Standard input is read only as far as the furthest reader has got: a reader that
/// starts again reads the copy, a reader ahead of the copy reads the pipe (and extends
/// the copy). So a replay of a pipe begins as soon as its first points arrive, and a
/// lookahead reader or a second loop costs disk, never memory.
///
/// Readers of one input are used from one task at a time.
package final class RouteInput {
    private enum Storage {
        case path(String)
        case standardInput(StandardInputCopy)
    }

    /// The name used in messages and in `start`: the path, or `-`.
    package let name: String
    private let storage: Storage
    /// The format given, or found by the first reader: by the name's extension, else by
    /// the first bytes, else GPX.
    private var format: RouteFormat?

    /// `-` is standard input; anything else is a path, opened by each reader. A nil
    /// `format` is chosen by the file's extension, else by its first bytes, else GPX.
    package init(path: String, format: RouteFormat? = nil) {
        name = path
        storage = path == "-" ? .standardInput(StandardInputCopy()) : .path(path)
        // A `.json` is GeoJSON or a Takeout history: its first bytes say which.
        self.format =
            format
            ?? RouteFormat(fileName: path).flatMap { $0 == .geojson && path.lowercased().hasSuffix(".json") ? nil : $0 }
    }

    /// A descriptor that can be read only once (a pipe, a socket): kept in a temporary
    /// file as it is read, like standard input. The caller keeps it open while readers are
    /// used and closes it afterwards.
    package init(readingOnce descriptor: Int32, name: String, format: RouteFormat? = nil) {
        self.name = name
        storage = .standardInput(StandardInputCopy(descriptor: descriptor))
        self.format = format
    }

    /// Whether this is standard input (read once, copied to disk as it goes).
    package var isStandardInput: Bool {
        if case .standardInput = storage { return true }
        return false
    }

    /// A new reader of the input's format, from its beginning.
    package func makeReader(options: GPXStreamReader.Options = .init()) throws(RouteError) -> any RouteEventReader {
        let source: ByteSource
        switch storage {
        case .path(let path): source = try ByteSource(path: path)
        case .standardInput(let copy): source = ByteSource(copy: copy, displayName: name)
        }
        let format: RouteFormat
        if let known = self.format {
            format = known
        } else {
            format = RouteFormat.detect(head: try source.head(RouteFormat.detectionWindow)) ?? .gpx
            self.format = format
        }
        return try format.makeReader(source: source, options: options)
    }

    /// The input's format: the one given or found by the extension, else (reading the first
    /// bytes) the one its content shows, else GPX.
    package func resolvedFormat() throws(RouteError) -> RouteFormat {
        if let format { return format }
        _ = try makeReader()
        return format ?? .gpx
    }
}

extension RouteFormat {
    /// A reader of this format over `source`.
    func makeReader(source: ByteSource, options: GPXStreamReader.Options) throws(RouteError) -> any RouteEventReader {
        switch self {
        case .gpx: return GPXStreamReader(source: source, options: options)
        case .kml: return GPXStreamReader(source: source, options: options, dialect: .kml)
        case .tcx: return GPXStreamReader(source: source, options: options, dialect: .tcx)
        case .geojson: return GeoJSONReader(source: source, options: options)
        case .fit: return FITReader(source: source, options: options)
        case .nmea: return NMEAReader(source: source, options: options)
        case .csv: return CSVRouteReader(source: source, options: options)
        case .takeout: return TakeoutReader(source: source, options: options)
        case .kmz:
            return GPXStreamReader(source: try ByteSource(kmlInside: source), options: options, dialect: .kml)
        }
    }
}

/// Standard input and the temporary file holding what has been read of it so far.
final class StandardInputCopy {
    private let input: Int32
    /// Opened on the first read, unlinked at once: nothing is left behind on any exit.
    private var copy: UnsafeMutablePointer<FILE>?
    private(set) var copiedBytes = 0
    private var inputEnded = false

    init(descriptor: Int32 = STDIN_FILENO) {
        input = descriptor
    }

    deinit {
        if let copy { fclose(copy) }
    }

    /// Reads at `offset`: from the copy when it holds that byte, else from the input,
    /// which then extends the copy. Returns 0 at the end of the input.
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer, name: String) throws(RouteError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        if offset < copiedBytes, let copy {
            let count = min(buffer.count, copiedBytes - offset)
            return try Self.retryingInterrupts(name: name) { pread(fileno(copy), base, count, off_t(offset)) }
        }
        if inputEnded { return 0 }
        let count = try Self.retryingInterrupts(name: name) { readBytes(input, base, buffer.count) }
        if count == 0 {
            inputEnded = true
            return 0
        }
        try append(UnsafeRawBufferPointer(start: base, count: count), name: name)
        return count
    }

    private func append(_ bytes: UnsafeRawBufferPointer, name: String) throws(RouteError) {
        if copy == nil {
            guard let file = tmpfile() else {
                throw .cannotRead(
                    file: name, reason: "cannot keep a copy of standard input: \(String(cString: strerror(errno)))")
            }
            copy = file
        }
        var written = 0
        while written < bytes.count {
            let count = try Self.retryingInterrupts(name: name) {
                pwrite(fileno(copy!), bytes.baseAddress! + written, bytes.count - written, off_t(copiedBytes + written))
            }
            guard count > 0 else {
                throw .cannotRead(file: name, reason: "cannot keep a copy of standard input: the disk is full")
            }
            written += count
        }
        copiedBytes += bytes.count
    }

    private static func retryingInterrupts(name: String, _ call: () -> Int) throws(RouteError) -> Int {
        while true {
            let result = call()
            if result >= 0 { return result }
            if errno == EINTR { continue }
            throw .cannotRead(file: name, reason: String(cString: strerror(errno)))
        }
    }
}

extension RouteFormat {
    /// A reader of this format over bytes in memory (tests, fuzzing); `name` is used in messages.
    package func makeReader(
        bytes: [UInt8], name: String = "<memory>", options: GPXStreamReader.Options = .init()
    ) throws(RouteError) -> any RouteEventReader {
        try makeReader(source: ByteSource(bytes: bytes, displayName: name), options: options)
    }
}
