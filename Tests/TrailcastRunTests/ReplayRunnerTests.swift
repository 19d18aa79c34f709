// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastTimeline
import TrailcastBasics
import TrailcastFeeds
import TrailcastRun
import TrailcastSettings

/// The run library: a replay from a plan, its files, and its failures with their statuses.
@Suite("ReplayRunner: a plan run as `trailcast replay` runs it")
struct ReplayRunnerTests {
    static let sample = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("gpx/sf-waterfront-walk.gpx").path

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trailcast-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("the timeline, the report and the weather log are written, and the summary counts what the timeline holds")
    func writesEveryFile() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let timeline = directory.appendingPathComponent("run.jsonl").path
        let report = directory.appendingPathComponent("run.html").path
        let weatherLog = directory.appendingPathComponent("weather.csv").path
        let plan = ReplayRunPlan(
            file: Self.sample,
            output: TimelineOutput(format: .jsonl, path: timeline, reportPath: report, weatherLogPath: weatherLog))
        let messages = MessageLog()
        let summary = try await ReplayRunner.run(plan, messages: messages.append)

        let lines = try String(contentsOfFile: timeline, encoding: .utf8).split(separator: "\n")
        let types = lines.map { line in
            line.firstRange(of: #""type":""#).map { line[$0.upperBound...].prefix { $0 != "\"" } } ?? ""
        }
        #expect(types.first == "start")
        #expect(types.last == "end")
        #expect(types.filter { $0 == "location" }.count == summary.locations)
        #expect(!summary.interrupted)
        let weatherLines = try String(contentsOfFile: weatherLog, encoding: .utf8).split(separator: "\n")
        #expect(weatherLines.count == 1 + types.filter { $0 == "weather" || $0 == "weatherError" }.count)
        #expect(try String(contentsOfFile: report, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        #expect(messages.all.isEmpty, "the sample has nothing to warn about: \(messages.all)")
    }

