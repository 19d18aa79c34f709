// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TrailcastBasics

/// A first-in, first-out queue that keeps at most twice ``memoryLimit`` elements in memory
/// (the oldest, to hand out, and the newest, to write) and the rest in an unlinked
/// temporary file, written and read ``memoryLimit`` elements at a time.
///
/// Formats that give a point's parts far apart wait here for the rest: a KML `<gx:Track>`
/// gives every `<when>` before its first `<gx:coord>`; a GeoJSON feature may give its
/// `coordinates` before its `properties.coordTimes`. A million-point track costs disk, not
/// memory.
struct SpillQueue<Element: BitwiseCopyable> {
    static var memoryLimit: Int { 4096 }

    /// The oldest elements, handed out from `memoryHead`.
    private var memory: [Element] = []
    private var memoryHead = 0
    /// The newest elements, not written yet: they follow the file's.
    private var tail: [Element] = []
    private var file: SpillFile?
    private var fileWritten = 0
    private var fileRead = 0
    /// Why the queue could not spill to disk (no temporary file, a full disk); once set,
    /// the reader stops with it rather than hold the rest in memory.
    private(set) var failure: String?

    /// How many elements wait.
    var count: Int {
        memory.count - memoryHead + (fileWritten - fileRead) / MemoryLayout<Element>.stride + tail.count
    }

    var isEmpty: Bool { count == 0 }

    /// How many elements are held in memory now, taken or not (for the tests of its bound).
    var elementsInMemory: Int { memory.count + tail.count }

    mutating func append(_ element: Element) {
        // Once elements wait behind the oldest, newer ones follow them, to keep their order.
        if tail.isEmpty && fileWritten == fileRead && memory.count - memoryHead < Self.memoryLimit {
            memory.append(element)
            return
        }
        tail.append(element)
        if tail.count >= Self.memoryLimit && failure == nil { writeTail() }
    }

    /// The oldest element waiting, or nil when none waits.
    mutating func removeFirst() -> Element? {
        if memoryHead == memory.count {
            memory.removeAll(keepingCapacity: true)
            memoryHead = 0
            if fileRead < fileWritten {
                refillFromFile()
            } else if !tail.isEmpty {
                swap(&memory, &tail)
            }
        }
        guard memoryHead < memory.count else { return nil }
        let element = memory[memoryHead]
        memoryHead += 1
        // Taken and added in turn (a KML track's <when> and <gx:coord> interleaved), the
        // queue is never empty when asked: what was taken is let go here, not only then.
        if memoryHead >= Self.memoryLimit {
            memory.removeFirst(memoryHead)
            memoryHead = 0
        }
        return element
    }

    mutating func removeAll() {
        memory.removeAll(keepingCapacity: true)
        memoryHead = 0
        tail.removeAll(keepingCapacity: true)
        fileWritten = 0
        fileRead = 0
    }

    /// Writes the newest elements to the file, in one write.
    private mutating func writeTail() {
        if file == nil { file = SpillFile() }
        guard let file else {
            failure = "no temporary file to keep a long track's parts in: \(String(cString: strerror(errno)))"
            return
        }
        guard file.write(tail, at: fileWritten) else {
            failure = "cannot keep a long track's parts in a temporary file: \(String(cString: strerror(errno)))"
            return
        }
        fileWritten += tail.count * MemoryLayout<Element>.stride
        tail.removeAll(keepingCapacity: true)
    }

    /// Moves up to ``memoryLimit`` elements from the file into (empty) memory.
    private mutating func refillFromFile() {
        guard let file, fileRead < fileWritten else { return }
        let stride = MemoryLayout<Element>.stride
        let entries = min(Self.memoryLimit, (fileWritten - fileRead) / stride)
        memory = file.read(Element.self, count: entries, at: fileRead)
        fileRead += entries * stride
        if fileRead == fileWritten {
            fileRead = 0
            fileWritten = 0
        }
    }
}

/// An unlinked temporary file, closed when the last queue holding it goes.
private final class SpillFile {
    private let handle: UnsafeMutablePointer<FILE>

    init?() {
        guard let handle = tmpfile() else { return nil }
        self.handle = handle
    }

    deinit { fclose(handle) }

    func write<Element: BitwiseCopyable>(_ elements: [Element], at offset: Int) -> Bool {
        elements.withUnsafeBytes { bytes in
            pwrite(fileno(handle), bytes.baseAddress, bytes.count, off_t(offset)) == bytes.count
        }
    }

    func read<Element: BitwiseCopyable>(_ type: Element.Type, count: Int, at offset: Int) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let bytes = UnsafeMutableRawBufferPointer(buffer)
            let got = pread(fileno(handle), bytes.baseAddress, bytes.count, off_t(offset))
            initialized = max(0, got) / MemoryLayout<Element>.stride
        }
    }
}

/// A time, or an unreadable one, as a spill queue holds it.
struct SpilledTime: BitwiseCopyable {
    var seconds: Int64
    /// -1: no time.
    var nanoseconds: Int64

    init(_ time: Timestamp?) {
        seconds = time?.secondsSince1970 ?? 0
        nanoseconds = Int64(time?.nanoseconds ?? -1)
    }

    var time: Timestamp? {
        nanoseconds < 0 ? nil : Timestamp(secondsSince1970: seconds, nanoseconds: Int32(nanoseconds))
    }
}
