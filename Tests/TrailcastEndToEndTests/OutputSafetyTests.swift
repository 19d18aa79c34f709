// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Outputs people can trust with their files: an output never empties an input, appears
/// whole or not at all, `-` is standard output, and a failed write is exit 74 naming it.
@Suite("Outputs that never cost an input or stay half-written")
struct OutputSafetyTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"

    /// The files in `directory` whose names mark a temporary output.
    static func leftovers(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".trailcast-") }
    }

    /// Whether a temporary output in `directory` has bytes in it: the command is writing.
    static func hasWrittenLeftover(_ directory: URL) throws -> Bool {
        try leftovers(directory).contains { name in
            let size =
                try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size]
                as? Int
            return (size ?? 0) > 0
        }
    }

    @Test(
        "an output that is the input (itself, a hard link, a symbolic link) is refused before anything is opened: exit 64, the file intact",
        arguments: [
            "same", "hard link", "symbolic link",
        ])
    func outputIsTheInput(kind: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let original = try Data(contentsOf: Repository.url(Self.walk))
        let route = try scratch.file(named: "copy.gpx", contents: original)
        var output = route.path
        if kind == "hard link" {
            output = scratch.url.appendingPathComponent("linked.gpx").path
            try #require(link(route.path, output) == 0)
        } else if kind == "symbolic link" {
            output = scratch.url.appendingPathComponent("symlinked.gpx").path
            try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: route.path)
        }
        for arguments in [
            ["export", route.path, "--to", "xcode-gpx", "--output", output],
            ["replay", route.path, "--output", output],
        ] {
            let result = try await TrailcastBinary.run(arguments: arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(
                result.stderrLines == [
                    "\(output): error: \(arguments[0] == "export" ? "the export" : "the timeline file") (--output) would overwrite the route \(route.path): choose another output path"
                ])
            #expect(try Data(contentsOf: route) == original, "\(arguments[0]) left the input as it was")
        }
        #expect(try Self.leftovers(scratch.url).isEmpty)
    }

    @Test("a report over the timeline it reads, and check over a scenario: exit 64, intact")
    func reportAndCheckOverTheirInput() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let timeline = try scratch.file(named: "run.jsonl", text: "")
        let run = try await TrailcastBinary.run(arguments: [
            "replay", Self.walk, "--format", "jsonl", "--output", timeline.path,
        ])
        try #require(run.status == 0, "\(run.stderr)")
        let lines = try Data(contentsOf: timeline)
        let report = try await TrailcastBinary.run(arguments: ["report", timeline.path, "--output", timeline.path])
        #expect(report.status == 64)
        #expect(
            report.stderrLines == [
                "\(timeline.path): error: the report (--output) would overwrite the timeline \(timeline.path): choose another output path"
            ])
        #expect(try Data(contentsOf: timeline) == lines)

        let scenario = try scratch.file(
            named: "walk.yaml", contents: try Data(contentsOf: Repository.url("gpx/scenarios/denied-at-launch.yaml")))
        let before = try Data(contentsOf: scenario)
        let check = try await TrailcastBinary.run(arguments: ["check", scenario.path, "--output", scenario.path])
        #expect(check.status == 64, "\(check.stderr)")
        #expect(try Data(contentsOf: scenario) == before)
    }

    @Test("--output - is standard output for export, report and check; no file named -")
    func dashIsStandardOutput() async throws {
        let export = try await TrailcastBinary.run(arguments: ["export", Self.walk, "--to", "csv", "--output", "-"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.hasPrefix("time,"), "\(export.stdout.prefix(80))")
        let check = try await TrailcastBinary.run(arguments: [
            "check", "gpx/scenarios/denied-at-launch.yaml", "--format", "junit", "--output", "-",
        ])
        #expect(check.stdout.hasPrefix("<?xml"), "\(check.stdout.prefix(80))")
        let timeline = try await TrailcastBinary.run(arguments: ["replay", Self.walk, "--format", "jsonl"])
        let report = try await TrailcastBinary.run(
            arguments: ["report", "-", "--output", "-"], stdin: Data(timeline.stdout.utf8))
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.hasPrefix("<!DOCTYPE html>"), "\(report.stdout.prefix(80))")
        #expect(!FileManager.default.fileExists(atPath: Repository.url("-").path))
    }

    /// `/dev/stdout` and `/dev/stderr` are the process's own streams, written in place like
    /// `-`: the whole output on the stream named, nothing on the other.
    @Test("--output /dev/stdout and /dev/stderr are those streams: the same bytes as -, the other stream empty")
    func namedStandardStreams() async throws {
        let dash = try await TrailcastBinary.run(arguments: ["export", Self.walk, "--to", "csv", "--output", "-"])
        #expect(dash.status == 0)
        #expect(dash.stderr == "", "nothing else on standard error to mix with the output")
        #expect(dash.stdout.hasPrefix("time,"), "\(dash.stdout.prefix(80))")
        let toStdout = try await TrailcastBinary.run(arguments: [
            "export", Self.walk, "--to", "csv", "--output", "/dev/stdout",
        ])
        #expect(toStdout.status == 0)
        #expect(toStdout.stdout == dash.stdout)
        #expect(toStdout.stderr == "")
        let toStderr = try await TrailcastBinary.run(arguments: [
            "export", Self.walk, "--to", "csv", "--output", "/dev/stderr",
        ])
        #expect(toStderr.status == 0)
        #expect(toStderr.stderr == dash.stdout)
        #expect(toStderr.stdout == "")
    }

    @Test("a write that fails (/dev/full) is one line naming the output and exit 74, on standard output too")
    func writeFailures() async throws {
        for (arguments, line) in [
            (
                ["export", Self.walk, "--to", "csv", "--output", "/dev/full"],
                "trailcast: error: cannot write /dev/full: No space left on device"
            ),
            (
                ["export", Self.walk, "--to", "nmea", "--output", "/dev/full"],
                "trailcast: error: cannot write /dev/full: No space left on device"
            ),
            (
                ["check", "gpx/scenarios/denied-at-launch.yaml", "--output", "/dev/full"],
                "trailcast: error: cannot write /dev/full: No space left on device"
            ),
            (
                ["inspect", Self.walk, "--output", "/dev/full"],
                "trailcast: error: cannot write /dev/full: No space left on device"
            ),
            (
                ["replay", Self.walk, "--output", "/dev/full"],
                "trailcast: error: cannot write /dev/full: No space left on device"
            ),
            (
                ["replay", Self.walk, "--weather-log", "/dev/full", "--output", "/dev/null"],
                "trailcast: error: cannot write /dev/full: No space left on device"
            ),
            (
                ["replay", Self.walk, "--report", "/dev/full", "--output", "/dev/null"],
                "trailcast: error: cannot write /dev/full: No space left on device"
            ),
            (
                ["replay", Self.walk, "--nmea", "/dev/full", "--output", "/dev/null"],
                "trailcast: error: cannot write /dev/full: No space left on device"
            ),
            (
                ["fleet", Self.walk, "--virtual", "--devices", "2", "--duration", "1m", "--output", "/dev/full"],
                "trailcast: error: cannot write /dev/full: No space left on device"
            ),
        ] {
            let result = try await TrailcastBinary.run(arguments: arguments)
            #expect(result.status == 74, "\(arguments): \(result.stderr)")
            #expect(result.stderrLines.first == line, "\(arguments)")
        }
        // inspect and check print to standard output: a shell sends it to /dev/full.
        let report = try await TrailcastBinary.runTool(
            "sh",
            [
                "-c", "\"$0\" replay \(Self.walk) -f jsonl | \"$0\" report - --output /dev/full",
                TrailcastBinary.url.path,
            ])
        #expect(report.status == 74, "\(report.stderr)")
        #expect(report.stderrLines == ["trailcast: error: cannot write /dev/full: No space left on device"])
        // So do help, the version and the completion scripts: exit 74, not 0.
        for command in [
            "inspect \(Self.walk)", "check gpx/scenarios/denied-at-launch.yaml", "--help", "--version", "replay --help",
            // `-` names standard output in the message too, not "-".
            "check gpx/scenarios/denied-at-launch.yaml --output -", "inspect \(Self.walk) --output -",
            "--generate-completion-script bash", "help fleet",
        ] {
            let result = try await TrailcastBinary.runTool(
                "sh", ["-c", "exec \"$0\" \(command) > /dev/full", TrailcastBinary.url.path])
            #expect(result.status == 74, "\(command): \(result.stderr)")
            #expect(
                result.stderrLines.last == "trailcast: error: cannot write standard output: No space left on device",
                "\(command)")
        }
    }

    /// `trailcast replay walk.gpx | head -1`: once head has its line it exits, and every
    /// later write meets a closed pipe. Here the reader is gone before the first write, so
    /// every write meets it, every run; and SIGPIPE is at its default action, as a shell
    /// leaves it. One rule for every command (docs/command-line.md): it stops, says nothing,
    /// exits 0, and its files are whole with no temporary left (a death by SIGPIPE left the
    /// report's and weather log's temporaries behind and nothing written).
    @Test(
        "a reader that went away (`| head -1`) is no error: exit 0, nothing on standard error, files whole",
        arguments: [
            "inspect \(walk)", "inspect \(walk) --format jsonl", "check gpx/scenarios/denied-at-launch.yaml",
            "check gpx/scenarios/denied-at-launch.yaml --format junit --output -",
            "replay \(walk) --format jsonl --report SCRATCH/report.html --weather-log SCRATCH/weather.log",
            "replay \(walk) --output - --report SCRATCH/report.html",
            "replay \(walk) --format csv --output /dev/stdout",
            "export \(walk) --to csv", "export \(walk) --to geojson", "export \(walk) --to kml --output -",
            "export \(walk) --to tcx",
            "export \(walk) --to nmea", "export \(walk) --to xcode-gpx", "report SCRATCH/run.jsonl",
            "fleet \(walk) --virtual --devices 2 --duration 1m", "--help", "replay --help",
            "--generate-completion-script zsh",
        ])
    func readerGoneAway(command: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let command = command.replacingOccurrences(of: "SCRATCH", with: scratch.url.path)
        let timeline = try await TrailcastBinary.run(arguments: [
            "replay", Self.walk, "-f", "jsonl", "-o", scratch.url.appendingPathComponent("run.jsonl").path,
        ])
        try #require(timeline.status == 0)
        let errors = try scratch.emptyFile(named: "stderr")
        let output = Pipe()
        try output.fileHandleForReading.close()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap - PIPE; exec \"$0\" \(command)", TrailcastBinary.url.path]
        process.currentDirectoryURL = Repository.root
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        // Killed at `Patience.run`, the ceiling every run here has: a hang fails the test,
        // never the suite's time.
        let watchdog = LockedValue<Task<Void, any Error>?>(nil)
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
                let pid = process.processIdentifier
                watchdog.withLock {
                    $0 = Task {
                        try await Task.sleep(for: Patience.run)
                        kill(pid, SIGKILL)
                    }
                }
            } catch { continuation.resume(throwing: error) }
        }
        watchdog.withLock { $0?.cancel() }
        #expect(process.terminationReason == .exit, "\(command): killed by signal \(status)")
        #expect(status == 0, "\(command)")
        #expect(try String(contentsOf: errors, encoding: .utf8) == "", "\(command)")
        #expect(try Self.leftovers(scratch.url) == [], "\(command)")
        if command.contains("report.html") {
            let page = try String(contentsOf: scratch.url.appendingPathComponent("report.html"), encoding: .utf8)
            #expect(page.hasSuffix("</html>\n"), "\(command)")
        }
        if command.contains("weather.log") {
            let log = try String(contentsOf: scratch.url.appendingPathComponent("weather.log"), encoding: .utf8)
            #expect(log.isEmpty || log.hasSuffix("\n"), "\(command)")
        }
    }

    @Test("Ctrl-C or SIGTERM mid-export leaves the old file and no temporary file", arguments: [SIGINT, SIGTERM])
    func stoppedExport(signal: Int32) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // The route is a FIFO, so the export is stopped where the test says, not by a race:
        // the test writes half the route and holds it open; the export (which opens a timed
        // route once) writes the rows of that half and waits for the rest.
        let route = scratch.url.appendingPathComponent("long.gpx")
        try #require(mkfifo(route.path, 0o600) == 0)
        var points = ""
        for point in 0..<40_000 {
            let time = Date(timeIntervalSince1970: TimeInterval(1_781_366_400 + point)).ISO8601Format()
            points +=
                #"<trkpt lat="\#(37.79 + Double(point % 1000) * 1e-5)" lon="-122.39"><time>\#(time)</time></trkpt>"#
                + "\n"
        }
        let head = #"<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>"# + "\n"
        let half = Data((head + points).utf8.prefix((head + points).utf8.count / 2))
        let writer = FIFOWriter(path: route.path, bytes: half)
        defer { writer.finish() }
        let output = try scratch.file(named: "out.csv", text: "the old file\n")

        let process = try ReplayProcess(arguments: ["export", route.path, "--to", "csv", "--output", output.path])
        try await BrowserFeedTests.waitFor("the export to read half the route and write part of its output") {
            // Only once the half is all read: a write after the export is gone raises SIGPIPE.
            try writer.isWritten && Self.hasWrittenLeftover(scratch.url)
        }
        process.send(signal)
        let exit = try await process.waitForExit()
        #expect(exit.status == 128 + signal)
        #expect(try String(contentsOf: output, encoding: .utf8) == "the old file\n")
        #expect(try Self.leftovers(scratch.url) == [])
    }

    @Test(
        "a replay that fails before it starts leaves every output as it was, on virtual and real time",
        arguments: [
            [String](), ["--speed", "1"],
        ])
    func replayThatNeverStarts(pace: [String]) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let timeline = try scratch.file(named: "run.jsonl", contents: Data("the old run\n".utf8))
        let nmea = try scratch.file(named: "run.nmea", contents: Data("$GPGGA,old\n".utf8))
        let broken = try scratch.file(named: "broken.gpx", contents: Data("<gpx".utf8))
        for route in [scratch.url.appendingPathComponent("missing.gpx").path, broken.path] {
            let run = try await TrailcastBinary.run(
                arguments: ["replay", route, "-f", "jsonl", "-o", timeline.path, "--nmea", nmea.path] + pace)
            #expect(run.status == (route == broken.path ? 65 : 66), "\(run.stderr)")
            #expect(try String(contentsOf: timeline, encoding: .utf8) == "the old run\n")
            #expect(try String(contentsOf: nmea, encoding: .utf8) == "$GPGGA,old\n")
            #expect(try Self.leftovers(scratch.url).isEmpty)
        }
        // A route that breaks partway: its timeline, ending in why, replaces the old one.
        let text = try String(contentsOf: Repository.url(Self.walk), encoding: .utf8)
        let cut = try scratch.file(
            named: "cut.gpx", contents: Data((String(text.prefix(4000)) + "<trkpt lat=\"91\"").utf8))
        let partway = try await TrailcastBinary.run(arguments: ["replay", cut.path, "-f", "jsonl", "-o", timeline.path])
        #expect(partway.status == 65, "\(partway.stderr)")
        let lines = try String(contentsOf: timeline, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.contains(#""type":"start""#) == true)
        #expect(lines.last?.contains(#""reason":"error""#) == true, "\(lines.last ?? "")")
    }

    /// ExportCommand: an export is "beside its place until complete"; one that breaks
    /// partway (a route whose first points are good, then broken mid-point) was never a file:
    /// the old one stays, unlike replay's timeline, which ends saying why.
    @Test(
        "an export that fails partway leaves the old file as it was and no temporary file",
        arguments: ["csv", "geojson"])
    func exportThatFailsPartway(format: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let output = try scratch.file(named: "walk.\(format)", contents: Data("the old export\n".utf8))
        let text = try String(contentsOf: Repository.url(Self.walk), encoding: .utf8)
        let cut = try scratch.file(
            named: "cut.gpx", contents: Data((String(text.prefix(4000)) + "<trkpt lat=\"91\"").utf8))
        let export = try await TrailcastBinary.run(arguments: [
            "export", cut.path, "--to", format, "--output", output.path,
        ])
        #expect(export.status == 65, "\(export.stderr)")
        #expect(export.stderrLines.count == 1 && export.stderr.hasPrefix("\(cut.path):"), "\(export.stderr)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "the old export\n")
        #expect(try Self.leftovers(scratch.url).isEmpty)
    }

    @Test(
        "replay's report and the fleet's summary, written whole at the end: a run that fails first leaves the old file")
    func pagesWrittenAtTheEnd() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let report = try scratch.file(named: "run.html", contents: Data("the old page\n".utf8))
        // The weather log cannot be made: exit 73 before the run starts.
        let replay = try await TrailcastBinary.run(arguments: [
            "replay", Self.walk, "--report", report.path, "--weather-log", "/no-such-folder/weather.csv",
        ])
        #expect(replay.status == 73, "\(replay.stderr)")
        #expect(try String(contentsOf: report, encoding: .utf8) == "the old page\n")
        // Nothing listens: exit 69 once the backend is probed.
        let summary = try scratch.file(named: "totals.json", contents: Data("{}\n".utf8))
        let fleet = try await TrailcastBinary.run(arguments: [
            "fleet", Self.walk, "--devices", "1", "--osmand", "http://127.0.0.1:\(try closedLoopbackPort())",
            "--duration", "2s", "--summary", summary.path,
        ])
        #expect(fleet.status == 69, "\(fleet.stderr)")
        #expect(try String(contentsOf: summary, encoding: .utf8) == "{}\n")
        #expect(try Self.leftovers(scratch.url).isEmpty)
        // A run that finishes puts both in place.
        let finished = try await TrailcastBinary.run(arguments: [
            "replay", Self.walk, "--report", report.path, "-o", "/dev/null",
        ])
        #expect(finished.status == 0)
        #expect(try String(contentsOf: report, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        #expect(try Self.leftovers(scratch.url).isEmpty)
    }

    @Test("a virtual fleet writes beside the old file while it runs; Ctrl-C puts its whole lines in place")
    func virtualFleetStaged() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let output = try scratch.file(named: "fleet.txt", text: "the old messages\n")
        // Routes loop: 10,000 hours of 20 devices outlast the test, which stops it.
        let process = try ReplayProcess(arguments: [
            "fleet", Self.walk, "--devices", "20", "--virtual", "--duration", "10000h", "--output", output.path,
        ])
        try await BrowserFeedTests.waitFor("the fleet to write messages beside its output") {
            try Self.hasWrittenLeftover(scratch.url)
        }
        // Written in place, the path would be emptied at the start.
        #expect(try String(contentsOf: output, encoding: .utf8) == "the old messages\n")
        process.send(SIGINT)
        let exit = try await process.waitForExit()
        #expect(exit.status == 130)
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n")
        #expect(lines.count >= 100)
        #expect(lines.allSatisfy { $0.hasPrefix("owntracks/") && $0.hasSuffix("}") })
        #expect(try Self.leftovers(scratch.url) == [])
    }

    @Test("a finished export replaces the old file whole, with a new file's mode or the old file's")
    func replacedWhole() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let old = try scratch.file(named: "old.csv", text: "old\n")
        try #require(chmod(old.path, 0o640) == 0)
        let fresh = scratch.url.appendingPathComponent("new.csv")
        for output in [old, fresh] {
            let result = try await TrailcastBinary.run(arguments: [
                "export", Self.walk, "--to", "csv", "--output", output.path,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("time,"))
        }
        // Read through FileManager, not stat(2): an incremental build placed `struct stat`
        // in CDispatch's module for this file and refused it (MemberImportVisibility).
        func permissions(_ url: URL) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
        }
        #expect(try permissions(old) == 0o640, "the replaced file keeps its mode")
        let mask = Int(umask(0o022))
        umask(mode_t(mask))
        #expect(try permissions(fresh) == 0o666 & ~mask, "a new file gets 0666 less the umask")
        #expect(try Self.leftovers(scratch.url).isEmpty)
    }
}

/// Writes `bytes` into a FIFO on a thread of its own (opening one blocks until its reader
/// opens it) and holds it open until ``finish()``: its reader waits for more.
final class FIFOWriter: Sendable {
    private let handle = LockedValue<FileHandle?>(nil)
    private let written = LockedValue(false)

    init(path: String, bytes: Data) {
        let thread = Thread { [handle, written] in
            guard let opened = FileHandle(forWritingAtPath: path) else { return }
            handle.withLock { $0 = opened }
            try? opened.write(contentsOf: bytes)
            written.withLock { $0 = true }
        }
        thread.start()
    }

    /// Whether every byte went into the FIFO (its reader took them all but the last 64 KiB).
    var isWritten: Bool { written.withLock { $0 } }

    /// Closes the FIFO (closing never raises SIGPIPE, only writing does).
    func finish() {
        try? handle.withLock { $0 }?.close()
    }
}
