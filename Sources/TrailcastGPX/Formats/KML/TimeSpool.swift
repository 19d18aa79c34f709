#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TrailcastBasics

/// A first-in, first-out queue of times (or of unreadable ones, nil) that keeps at most
/// ``memoryLimit`` in memory and the rest in an unlinked temporary file.
///
/// A KML `<gx:Track>` gives every `<when>` before its first `<gx:coord>`: a track's times
/// wait here for their coordinates, so a million-point track costs disk, not memory.
struct TimeSpool {
    static let memoryLimit = 4096
    /// One entry on disk: whole seconds, nanoseconds (-1: no time), and padding.
    private static let entryBytes = 16

    private var memory: [Timestamp?] = []
    private var memoryHead = 0
    private var file: SpoolFile?
    private var fileWritten = 0
    private var fileRead = 0

    /// How many times wait.
    var count: Int { memory.count - memoryHead + (fileWritten - fileRead) / Self.entryBytes }

    mutating func append(_ time: Timestamp?) {
        // Once times wait on disk, newer ones follow them there, to keep their order.
        if fileWritten == fileRead && memory.count - memoryHead < Self.memoryLimit {
            memory.append(time)
            return
        }
        if file == nil { file = SpoolFile() }
        guard let file else {
            // No temporary file: keep the time in memory rather than lose the pairing.
            memory.append(time)
            return
        }
        var entry = (time?.secondsSince1970 ?? 0, Int64(time?.nanoseconds ?? -1))
        withUnsafeBytes(of: &entry) { file.write($0, at: fileWritten) }
        fileWritten += Self.entryBytes
    }

    /// The oldest time waiting; nil when none waits (and `.some(nil)` for an unreadable one).
    mutating func removeFirst() -> Timestamp?? {
        if memoryHead == memory.count {
            memory.removeAll(keepingCapacity: true)
            memoryHead = 0
            refillFromFile()
        }
        guard memoryHead < memory.count else { return nil }
        defer { memoryHead += 1 }
        return .some(memory[memoryHead])
    }

    mutating func removeAll() {
        memory.removeAll(keepingCapacity: true)
        memoryHead = 0
        fileWritten = 0
        fileRead = 0
    }

    /// Moves up to ``memoryLimit`` times from the file into (empty) memory.
    private mutating func refillFromFile() {
        guard let file, fileRead < fileWritten else { return }
        let entries = min(Self.memoryLimit, (fileWritten - fileRead) / Self.entryBytes)
        var buffer = [(Int64, Int64)](repeating: (0, 0), count: entries)
        buffer.withUnsafeMutableBytes { file.read(into: $0, at: fileRead) }
        fileRead += entries * Self.entryBytes
        for (seconds, nanoseconds) in buffer {
            memory.append(nanoseconds < 0 ? nil : Timestamp(secondsSince1970: seconds, nanoseconds: Int32(nanoseconds)))
        }
        if fileRead == fileWritten {
            fileRead = 0
            fileWritten = 0
        }
    }
}

/// An unlinked temporary file, closed when the last spool holding it goes.
private final class SpoolFile {
    private let handle: UnsafeMutablePointer<FILE>

    init?() {
        guard let handle = tmpfile() else { return nil }
        self.handle = handle
    }

    deinit { fclose(handle) }

    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        _ = pwrite(fileno(handle), bytes.baseAddress, bytes.count, off_t(offset))
    }

    func read(into bytes: UnsafeMutableRawBufferPointer, at offset: Int) {
        _ = pread(fileno(handle), bytes.baseAddress, bytes.count, off_t(offset))
    }
}
