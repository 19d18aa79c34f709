// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastRoutes
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe read once by several readers: each sees the whole document from its beginning,
/// whichever of them is ahead (the one ahead reads the pipe, the others the copy).
@Suite("RouteInput: a pipe read again from its copy")
struct RouteInputTests {
    /// A pipe whose write end a thread fills with `bytes`, then closes.
    private final class FilledPipe: Sendable {
        let readEnd: Int32

        init(_ bytes: [UInt8], writesOf writeSize: Int) throws {
            var descriptors: [Int32] = [0, 0]
            try #require(pipe(&descriptors) == 0)
            readEnd = descriptors[0]
            let writeEnd = descriptors[1]
            let thread = Thread {
                var offset = 0
                while offset < bytes.count {
                    let count = bytes[offset..<min(offset + writeSize, bytes.count)].withUnsafeBytes {
                        write(writeEnd, $0.baseAddress, $0.count)
                    }
                    if count <= 0 { break }
                    offset += count
                }
                close(writeEnd)
            }
            thread.start()
        }

        deinit { close(readEnd) }
    }

    private static func events(_ reader: any RouteEventReader, limit: Int = .max) throws -> [RouteEvent] {
        var events: [RouteEvent] = []
        while events.count < limit, let event = try reader.next() { events.append(event) }
        return events
    }

    /// Events up to `limit`, or up to the reader's error (the error itself dropped).
    private static func eventsBeforeAnyError(_ reader: any RouteEventReader, limit: Int = .max) -> [RouteEvent] {
        var events: [RouteEvent] = []
        while events.count < limit, let event = try? reader.next() { events.append(event) }
        return events
    }

    @Test(
        "readers that overtake each other all see the file's events",
        arguments: [
            (chunk: 64 * 1024, writes: 65_536), (chunk: 100, writes: 7), (chunk: 4096, writes: 1),
        ])
    func overtakingReaders(sizes: (chunk: Int, writes: Int)) throws {
        let path = RepositoryFiles.path("gpx/zurich-lake-ride.gpx")
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let expected = try readAllEvents(ofFile: path)
        // One byte at a time is slow for the whole file: the writer's size counts there only.
        let source = sizes.writes == 1 ? Array(bytes.prefix(20_000)) : bytes
        let pipe = try FilledPipe(source, writesOf: sizes.writes)
        let input = RouteInput(readingOnce: pipe.readEnd, name: "pipe")
        let options = GPXStreamReader.Options(chunkSize: sizes.chunk)

        let first = try input.makeReader(options: options)
        var firstEvents = Self.eventsBeforeAnyError(first, limit: 100)
        // The second reads past the first, then the first goes on from the copy.
        let second = try input.makeReader(options: options)
        let secondEvents = Self.eventsBeforeAnyError(second)
        firstEvents += Self.eventsBeforeAnyError(first)
        let third = try input.makeReader(options: options)
        let thirdEvents = Self.eventsBeforeAnyError(third)

        if sizes.writes == 1 {
            // A cut document: all three stop at the same event with the same error.
            let (prefixEvents, error) = readUntilError(GPXStreamReader(bytes: source, name: "pipe", options: options))
            #expect(error != nil)
            #expect(firstEvents == prefixEvents)
            #expect(secondEvents == prefixEvents)
            #expect(thirdEvents == prefixEvents)
        } else {
            #expect(firstEvents.count == expected.count)
            #expect(firstEvents == expected)
            #expect(secondEvents == expected)
            #expect(thirdEvents == expected)
        }
    }

    @Test("a reader made after the pipe has ended reads the whole copy")
    func readerAfterTheEnd() throws {
        let document = gpx11("<trk><trkseg><trkpt lat=\"1\" lon=\"2\"/><trkpt lat=\"3\" lon=\"4\"/></trkseg></trk>")
        let pipe = try FilledPipe(Array(document.utf8), writesOf: 5)
        let input = RouteInput(readingOnce: pipe.readEnd, name: "pipe")
        let once = try Self.events(try input.makeReader())
        let again = try Self.events(try input.makeReader())
        #expect(once == (try readAllEvents(ofGPX: document)))
        #expect(again == once)
        #expect(input.isStandardInput)
    }

    @Test("errors name the input as given")
    func errorsNameTheInput() throws {
        let pipe = try FilledPipe(Array("<gpx><trk>".utf8), writesOf: 3)
        let input = RouteInput(readingOnce: pipe.readEnd, name: "-")
        let (_, error) = readUntilError(try input.makeReader())
        #expect(error?.description.hasPrefix("-:1:") == true, "\(String(describing: error))")
    }

    /// A `.json` may be GeoJSON or a Google Takeout history: its first bytes decide, however
    /// its extension is spelled (Windows and old exports write `Records.JSON`). A `.geojson`
    /// is GeoJSON by its name alone.
    @Test(
        "a .json in any case is read by its first bytes: Takeout or GeoJSON",
        arguments: [
            ("Records.JSON", RouteFormat.takeout), ("Records.Json", .takeout), ("Records.json", .takeout),
            ("walk.JSON", .geojson), ("walk.json", .geojson),
        ])
    func jsonExtensionInAnyCase(fileName: String, format: RouteFormat) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("trailcast-gpxinput-\(getpid())-\(fileName)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(fileName).path
        let takeout =
            #"{"locations":[{"latitudeE7":473665000,"longitudeE7":85447000,"timestamp":"2015-10-10T18:47:02Z"}]}"#
        let geoJSON =
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[8.5447,47.3665]]},"properties":{}}"#
        try Data((format == .takeout ? takeout : geoJSON).utf8).write(to: URL(fileURLWithPath: path))

        let input = RouteInput(path: path)
        let (events, error) = readUntilError(try input.makeReader())
        #expect(error == nil)
        #expect(try input.resolvedFormat() == format)
        #expect(events.trackPoints.map(\.latitude) == [47.3665])
        #expect(events.trackPoints.map(\.longitude) == [8.5447])
    }

    @Test("a path is opened by each reader; a missing one fails when read")
    func paths() throws {
        let input = RouteInput(path: RepositoryFiles.path("gpx/xcode-waypoints.gpx"))
        #expect(!input.isStandardInput)
        #expect(try Self.events(try input.makeReader()) == (try Self.events(try input.makeReader())))
        #expect(throws: RouteError.self) { try RouteInput(path: "/nonexistent/walk.gpx").makeReader() }
    }
}
