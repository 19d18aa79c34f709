// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `trailcast replay` with the simulated GPS, as a user runs it: the crash that started
/// it, the profiles, seeds, signal loss, and the promise that `--gps perfect` changes
/// nothing.
@Suite("trailcast replay: the simulated GPS")
struct ReplayGPSTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"

    /// A GPX file with these `<trkpt>`s (lat, lon, time or nil), one segment each list.
    static func gpx(_ segments: [[(Double, Double, String?)]]) -> String {
        var lines = [
            #"<?xml version="1.0"?>"#,
            #"<gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk>"#,
        ]
        for segment in segments {
            lines.append("<trkseg>")
            for (lat, lon, time) in segment {
                lines.append(
                    #"<trkpt lat="\#(lat)" lon="\#(lon)">"# + (time.map { "<time>\($0)</time>" } ?? "") + "</trkpt>")
            }
            lines.append("</trkseg>")
        }
        return (lines + ["</trk></gpx>", ""]).joined(separator: "\n")
    }

    @Test("the crash: untimed points before 2010 times, --interval 1: timed back from 2010, minutes long, exit 0")
    func untimedStartBeforeTimedPoints() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file(
            named: "mutated.gpx",
            text: Self.gpx([
                [
                    (47.0, 8.0, nil), (47.001, 8.0, nil), (47.002, 8.0, "2010-05-01T10:00:00Z"),
                    (47.003, 8.0, "2010-05-01T10:01:00Z"),
                ]
            ]))
        let timeline = try await ReplayTimeline.run(file.path, ["--interval", "1", "--weather", "none"])
        #expect(timeline.result.status == 0)
        let end = try #require(timeline.end)
        let simulated = try #require(end["simulatedSeconds"]?.doubleValue)
        // Two untimed legs of 111 m at 1.4 m/s (158.85 s), then the timed minute: not 9 years.
        #expect(simulated == 218.85, "\(simulated) s")
        let first = try #require(timeline.locations.first?["t"]?.stringValue)
        #expect(first == "2010-05-01T09:57:21.150Z", "timed backwards at 1.4 m/s: \(first)")
    }

    @Test(
        "a two-point track a year apart with --interval 1 --max-gap 0 streams in constant memory and stops on Ctrl-C",
        .disabled(if: TrailcastBinary.isBuiltWithAddressSanitizer, "AddressSanitizer's quarantine holds freed memory"))
    func yearLongLegRunsInConstantMemory() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file(
            named: "year.gpx",
            text: Self.gpx([
                [
                    (47.0, 8.0, "2025-01-01T00:00:00Z"), (47.5, 8.5, "2026-01-01T00:00:00Z"),
                ]
            ]))
        let output = scratch.url.appendingPathComponent("run.jsonl")
        let process = try ReplayProcess(
            arguments: [
                "replay", file.path, "--interval", "1", "--max-gap", "0", "--weather", "none", "--format", "jsonl",
                "--output", output.path,
            ], output: .discarded)
        // On virtual time the timeline is staged beside its path until the run ends.
        func size() -> Int {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: scratch.url.path)) ?? []
            guard let staged = names.first(where: { $0.hasPrefix(".run.jsonl.trailcast-") }) else { return 0 }
            let path = scratch.url.appendingPathComponent(staged).path
            return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        }
        try await process.wait(for: "1 MB of timeline", onlyWhileRunning: true, until: { size() > 1_000_000 })
        let early = process.peakResidentKiB
        // Tens of thousands of fixes later; before the fix it died at once allocating 26 GB.
        try await process.wait(for: "10 MB of timeline", onlyWhileRunning: true, until: { size() > 10_000_000 })
        let late = process.peakResidentKiB
        process.send(SIGINT)
        let (status, _) = try await process.waitForExit()
        #expect(status == 130)
        if let early, let late {
            #expect(late - early < 8 * 1024, "peak memory grew from \(early) KiB to \(late) KiB")
        }
        let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.split(separator: "\n").last?.contains(#""type":"end""#) == true)
    }

    @Test("the same leg with the default --max-gap is a recording pause: no signal for a year, then the last point")
    func yearLongLegIsAPauseByDefault() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file(
            named: "year.gpx",
            text: Self.gpx([
                [
                    (47.0, 8.0, "2025-01-01T00:00:00Z"), (47.5, 8.5, "2026-01-01T00:00:00Z"),
                ]
            ]))
        let timeline = try await ReplayTimeline.run(file.path, ["--interval", "1", "--weather", "none"])
        #expect(timeline.locations.count == 2)
        #expect(
            timeline.events(ofType: "signal").map { [$0["state"]?.stringValue, $0["cause"]?.stringValue] }
                == [["lost", "gap"], ["restored", "gap"]])
        #expect(timeline.events(ofType: "locationError").map { $0["code"]?.stringValue } == ["locationUnknown"])
    }

    @Test(
        "--gps perfect (the default) writes what the binary wrote before the simulated GPS existed, but for the new keys"
    )
    func perfectIsUnchanged() async throws {
        let baseline = try String(
            contentsOf: Repository.url("Tests/Fixtures/baseline/perfect-gps.txt"), encoding: .utf8)
        let cases = baseline.split(separator: "\n")
        #expect(cases.count == 13)
        for line in cases {
            let parts = line.split(separator: " ", maxSplits: 2)
            let arguments = parts[2].split(separator: " ").map(String.init)
            let result = try await TrailcastBinary.run(arguments: ["replay"] + arguments + ["--color", "never"])
            #expect(result.status == 0)
            // The text's later wording (°C, the end's reason) undone: this compares the events.
            let earlierWording = result.stdout.replacingOccurrences(of: " °C", with: " C")
                .replacingOccurrences(of: " s wall (finished)", with: " s wall")
            let normalised = PerfectBaseline.normalise(PerfectBaseline.withoutNewKeys(earlierWording))
            #expect(PerfectBaseline.fnv1a64(normalised) == String(parts[0]), "\(parts[2])")
            #expect(normalised.filter { $0 == "\n" }.count == Int(parts[1]), "\(parts[2])")
        }
    }

    @Test("the same seed gives byte-identical JSON Lines; another seed other locations")
    func seeds() async throws {
        let arguments = ["--gps", "urban-canyon", "--jitter", "200"]
        let first = try await ReplayTimeline.run(Self.walk, arguments + ["--seed", "42"])
        let again = try await ReplayTimeline.run(Self.walk, arguments + ["--seed", "42"])
        let other = try await ReplayTimeline.run(Self.walk, arguments + ["--seed", "43"])
        #expect(first.stdoutWithoutWallSeconds == again.stdoutWithoutWallSeconds)
        let firstPlaces = first.locations.map { [$0["lat"], $0["lon"]] }
        let otherPlaces = other.locations.map { [$0["lat"], $0["lon"]] }
        #expect(firstPlaces.count == 1804, "1840 epochs less the urban canyon's dropouts with seed 42")
        #expect(zip(firstPlaces, otherPlaces).filter { $0 == $1 }.count == 0)
        // Every fix says where the device really was; the settings say how it was simulated.
        #expect(first.locations.allSatisfy { $0["truth"]?["lat"] != nil })
        let settings = try #require(first.events.first?["settings"])
        #expect(settings["gps"] == .string("urban-canyon"))
        #expect(settings["seed"] == .number("42"))
        #expect(settings["jitter"] == .number("200"))
        #expect(settings["maxGap"] == .number("300"))
        first.expectWellFormed()
    }

    @Test("a tunnel: one locationUnknown, nothing while lost, locations after, in text too")
    func tunnel() async throws {
        let arguments = ["--event", "20m:signal=lost", "--event", "22m:signal=restored"]
        let timeline = try await ReplayTimeline.run(Self.walk, arguments)
        #expect(timeline.events(ofType: "locationError").count == 1)
        let offsets = timeline.locations.compactMap { $0["offset"]?.doubleValue }
        #expect(!offsets.contains { $0 > 1200 && $0 < 1320 })
        #expect(offsets.last { $0 <= 1200 } == 1197, "the last fix before the tunnel")
        #expect(offsets.first { $0 >= 1320 } == 1321, "the first fix after it")
        #expect(offsets.count == 1793)
        let text = try await TrailcastBinary.run(arguments: ["replay", Self.walk] + arguments)
        #expect(text.stdout.contains(" +0:20:00.000  signal         lost (event)\n"))
        #expect(
            text.stdout.contains(
                " +0:20:00.000  locationError  locationUnknown: The location is currently unknown (kCLErrorLocationUnknown).\n"
            ))
        #expect(text.stdout.contains(" +0:22:00.000  signal         restored (event)\n"))
    }

    @Test(
        "bad GPS flags: 64 and one line naming the flag",
        arguments: [
            (
                ["--gps", "foggy"],
                "trailcast: error: unknown GPS profile 'foggy'; use perfect, open-sky, suburban, urban-canyon, indoor, or --gps-sigma for a custom one"
            ),
            (["--gps-sigma=-3"], "trailcast: error: --gps-sigma must be a number of metres from 0 to 10000, not -3"),
            (
                ["--gps-multipath", "2"],
                "trailcast: error: --gps-multipath must be a probability per second from 0 to 1, not 2"
            ),
            (
                ["--jitter", "1500"],
                "trailcast: error: --jitter must be less than the interval between fixes (1000 ms), not 1500: a fix comes late, never after the next one"
            ),
            (
                ["--max-gap", "soon"],
                "trailcast: error: --max-gap must be a duration such as 5m, 90s, 1h or 0 for never, not 'soon'"
            ),
            (["--max-gap", "-1m"], "trailcast: error: --max-gap must be 0 or more, not -1m"),
            (
                ["--event", "-2m:authorization=denied"],
                "trailcast: error: invalid event '-2m:authorization=denied': the offset must be 0 or more (from the run's start), not -2m"
            ),
            (
                ["--event", "1m:signal=weak"],
                "trailcast: error: invalid event '1m:signal=weak': 'weak' is not a valid signal; use lost, restored"
            ),
        ])
    func badFlags(arguments: [String], message: String) async throws {
        let result = try await TrailcastBinary.run(arguments: ["replay", Self.walk] + arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
    }
}

