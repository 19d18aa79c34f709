// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing

@testable import TrailcastRoutes

/// Where a chunk of a converted document may end: just after a byte no multibyte encoding
/// uses inside a character (0x00-0x2F, 0x3A-0x3F), never after a digit (GB18030's four-byte
/// characters hold 0x30-0x39) or a byte from 0x40 on.
@Suite("Where a converted document's chunk may end")
struct ChunkBoundaryTests {
    @Test(
        arguments: [
            ([0x41, 0x30, 0x42], nil),  // a digit is inside a GB18030 character: never an end
            ([0x41, 0x39], nil),
            ([0x2F, 0x30], 1),  // '/' is the last safe byte below the digits
            ([0x41, 0x3A, 0x42], 2),  // ':' the first above them
            ([0x3F, 0x40, 0x81], 1),  // '?' the last; '@' and up continue characters
            ([0x20, 0x41, 0x00, 0x42], 3),  // the last safe byte wins
            ([], nil),
        ] as [([UInt8], Int?)])
    func lastSafeEnd(bytes: [UInt8], end: Int?) {
        #expect(ChunkBoundary.lastSafeEnd(in: bytes) == end)
    }

    @Test func aDeclaredEncodingOtherThanUTF8IsConverted() {
        #expect(
            ChunkBoundary.declaresConvertedEncoding(Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><gpx/>"#.utf8)))
        #expect(ChunkBoundary.declaresConvertedEncoding(Array(#"<?xml version="1.0" encoding='UT-F8'?>"#.utf8)))
        #expect(!ChunkBoundary.declaresConvertedEncoding(Array(#"<?xml version="1.0" encoding="UTF-8"?>"#.utf8)))
        #expect(
            !ChunkBoundary.declaresConvertedEncoding(
                [0xEF, 0xBB, 0xBF] + Array(#"<?xml version="1.0" encoding="utf8"?>"#.utf8)))
        #expect(!ChunkBoundary.declaresConvertedEncoding(Array(#"<?xml version="1.0"?>"#.utf8)))
    }
}
