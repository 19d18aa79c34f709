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
    /// The walk at 600x, a fix every 10 simulated seconds (under 9 s of wall time), with a
    /// tunnel from 40m to 42m.
    static let arguments = [
        "replay", "gpx/sf-waterfront-walk.gpx", "--speed", "600", "--interval", "10", "--gps", "open-sky", "--seed", "3",
        "--authorization", "always", "--weather", "none", "--event", "40m:signal=lost", "--event", "42m:signal=restored",
        "--format", "jsonl", "--nmea", "tcp://127.0.0.1:0",
    ]

    static func seconds(_ iso: String) -> Double {
        let time = iso.split(separator: "T")[1].dropLast()  // "16:40:10.000"
        let parts = time.split(separator: ":")
        return Double(parts[0])! * 3600 + Double(parts[1])! * 60 + Double(parts[2])!
    }

    @Test("gpsd reports the device's fixes (mode 3) and no fix (mode 1) while the signal is lost")
    func gpsdReadsTheFeed() async throws {
        let replay = try ReplayProcess(arguments: Self.arguments)
        var port: Int?
        try await replay.wait(for: "the feed's port on stderr", until: {
            port = replay.stderr.split(separator: "\n")
                .first { $0.hasPrefix("trailcast: serving NMEA on tcp://127.0.0.1:") }
                .flatMap { Int($0.split(separator: ":").last ?? "") }
            return port != nil
        })
        let gpsdPort = try ToolProcess.freeLocalPort()
        let gpsd = try ToolProcess("gpsd", ["-N", "-n", "-S", String(gpsdPort), "tcp://127.0.0.1:\(port!)"])
        defer { gpsd.stop() }
        var pipe: ToolProcess?
        defer { pipe?.stop() }
        // gpsd takes a moment to listen; gpspipe exits at once if it is not there yet.
        try await replay.wait(for: "gpspipe connected to gpsd", until: {
            if pipe == nil || pipe?.isRunning == false { pipe = try? ToolProcess("gpspipe", ["-w", "127.0.0.1:\(gpsdPort)"]) }
            return pipe?.output.contains(#""class":"TPV""#) == true
        })
        let (status, _) = try await replay.waitForExit()
        #expect(status == 0)
        // The last epochs reach gpsd a moment after the run ends.
        let lastSecond = Self.seconds("2026-06-13T17:26:06.000Z")
        try await replay.wait(for: "gpsd's report of the last fix", until: {
            pipe!.output.split(whereSeparator: \.isNewline).contains { $0.contains(#""time":"2026-06-13T17:26:0"#) }
        })
        pipe!.stop()

        let timeline = try ReplayTimeline(text: replay.stdout)
        var fixes: [Double: OrderedJSON] = [:]
        for location in timeline.locations { fixes[Self.seconds(location["t"]!.stringValue!)] = location }
        // gpsd's JSON, read with Foundation's parser.
        let reports = pipe!.output.split(whereSeparator: \.isNewline)
            .filter { $0.contains(#""class":"TPV""#) }
            .compactMap { line in
                // gpsd ends its lines with CR LF.
                try? JSONSerialization.jsonObject(with: Data(line.trimmingCharacters(in: .whitespacesAndNewlines).utf8)) as? [String: Any]
            }
        #expect(reports.count > 100)
        let tunnel = Self.seconds("2026-06-13T16:40:00.000Z")...Self.seconds("2026-06-13T16:42:00.000Z")
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
                #expect(!(tunnel.lowerBound < time && time < tunnel.upperBound), "a fix inside the tunnel at \(time)")
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
                #expect(tunnel.contains(time), "no fix reported outside the tunnel, at \(time)")
            default:
                Issue.record("unexpected TPV mode: \(report)")
            }
        }
        #expect(matched > 100, "gpsd reported \(matched) fixes")
        #expect(reports.contains { ($0["mode"] as? NSNumber)?.intValue == 1 }, "the tunnel: no fix")
        #expect(fixes.keys.contains(lastSecond))
    }
}