    @Test("a timeline file that cannot be created: cannotCreate, naming the file, and nothing after it is created")
    func uncreatableTimeline() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("run.html").path
        let plan = ReplayRunPlan(
            file: Self.sample,
            output: TimelineOutput(format: .jsonl, path: directory.path + "/missing/run.jsonl", reportPath: report))
        let failure = await #expect(throws: RunFailure.self) { try await ReplayRunner.run(plan) }
        #expect(failure?.status == .cannotCreate)
        #expect(
            failure?.message
                == "\(directory.path)/missing/run.jsonl: error: cannot create the timeline file: No such file or directory"
        )
        #expect(!FileManager.default.fileExists(atPath: report))
    }

    @Test("a GPX file that is not there: noInput, one located line")
    func missingRoute() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plan = ReplayRunPlan(
            file: directory.path + "/nowhere.gpx", output: TimelineOutput(path: directory.path + "/run.txt"))
        let failure = await #expect(throws: RunFailure.self) { try await ReplayRunner.run(plan) }
        #expect(failure?.status == .noInput)
        #expect(failure?.message.hasPrefix("\(directory.path)/nowhere.gpx: error: ") == true)
        #expect(failure?.message.contains("\n") == false)
    }

    @Test("live feeds need real time: each says so at speed 0, none at speed 1")
    func liveFeedsNeedRealTime() throws {
        let cases: [(any FeedRequest, String)] = [
            (
                LiveStreamRequest(
                    address: try HostAndPort(parsing: "0", option: "--serve", allowsPortZero: true), mapTiles: nil),
                "--serve streams a live run and needs real time: add --speed N (1 is real time)"
            ),
            (
                NMEAFeedRequest(.udp, host: "127.0.0.1", port: 10110),
                "--nmea tcp:// and udp:// feed a live consumer and need real time: add --speed N (1 is real time)"
            ),
            (
                NMEAFeedRequest(.tcp, host: "127.0.0.1", port: 0),
                "--nmea tcp:// and udp:// feed a live consumer and need real time: add --speed N (1 is real time)"
            ),
            (
                SimulatorFeedRequest(device: "booted", bundleID: nil),
                "--simulator drives a live Simulator and needs real time: add --speed N (1 is real time)"
            ),
            (
                AndroidEmulatorFeedRequest(host: "127.0.0.1", port: 5554, token: nil),
                "--android-emulator drives a live emulator and needs real time: add --speed N (1 is real time)"
            ),
            (
                BrowserFeedRequest(endpoint: "http://127.0.0.1:9222", targetFilter: nil),
                "--browser drives live pages and needs real time: add --speed N (1 is real time)"
            ),
        ]
        for (request, message) in cases {
            let feeds = FeedPlan(feeds: [request])
            #expect(feeds.problem(speed: 0) == message)
            #expect(feeds.problem(speed: 1) == nil)
        }
        #expect(FeedPlan(nmeaFiles: ["run.nmea"]).problem(speed: 0) == nil)
    }

    @Test("addresses: a malformed one is a usage failure with the flag's message")
    func malformedAddresses() {
        #expect(throws: RunFailure.self) { try NMEATarget(parsing: "ftp://127.0.0.1:1") }
        do {
            _ = try HostAndPort(parsing: "[::1]", option: "--serve", allowsPortZero: true)
            Issue.record("[::1] without a port was taken")
        } catch {
            #expect(error.status == .usage)
            #expect(error.message == "--serve [::1]: expected PORT or HOST:PORT, such as 8080 or 127.0.0.1:8080")
        }
        #expect((try? NMEATarget(parsing: "tcp://[::1]:0")) == .tcp(host: "::1", port: 0))
    }

    @Test("addresses: ports from 1 (0 where allowed) to 65535, the ends taken, past them refused")
    func portRange() throws {
        let highest = try HostAndPort(parsing: "65535", option: "--android-emulator")
        #expect(highest.host == "127.0.0.1" && highest.port == 65535)
        #expect(try HostAndPort(parsing: "[::1]:65535", option: "--serve").port == 65535)
        #expect(try HostAndPort(parsing: "1", option: "--android-emulator").port == 1)
        #expect(try HostAndPort(parsing: "0", option: "--serve", allowsPortZero: true).port == 0)
        for (text, allowsZero) in [("65536", true), ("0", false), ("-1", true), ("127.0.0.1:65536", true)] {
            #expect(throws: RunFailure.self, "\(text)") {
                try HostAndPort(parsing: text, option: "--serve", allowsPortZero: allowsZero)
            }
        }
    }

    @Test("--nmea's port: 65535 is the highest, over TCP and UDP; 65536 is refused with the form expected")
    func nmeaPortRange() {
        #expect((try? NMEATarget(parsing: "tcp://127.0.0.1:65535")) == .tcp(host: "127.0.0.1", port: 65535))
        #expect((try? NMEATarget(parsing: "udp://127.0.0.1:65535")) == .udp(host: "127.0.0.1", port: 65535))
        #expect((try? NMEATarget(parsing: "tcp://127.0.0.1:0")) == .tcp(host: "127.0.0.1", port: 0))
        for text in ["tcp://127.0.0.1:65536", "tcp://127.0.0.1:-1"] {
            do {
                _ = try NMEATarget(parsing: text)
                Issue.record("\(text) was taken")
            } catch {
                #expect(error.status == .usage)
                #expect(error.message == "--nmea \(text): expected tcp://HOST:PORT, such as tcp://127.0.0.1:10110")
            }
        }
    }

    /// No emulator's console listens on port 0 (the first is 5554): `--android-emulator 0`
    /// is a usage error whose example is a console's port.
    @Test("--android-emulator: 5554 and HOST:PORT taken; port 0 refused with 5554 as the example")
    func androidConsolePort() {
        let first = try? AndroidConsoleAddress(parsing: "5554")
        #expect(first?.host == "127.0.0.1" && first?.port == 5554)
        #expect((try? AndroidConsoleAddress(parsing: "10.0.2.2:5556"))?.port == 5556)
        do {
            _ = try AndroidConsoleAddress(parsing: "0")
            Issue.record("--android-emulator 0 was taken")
        } catch {
            #expect(error.status == .usage)
            #expect(
                error.message == "--android-emulator 0: expected PORT or HOST:PORT, such as 5554 or 127.0.0.1:5554")
        }
    }

    /// Port 0 picks a free port to listen on (`tcp://`), but a datagram sent to port 0
    /// reaches nobody: `udp://HOST:0` is a usage failure, port 1 a destination.
    @Test("addresses: udp:// to port 0 is a usage failure naming the flag; port 1 is taken")
    func udpPortZero() {
        do {
            _ = try NMEATarget(parsing: "udp://127.0.0.1:0")
            Issue.record("udp://127.0.0.1:0 was taken")
        } catch {
            #expect(error.status == .usage)
            #expect(error.message == "--nmea udp://127.0.0.1:0: a UDP destination needs a port other than 0")
        }
        #expect((try? NMEATarget(parsing: "udp://127.0.0.1:1")) == .udp(host: "127.0.0.1", port: 1))
    }

    /// A plan whose settings contradict each other is bad usage (64), as the same flags
    /// are for `trailcast replay`, not malformed input (65): docs/command-line.md's "a flag,
    /// a value".
    @Test("a plan whose settings contradict each other: a usage failure, the problem's line")
    func contradictorySettingsAreUsage() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plan = ReplayRunPlan(
            file: Self.sample, configuration: ReplayConfiguration(jitterMilliseconds: 1000),
            output: TimelineOutput(path: directory.path + "/run.txt"))
        let failure = await #expect(throws: RunFailure.self) { try await ReplayRunner.run(plan) }
        #expect(failure?.status == .usage)
        #expect(
            failure?.message
                == "error: --jitter must be less than the interval between fixes (1000 ms), not 1000: a fix comes late, never after the next one"
        )
    }
}

/// What a run said on the side, kept for the test to read.
final class MessageLog: Sendable {
    private let lines = LockedValue<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}
