// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
internal import CTrailcastShims

/// The KML inside a KMZ, inflated as it is read: the first entry of the zip archive whose
/// name ends in `.kml` (Google Earth's `doc.kml`), found by reading local file headers in
/// order, never unpacked to disk and never held whole.
///
/// The zip layout is PKWARE's APPNOTE (local file headers, methods 0 stored and 8 deflated,
/// the data descriptor of general-purpose bit 3); deflate is zlib's raw inflate. The
/// entry's CRC-32 is checked at its end. A zip bomb is refused: an entry may not inflate to
/// more than its declared size, nor to more than ``maximumRatio`` times its compressed size
/// (real KML compresses 5 to 30 times); one whose sizes come after it, to 1 GiB. Lines and
/// columns in the KML's errors are the KML's own; the archive's own faults are placed at
/// the entry's local header (or, for a cut archive, at its end).
final class ZipKMLEntry {
    static let maximumRatio = 200
    /// Inflation below this is never refused for its ratio: a tiny archive of a short file.
    static let ratioAllowance = 1 << 20

    private let archive: ByteSource
    private let stream: UnsafeMutablePointer<z_stream>
    private var streamReady = false
    private var input: UnsafeMutableRawBufferPointer
    private var inputStart = 0
    private var inputEnd = 0
    private var archiveEnded = false
    /// Bytes of the archive consumed so far.
    private var offset = 0
    private var method: UInt16 = 0
    private var hasDataDescriptor = false
    /// Compressed bytes of the entry not read yet; nil when a data descriptor follows it.
    private var compressedLeft: Int?
    private var declaredSize: Int?
    private var declaredCRC: UInt32 = 0
    private var crc: UInt = 0
    private var inflated = 0
    /// Where the entry's local header starts: entry-wide faults are placed there.
    private var entryStart = 0
    private var entryCompressedSize: Int?
    /// Bytes inflated by the last call before it failed.
    private var partialOutput = 0
    /// A fault met after bytes still to hand out: thrown by the next read.
    private var pendingFailure: RouteError?
    private var finished = false
    /// Whether the end (the CRC-32) has been checked: on the read after the last bytes, so
    /// that a fault in the KML those bytes hold is found first, however they were cut (found
    /// by the route-formats fuzz target: a damaged entry was an XML error read 16 bytes at a
    /// time and a CRC error read 64 KiB at a time).
    private var endChecked = false
    private(set) var entryName = ""

    init(archive: ByteSource) {
        self.archive = archive
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = .allocate(byteCount: 64 * 1024, alignment: 16)
        crc = crc32(0, nil, 0)
    }

