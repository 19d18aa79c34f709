// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Where a chunk of a document that libxml2 converts may end.
///
/// libxml2 2.9 converts a document whose declaration names an encoding other than UTF-8 as
/// it is pushed, and when it converts through ICU (a name iconv does not know but ICU's
/// lenient matching does, such as `UT-F8`) a character cut in two by the end of a chunk is
/// an encoding error: a valid file larger than a chunk failed wherever 64 KiB fell inside a
/// character (found by fuzzing, kept in Fuzz/Crashes/gpx-reader/). The reader therefore ends
/// each chunk of such a document just after a byte that no multibyte encoding uses inside a
/// character: 0x00-0x2F and 0x3A-0x3F (controls, space, `!"#$%&'()*+,-./:;<=>?`). UTF-8,
/// Shift_JIS, EUC, GBK, Big5 and GB18030 (whose four-byte characters hold digits) continue a
/// character with 0x30-0x39 or 0x40 and above only. (Stateful encodings such as ISO-2022-JP
/// are not covered; this is the project's reading of those encodings' byte ranges.)
package enum ChunkBoundary {
    /// The longest run of bytes held back waiting for a safe end, beyond what one read gives:
    /// past it the chunk is pushed as it is (no real file has 64 KiB without a space or `<`).
    static let maximumRunWithoutSafeByte = 64 * 1024
    /// How many first bytes hold the XML declaration's encoding, as far as it is looked for.
    static let declarationWindow = 200

    /// Whether the document's declaration names an encoding libxml2 converts, from its first
    /// bytes: an XML declaration with an `encoding` other than UTF-8, after a UTF-8 byte
    /// order mark if there is one (libxml2 switches to the declared encoding all the same).
    /// UTF-16 (its byte order mark, or a `<` with a zero byte beside it) is decoded by
    /// libxml2 itself and not cut.
    package static func declaresConvertedEncoding(_ firstBytes: some Collection<UInt8>) -> Bool {
        var bytes = firstBytes.prefix(declarationWindow)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let head = String(decoding: bytes, as: UTF8.self)
        guard head.hasPrefix("<?xml"), let declarationEnd = head.firstRange(of: "?>"),
            let encoding = head[..<declarationEnd.lowerBound].firstRange(of: "encoding")
        else { return false }
        let value = head[encoding.upperBound..<declarationEnd.lowerBound]
            .drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
            .prefix { $0 != "\"" && $0 != "'" }
        return !["utf-8", "utf8"].contains(value.lowercased())
    }

    /// The end of the longest prefix of `bytes` that ends just after a safe byte, if any.
    static func lastSafeEnd(in bytes: [UInt8]) -> Int? {
        guard let index = bytes.lastIndex(where: { $0 < 0x30 || (0x3A...0x3F).contains($0) }) else { return nil }
        return index + 1
    }
}
