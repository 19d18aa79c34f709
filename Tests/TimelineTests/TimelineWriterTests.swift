// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastTimeline
import TrailcastDevice
import TrailcastBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("TimelineWriter")
struct TimelineWriterTests {
    /// A pipe whose ends close when the test ends.
    final class Pipe {
        let readEnd: Int32
        let writeEnd: Int32

        init() throws {
            var descriptors: [Int32] = [0, 0]
            try #require(pipe(&descriptors) == 0)
            readEnd = descriptors[0]
            writeEnd = descriptors[1]
            // Reads must never block the test: an empty pipe reads EAGAIN.
            _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        }

        /// Everything written so far, without waiting.
        func readAvailable() -> String {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                bytes.append(contentsOf: chunk[0..<count])
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }
    }

    /// A temporary file, opened for writing; removed when the test ends.
    final class TemporaryFile {
        let path: String
        let descriptor: Int32

        init() throws {
            var template = Array("/tmp/trailcast-timeline-XXXXXX".utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            try #require(descriptor >= 0)
            path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        var size: Int {
            var status = stat()
            return stat(path, &status) == 0 ? Int(status.st_size) : -1
        }

        var contents: String {
            guard let file = fopen(path, "r") else { return "" }
            defer { fclose(file) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = fread(&chunk, 1, chunk.count, file)
                guard count > 0 else { break }
                bytes.append(contentsOf: chunk[0..<count])
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        deinit {
            close(descriptor)
            unlink(path)
        }
    }

    @Test("nothing reaches the pipe before a flush; after it, exactly the formatted lines")
    func flushWritesWholeLines() throws {
        let pipe = try Pipe()
        var writer = TimelineWriter(descriptor: pipe.writeEnd, format: JSONLinesTimelineFormat())
        for event in TimelineSamples.all { try writer.record(event) }
        #expect(pipe.readAvailable() == "")

        try writer.flush()
        let text = pipe.readAvailable()
        #expect(text == TimelineSamples.render(TimelineSamples.all, in: JSONLinesTimelineFormat()))
        #expect(text.hasSuffix("\n"))

        // A second flush with nothing new writes nothing; later events follow on.
        try writer.flush()
        #expect(pipe.readAvailable() == "")
        try writer.record(TimelineSamples.app)
        try writer.flush()
        #expect(
            pipe.readAvailable() == #"{"t":"2026-06-13T17:00:00.000Z","offset":3600,"type":"app","state":"background"}"#
                + "\n")
    }

    @Test("the CSV header is written once, with the first event, across flushes")
    func headerOnce() throws {
        let pipe = try Pipe()
        var writer = TimelineWriter(descriptor: pipe.writeEnd, format: CSVTimelineFormat())
        try writer.flush()
        #expect(pipe.readAvailable() == "", "no events, no header")
        try writer.record(TimelineSamples.prompt)
        try writer.flush()
        try writer.record(TimelineSamples.app)
        try writer.flush()
        let lines = pipe.readAvailable().split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == CSVTimelineFormat.columns.joined(separator: ","))
        #expect(lines[1].hasPrefix("2026-06-13T16:00:00.000Z,0,prompt,"))
        #expect(lines[2].hasPrefix("2026-06-13T17:00:00.000Z,3600,app,"))
    }

    @Test("past the buffer limit the writer writes on its own, and only whole lines")
    func writesWholeLinesPastTheLimit() throws {
        let file = try TemporaryFile()
        var writer = TimelineWriter(descriptor: file.descriptor, format: JSONLinesTimelineFormat())
        var recorded = 0
        var sizes: Set<Int> = []
        // About 190 bytes a line: the 64 KiB limit is passed several times.
        for index in 0..<2000 {
            try writer.record(
                TimelineSamples.event(
                    Double(index),
                    .location(
                        LocationFix(
                            time: TimelineSamples.start.adding(seconds: Double(index)),
                            latitude: 37.5 + Double(index) * 1e-5,
                            longitude: -122.25, altitudeMeters: 10, verticalAccuracyMeters: 10,
                            speedMetersPerSecond: 1.5, courseDegrees: 90, sourceIndex: index))))
            recorded += 1
            let size = file.size
            if size > 0 && !sizes.contains(size) {
                sizes.insert(size)
                let text = file.contents
                #expect(text.hasSuffix("\n"), "a partial line was written after \(recorded) events")
                #expect(text.utf8.count >= TimelineWriter<JSONLinesTimelineFormat>.bufferLimit)
            }
        }
        #expect(sizes.count >= 4, "the buffer was written \(sizes.count) times")
        try writer.flush()
        let lines = file.contents.split(separator: "\n")
        #expect(lines.count == 2000)
        #expect(lines.last?.hasSuffix(#""index":1999,"cached":null,"truth":null}"#) == true)
    }

    @Test("a failed write(2) throws TimelineWriteError with errno and its message")
    func writeError() throws {
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var writer = TimelineWriter(descriptor: descriptor, format: TextTimelineFormat(), destination: "out.txt")
        try writer.record(TimelineSamples.prompt)
        #expect {
            try writer.flush()
        } throws: { error in
            guard let error = error as? TimelineWriteError else { return false }
            return error.code == EBADF
                && error.description == "cannot write out.txt: \(String(cString: strerror(EBADF)))"
        }
    }

    @Test("the writer records what TimelineFormatName's formats produce")
    func formatNames() throws {
        for name in TimelineFormatName.allCases {
            let pipe = try Pipe()
            var writer = TimelineWriter(descriptor: pipe.writeEnd, format: AnyFormat(name.makeFormat()))
            for event in TimelineSamples.all { try writer.record(event) }
            try writer.flush()
            let expected: String
            switch name {
            case .text: expected = TimelineSamples.render(TimelineSamples.all, in: TextTimelineFormat())
            case .jsonl: expected = TimelineSamples.render(TimelineSamples.all, in: JSONLinesTimelineFormat())
            case .csv: expected = TimelineSamples.render(TimelineSamples.all, in: CSVTimelineFormat())
            }
            #expect(pipe.readAvailable() == expected, "\(name)")
        }
    }

    /// An existential format as a concrete one, for the generic writer.
    struct AnyFormat: TimelineFormat {
        var base: any TimelineFormat
        init(_ base: any TimelineFormat) { self.base = base }
        mutating func appendHeader(to bytes: inout [UInt8]) { base.appendHeader(to: &bytes) }
        mutating func append(_ event: TimelineEvent, to bytes: inout [UInt8]) { base.append(event, to: &bytes) }
    }
}
