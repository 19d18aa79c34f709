// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `replay --nmea tcp://...` feeding a real gpsd: the test that proves the feed is real.
/// gpsd (Debian's, installed by .ci/run) connects to the feed as a client and gpspipe reads
/// its reports; they must match the device fixes of the run's own timeline.
@Suite("trailcast replay --nmea tcp:// into gpsd")
struct NMEAFeedGPSDTests {
    /// The walk at 600x, a fix every 10 simulated seconds, through the urban canyon (whose
    /// dropouts come a few times an hour), looping until the test has seen enough: a busy
    /// test runner may start gpsd late, and still sees a run in progress.
    static let arguments = [
        "replay", "gpx/sf-waterfront-walk.gpx", "--speed", "600", "--interval", "10", "--gps", "urban-canyon",
        "--seed", "3", "--loop", "0", "--authorization", "always", "--weather", "none",
        "--format", "jsonl", "--nmea", "tcp://127.0.0.1:0",
    ]

    /// Seconds since the start of the month of an ISO time ("2026-06-13T16:40:10.000Z").
    static func seconds(_ iso: String) -> Double {
        let halves = iso.split(separator: "T")
        let day = Double(halves[0].split(separator: "-")[2])!
        let parts = halves[1].dropLast().split(separator: ":")
        return day * 86_400 + Double(parts[0])! * 3600 + Double(parts[1])! * 60 + Double(parts[2])!
    }

    @Test("gpsd reports the device's fixes (mode 3), and no fix (mode 1) while the signal is lost")
    func gpsdReadsTheFeed() async throws {
        let replay = try ReplayProcess(arguments: Self.arguments)
        let port = try await replay.nmeaPort()
        // Held until the test ends: gpsd binds it beside this socket (see HeldLocalPort).
        let heldPort = try HeldLocalPort()
        let gpsdPort = heldPort.port
        let gpsd = try ToolProcess("gpsd", ["-N", "-n", "-S", String(gpsdPort), "tcp://127.0.0.1:\(port)"])
        defer { gpsd.stop() }
        var pipe: ToolProcess?
        defer { pipe?.stop() }
        // gpsd takes a moment to listen; gpspipe exits at once if it is not there yet.
        // The replay loops until stopped, so a late gpsd still sees a run in progress.
        try await replay.wait(
            for: "gpspipe connected to gpsd",
            until: {
                if pipe == nil || pipe?.isRunning == false {
                    pipe = try? ToolProcess("gpspipe", ["-w", "127.0.0.1:\(gpsdPort)"])
                }
                return pipe?.output.contains(#""class":"TPV""#) == true
            })
        // Enough fixes, and a dropout's no-fix reports, then Ctrl-C.
        try await replay.wait(
            for: "gpsd's reports of fixes and of a dropout",
            until: {
                let output = pipe!.output
                return output.components(separatedBy: #""mode":3"#).count > 320 && output.contains(#""mode":1"#)
            })
        replay.send(SIGINT)
        let (status, _) = try await replay.waitForExit()
        #expect(status == 130)
        pipe!.stop()
        withExtendedLifetime(heldPort) {}

        let timeline = try ReplayTimeline(text: replay.stdout)
        var fixes: [Double: OrderedJSON] = [:]
        for location in timeline.locations { fixes[Self.seconds(location["t"]!.stringValue!)] = location }
        // gpsd's JSON, read with Foundation's parser.
        let reports = pipe!.output.split(whereSeparator: \.isNewline)
            .filter { $0.contains(#""class":"TPV""#) }
            .compactMap { line in
                // gpsd ends its lines with CR LF.
                try? JSONSerialization.jsonObject(with: Data(line.trimmingCharacters(in: .whitespacesAndNewlines).utf8))
                    as? [String: Any]
            }
        #expect(reports.count > 100)
        // gpsd may report an epoch more than once as its sentences arrive (a GGA alone, then
        // with the RMC's speed and course): its last report of each time is the whole fix.
        var lastReport: [Double: [String: Any]] = [:]
        for report in reports {
            guard let time = (report["time"] as? String).map(Self.seconds) else { continue }
            lastReport[time] = report
        }
        var matched = 0
        for (time, report) in lastReport.sorted(by: { $0.key < $1.key }) {
            func number(_ key: String) -> Double { (report[key] as? NSNumber)?.doubleValue ?? .nan }
            switch (report["mode"] as? NSNumber)?.intValue {
            case 3:
                let fix = try #require(fixes[time], "gpsd reported a fix at \(time) the device never made")
                // ddmm.mmmm: 1.7e-6 degrees; knots to 0.01 (0.005 m/s); course to 0.1 degree.
                #expect(abs(number("lat") - fix["lat"]!.doubleValue!) < 2e-6)
                #expect(abs(number("lon") - fix["lon"]!.doubleValue!) < 2e-6)
                #expect(abs(number("alt") - fix["altitude"]!.doubleValue!) < 0.06)
                #expect(abs(number("speed") - fix["speed"]!.doubleValue!) < 0.011, "\(report)")
                if let course = fix["course"]?.doubleValue, course >= 0 {
                    #expect(abs(number("track") - course) < 0.11, "\(report)")
                }
                matched += 1
            case 1:
                #expect(fixes[time] == nil, "gpsd saw no fix at \(time), where the device had one")
            default:
                Issue.record("unexpected TPV mode: \(report)")
            }
        }
        #expect(matched > 100, "gpsd reported \(matched) fixes")
        #expect(reports.contains { ($0["mode"] as? NSNumber)?.intValue == 1 }, "a dropout: no fix")
    }
}