    deinit {
        if streamReady { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
    }

    private var fileName: String { archive.displayName }

    private func failure(_ reason: String, at byteOffset: Int? = nil) -> RouteError {
        .malformedBinary(file: fileName, byteOffset: byteOffset ?? offset, reason: reason)
    }

    // MARK: - The archive's bytes

    private func fillInput() throws(RouteError) {
        guard inputStart == inputEnd, !archiveEnded else { return }
        inputStart = 0
        inputEnd = try archive.read(into: input)
        if inputEnd == 0 { archiveEnded = true }
    }

    private func readBytes(_ count: Int, what: String) throws(RouteError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            try fillInput()
            guard inputStart < inputEnd else { throw failure("the archive ends inside \(what): it is truncated") }
            let take = min(count - bytes.count, inputEnd - inputStart)
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[inputStart..<inputStart + take]))
            inputStart += take
            offset += take
        }
        return bytes
    }

    private func skipBytes(_ count: Int, what: String) throws(RouteError) {
        var left = count
        while left > 0 {
            try fillInput()
            guard inputStart < inputEnd else { throw failure("the archive ends inside \(what): it is truncated") }
            let take = min(left, inputEnd - inputStart)
            inputStart += take
            offset += take
            left -= take
        }
    }

    private static func little(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }

    // MARK: - Finding the entry

    /// Reads local headers until the first `.kml` entry, skipping the entries before it.
    func open() throws(RouteError) {
        while true {
            let start = offset
            let signature = try readBytes(4, what: "a local file header")
            let value = Self.little(signature, 0, 4)
            guard value == 0x0403_4B50 else {
                if value == 0x0201_4B50 || value == 0x0605_4B50 {
                    throw failure("the archive has no .kml file: this is not a KMZ", at: start)
                }
                throw failure("no zip local file header here: this is not a KMZ (a zip archive)", at: start)
            }
            let header = try readBytes(26, what: "a local file header")
            let flags = Self.little(header, 2, 2)
            method = UInt16(Self.little(header, 4, 2))
            declaredCRC = UInt32(Self.little(header, 10, 4))
            let compressedSize = Self.little(header, 14, 4)
            let size = Self.little(header, 18, 4)
            let rawName = String(
                decoding: try readBytes(Self.little(header, 22, 2), what: "an entry's name"), as: UTF8.self)
            let name = rawName.quotedInMessage()
            try skipBytes(Self.little(header, 24, 2), what: "an entry's extra field")
            let isKML = rawName.lowercased().hasSuffix(".kml")
            hasDataDescriptor = flags & 8 != 0
            entryName = name
            if !isKML && !hasDataDescriptor && compressedSize != 0xFFFF_FFFF {
                // Another file (an icon, a photo): passed over by its size, whatever its
                // compression or encryption.
                try skipBytes(compressedSize, what: "the entry \(name)")
                continue
            }
            guard flags & 1 == 0 else { throw failure("the entry \(name) is encrypted", at: start) }
            guard compressedSize != 0xFFFF_FFFF && size != 0xFFFF_FFFF else {
                throw failure("the entry \(name) is a ZIP64 entry (over 4 GiB), which is not read", at: start)
            }
            compressedLeft = hasDataDescriptor ? nil : compressedSize
            declaredSize = hasDataDescriptor ? nil : size
            guard method == 0 || method == 8 else {
                throw failure(
                    "the entry \(name) is compressed with method \(method); only stored (0) and deflated (8) are read",
                    at: start)
            }
            guard !(method == 0 && hasDataDescriptor) else {
                throw failure(
                    "the entry \(name) is stored with its size after its data, which cannot be streamed", at: start)
            }
            if method == 8 {
                if streamReady { inflateEnd(stream) }
                stream.pointee = z_stream()
                guard trailcast_inflate_init_raw(stream) == Z_OK else {
                    throw failure("zlib could not start inflating")
                }
                streamReady = true
            }
            crc = crc32(0, nil, 0)
            inflated = 0
            entryStart = start
            entryCompressedSize = hasDataDescriptor ? nil : compressedSize
            pendingFailure = nil
            finished = false
            endChecked = false
            if isKML { return }
            // Not the KML, and its size comes after it: inflated to nowhere to find its end.
            let sink = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
            defer { sink.deallocate() }
            while try read(into: sink) > 0 {}
        }
    }

    // MARK: - Inflating

    /// The most the entry may inflate to: its declared size, and at most ``maximumRatio``
    /// times its compressed size (or ``ratioAllowance``, whichever is more). An entry whose
    /// sizes follow its data (a data descriptor) is held to ``undeclaredLimit``.
    private var outputLimit: Int {
        guard let declaredSize, let compressedSize = entryCompressedSize else { return Self.undeclaredLimit }
        return min(declaredSize, max(Self.ratioAllowance, Self.maximumRatio * compressedSize))
    }

    /// The limit of an entry whose sizes come after its data: 1 GiB.
    static let undeclaredLimit = 1 << 30

    /// The entry's next bytes; 0 at its end, once its CRC-32 is checked.
    ///
    /// Every fault is reported in the order of the entry's bytes, whatever the size of the
    /// reads: bytes before a fault are handed out first, and the fault comes with the read
    /// after them. So a KML error before a damaged or oversized part of the archive is the
    /// error, read 16 bytes or 64 KiB at a time (found by the route-formats fuzz target).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(RouteError) -> Int {
        if let pendingFailure {
            self.pendingFailure = nil
            finished = true
            endChecked = true
            throw pendingFailure
        }
        if finished {
            if !endChecked {
                endChecked = true
                try checkEnd()
            }
            return 0
        }
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        // One byte past the limit, to learn whether the entry goes beyond it.
        let asked = min(buffer.count, outputLimit - inflated + 1)
        var produced: Int
        do {
            produced =
                method == 0
                ? try readStored(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<asked]))
                : try inflate(into: base, count: asked)
        } catch {
            produced = partialOutput
            pendingFailure = error
        }
        if inflated + produced > outputLimit {
            produced = outputLimit - inflated
            pendingFailure = limitFailure()
        }
        if produced > 0 {
            crc = crc32(crc, base.assumingMemoryBound(to: Bytef.self), uInt(produced))
            inflated += produced
            return produced
        }
        // Nothing to hand out: the fault, or the end, now.
        return try read(into: buffer)
    }

    private func limitFailure() -> RouteError {
        if let declaredSize, outputLimit == declaredSize {
            return failure(
                "the entry \(entryName) inflates to more than the \(declaredSize) bytes it declares: refused",
                at: entryStart)
        }
        if declaredSize == nil {
            return failure(
                "the entry \(entryName) inflates to over \(Self.undeclaredLimit >> 30) GiB: refused", at: entryStart)
        }
        return failure(
            "the entry \(entryName) inflates to over \(Self.maximumRatio) times its compressed size: "
                + "refused as a zip bomb", at: entryStart)
    }

    private func readStored(into buffer: UnsafeMutableRawBufferPointer) throws(RouteError) -> Int {
        partialOutput = 0
        let left = compressedLeft ?? 0
        guard left > 0 else {
            finished = true
            return 0
        }
        try fillInput()
        guard inputStart < inputEnd else { throw failure("the archive ends inside \(entryName): it is truncated") }
        let take = min(buffer.count, left, inputEnd - inputStart)
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: input[inputStart..<inputStart + take]))
        inputStart += take
        offset += take
        compressedLeft = left - take
        if compressedLeft == 0 { finished = true }
        return take
    }

    /// Inflates into `count` bytes at `base`; on a failure, ``partialOutput`` says how many
    /// bytes were inflated before it.
    private func inflate(into base: UnsafeMutableRawPointer, count: Int) throws(RouteError) -> Int {
        stream.pointee.next_out = base.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(count)
        partialOutput = 0
        var inputExhausted = false
        while stream.pointee.avail_out == uInt(count) {
            if stream.pointee.avail_in == 0 && !inputExhausted {
                try fillInput()
                var available = inputEnd - inputStart
                if let compressedLeft { available = min(available, compressedLeft) }
                if available > 0 {
                    stream.pointee.next_in = input.baseAddress!.advanced(by: inputStart).assumingMemoryBound(
                        to: Bytef.self)
                    stream.pointee.avail_in = uInt(available)
                } else {
                    // zlib may still hold output for the input it has taken: asked once more
                    // before the entry is called cut (found by the route-formats fuzz target).
                    inputExhausted = true
                }
            }
            let before = Int(stream.pointee.avail_in)
            let result = CTrailcastShims.inflate(stream, Z_NO_FLUSH)
            let consumed = before - Int(stream.pointee.avail_in)
            inputStart += consumed
            offset += consumed
            if compressedLeft != nil { compressedLeft! -= consumed }
            partialOutput = count - Int(stream.pointee.avail_out)
            if result == Z_STREAM_END {
                finished = true
                break
            }
            guard result == Z_OK || result == Z_BUF_ERROR else {
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "error \(result)"
                throw failure("the entry \(entryName) does not inflate (zlib: \(message))", at: entryStart)
            }
            if inputExhausted && partialOutput == 0 {
                throw failure("the archive ends inside \(entryName): it is truncated")
            }
        }
        return count - Int(stream.pointee.avail_out)
    }

    /// The entry's end: its CRC-32 (from its data descriptor, when it has one) checked.
    private func checkEnd() throws(RouteError) {
        if hasDataDescriptor {
            var descriptor = try readBytes(12, what: "the entry's data descriptor")
            if Self.little(descriptor, 0, 4) == 0x0807_4B50 {
                descriptor = Array(descriptor[4...]) + (try readBytes(4, what: "the entry's data descriptor"))
            }
            declaredCRC = UInt32(Self.little(descriptor, 0, 4))
            hasDataDescriptor = false
        }
        guard UInt32(truncatingIfNeeded: crc) == declaredCRC else {
            throw failure(
                "the entry \(entryName)'s CRC-32 is 0x\(String(declaredCRC, radix: 16)), but its bytes give "
                    + "0x\(String(UInt32(truncatingIfNeeded: crc), radix: 16)): the archive is damaged", at: entryStart)
        }
    }
}