/// The normalisation of `Tests/Fixtures/baseline/make-baseline.py`, and what later versions add.
enum PerfectBaseline {
    static let perfectSettings =
        #","gps":"perfect","gpsSigma":null,"gpsCorrelation":null,"gpsMultipath":null,"seed":1,"jitter":0,"maxGap":300"#

    /// Removes the keys and columns added with the simulated GPS (their values with
    /// `--gps perfect`): the rest must be what the older binary wrote.
    static func withoutNewKeys(_ text: String) -> String {
        // `missed` lines (stretches of fixes the app did not get) came with the report.
        let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            !(line.contains(#""type":"missed""#) || line.contains(",missed,") || line.contains("  missed  "))
        }
        var text = kept.joined(separator: "\n").replacingOccurrences(of: #","truth":null"#, with: "")
            // Whether a fix came from Core Location's cache (issue 57), none here.
            .replacingOccurrences(of: #","cached":null"#, with: "")
            // Why the run ended (it came with issue 39).
            .replacingOccurrences(of: #","reason":"finished","message":null"#, with: "")
            // The model app's settings, the weather app's (they came with the places app).
            // Region monitoring's setting, none (it came with issue 24).
            .replacingOccurrences(
                of: #","regions":null,"significantChanges":false,"visits":false,"backgroundUpdates":false"#, with: ""
            )
            .replacingOccurrences(
                of: #",""regions"":null,""significantChanges"":false,""visits"":false,""backgroundUpdates"":false"#,
                with: ""
            )
            .replacingOccurrences(of: #","app":"weather","places":null,"placesLimit":null"#, with: "")
            .replacingOccurrences(of: #",""app"":""weather"",""places"":null,""placesLimit"":null"#, with: "")
            // The weather cache's settings, off (they came with the disk cache).
            .replacingOccurrences(of: #","weatherCache":null,"weatherOffline":false,"weatherCacheMax":null"#, with: "")
            .replacingOccurrences(
                of: #",""weatherCache"":null,""weatherOffline"":false,""weatherCacheMax"":null"#, with: ""
            )
            .replacingOccurrences(of: perfectSettings, with: "")
            .replacingOccurrences(of: perfectSettings.replacingOccurrences(of: "\"", with: "\"\""), with: "")
        text = withPointsAtTheStart(text)
        if text.hasPrefix("t,offset,type,") {
            // Every row ends in the two truth cells, empty with a perfect GPS, the three
            // control cells, empty without a live run, the testing library's two, and the
            // five of `missed` events, the places app's three, region monitoring's five, visits'
            // two and the cached fix's one.
            text = text.replacingOccurrences(
                of:
                    ",truthLat,truthLon,action,paused,multiplier,method,manager,reason,fixes,since,until,path,order,nearest,total,identifier,change,centerLat,centerLon,radius,arrival,departure,cached\n",
                with: "\n"
            )
            .replacingOccurrences(of: ",,,,,,,,,,,,,,,,,,,,,,,\n", with: "\n")
            .replacingOccurrences(of: ",,,,,,,,finished,,,,,,,,,,,,,,,\n", with: "\n")
        }
        return text
    }

    /// The file's point count back in `start` and out of `end`, where it was before the
    /// file was read once (`start` said it, having counted first).
    static func withPointsAtTheStart(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let endIndex = lines.lastIndex(where: { !$0.isEmpty }),
            let startIndex = lines.firstIndex(where: {
                $0.contains(#""type":"start""#) || $0.contains(",start,") || $0.contains("  start  ")
            })
        else { return text }
        var end = lines[endIndex]
        var start = lines[startIndex]
        if let range = end.range(of: #""points":"#) {
            let digits = end[range.upperBound...].prefix(while: \.isNumber)
            start = start.replacingOccurrences(of: #""points":null"#, with: #""points":\#(digits)"#)
            end.removeSubrange(range.lowerBound..<end.index(range.upperBound, offsetBy: digits.count + 1))
        } else if let range = end.range(of: " points read, ") ?? end.range(of: " point read, ") {
            var first = range.lowerBound
            while first > end.startIndex, end[end.index(before: first)].isNumber { first = end.index(before: first) }
            let digits = end[first..<range.lowerBound]
            let noun =
                start.contains(": route points")
                ? "route points" : start.contains(": waypoints") ? "waypoints" : "track points"
            start = start.replacingOccurrences(of: ": \(noun), ", with: ": \(digits) \(noun), ")
            end.removeSubrange(first..<range.upperBound)
        } else if text.hasPrefix("t,offset,type,") {
            // The sixth column, `points`.
            var endCells = end.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            var startCells = start.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if endCells.count > 5, startCells.count > 5 {
                startCells[5] = endCells[5]
                endCells[5] = ""
                start = startCells.joined(separator: ",")
                end = endCells.joined(separator: ",")
            }
        }
        lines[startIndex] = start
        lines[endIndex] = end
        return lines.joined(separator: "\n")
    }

    /// The wall-clock figure becomes 0, as the script does. It stands only in the `end`
    /// event, the last line, so only that line is looked at (the rest can be megabytes).
    static func normalise(_ text: String) -> String {
        var body = Substring(text)
        if body.hasSuffix("\n") { body = body.dropLast() }
        let lastBreak = body.lastIndex(of: "\n").map { body.index(after: $0) } ?? body.startIndex
        var end = String(body[lastBreak...])
        end = replacingNumber(in: end, after: #""wallSeconds":"#, with: "0")
        if let range = end.range(of: " s wall") {
            var start = range.lowerBound
            while start > end.startIndex, end[end.index(before: start)].isNumber || end[end.index(before: start)] == "."
            {
                start = end.index(before: start)
            }
            end.replaceSubrange(start..<range.lowerBound, with: "0")
        }
        if text.hasPrefix("t,offset,type,"), let header = text.split(separator: "\n", maxSplits: 1).first,
            let wallColumn = header.split(separator: ",").firstIndex(of: "wallSeconds")
        {
            var cells = end.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            cells[wallColumn] = "0"
            end = cells.joined(separator: ",")
        }
        return String(text[..<lastBreak]) + end + (text.hasSuffix("\n") ? "\n" : "")
    }

    private static func replacingNumber(in line: String, after key: String, with value: String) -> String {
        guard let range = line.range(of: key) else { return line }
        var end = range.upperBound
        while end < line.endIndex, line[end].isNumber || line[end] == "." { end = line.index(after: end) }
        return line.replacingCharacters(in: range.upperBound..<end, with: value)
    }

    static func fnv1a64(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
