// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A text file's lines, one at a time, in constant memory: a line longer than
/// ``maximumLength`` is not kept, only said to be too long (a u-blox log's binary UBX
/// messages between NMEA sentences have no line ends to speak of). NMEA logs and route CSVs
/// read through it.
struct TextLines {
    /// One line: its bytes (CR and LF removed), its number from 1, whether a line end
    /// closed it (the last line of a cut file has none), and whether it was too long to keep.
    struct Line {
        var bytes: ArraySlice<UInt8>
        var number: Int
        var terminated: Bool
        var overlong: Bool
    }

    /// The longest line kept, in bytes.
    let maximumLength: Int

    private let source: ByteSource
    private let chunk: UnsafeMutableRawBufferPointer
    private var chunkStart = 0
    private var chunkEnd = 0
    private var line: [UInt8] = []
    private var lineNumber = 0
    private var ended = false

    init(source: ByteSource, chunkSize: Int, maximumLength: Int) {
        self.source = source
        self.maximumLength = maximumLength
        chunk = .allocate(byteCount: chunkSize, alignment: 16)
        line.reserveCapacity(min(maximumLength, 4096))
    }

    func deallocate() { chunk.deallocate() }

    var fileName: String { source.displayName }

    /// The next line, or nil after the last.
    mutating func next() throws(RouteError) -> Line? {
        guard !ended else { return nil }
        line.removeAll(keepingCapacity: true)
        var overlong = false
        while true {
            if chunkStart == chunkEnd {
                chunkEnd = try source.read(into: chunk)
                chunkStart = 0
                if chunkEnd == 0 {
                    ended = true
                    guard !line.isEmpty || overlong else { return nil }
                    lineNumber += 1
                    return Line(bytes: trimmed(), number: lineNumber, terminated: false, overlong: overlong)
                }
            }
            let bytes = UnsafeRawBufferPointer(rebasing: chunk[chunkStart..<chunkEnd])
            let end = bytes.firstIndex(of: UInt8(ascii: "\n"))
            let piece = UnsafeRawBufferPointer(rebasing: bytes[..<(end ?? bytes.count)])
            if !overlong {
                if line.count + piece.count > maximumLength {
                    overlong = true
                    line.removeAll(keepingCapacity: true)
                } else {
                    line.append(contentsOf: piece)
                }
            }
            guard let end else {
                chunkStart = chunkEnd
                continue
            }
            chunkStart += end + 1
            lineNumber += 1
            return Line(bytes: trimmed(), number: lineNumber, terminated: true, overlong: overlong)
        }
    }

    /// The line without the CR of a CR LF end.
    private func trimmed() -> ArraySlice<UInt8> {
        line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
    }
}
