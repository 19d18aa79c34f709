import Foundation
import Testing

/// Routes in other formats, written by a real peer (GPSBabel) from the bundled GPX files and
/// a generated track, replay to the GPX's own timeline and inspect to its summary.
///
/// Each format keeps what it can: KML's `gx:Track` times to the millisecond and positions
/// to the digits asked (`prec=7`); TCX the same. Where GPSBabel adds what the GPX lacked
/// (TCX's `<Speed>`, computed from the positions), the device uses it, so speed and course
/// are compared only where the GPX has them too.
@Suite("route formats: GPSBabel's KML and TCX replay as their GPX does")
struct RouteFormatsRoundTripTests {
    struct Conversion: CustomTestStringConvertible, Sendable {
        var format: String
        /// GPSBabel's output format and options.
        var babelFormat: String
        /// How far a position may move: the format's own precision.
        var degrees: Double
        /// How far a time may move, in seconds.
        var seconds: Double
        /// Whether GPSBabel writes speeds the GPX does not have.
        var addsSpeed: Bool
        var testDescription: String { format }
    }

    static let conversions = [
        Conversion(format: "kml", babelFormat: "kml,points=0,lines=0,track=1,prec=7", degrees: 1.01e-7, seconds: 0.001, addsSpeed: false),
        Conversion(format: "tcx", babelFormat: "gtrnctr,course=0", degrees: 1.01e-7, seconds: 0.001, addsSpeed: true),
    ]

    static let samples = ["gpx/sf-waterfront-walk.gpx", "gpx/zurich-lake-ride.gpx"]

    @Test("the same locations, times and summary as the GPX", arguments: conversions, samples)
    func sameTimelineAsGPX(conversion: Conversion, sample: String) async throws {
        try Peer.require("gpsbabel")
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let converted = scratch.url.appendingPathComponent("route.\(conversion.format)").path
        let babel = try await TrailcastBinary.runTool(
            "gpsbabel", ["-t", "-i", "gpx", "-f", Repository.url(sample).path, "-o", conversion.babelFormat, "-F", converted])
        try #require(babel.status == 0, "gpsbabel: \(babel.stderr)")

        let device = ["--authorization", "always", "--weather", "none", "--gps", "suburban", "--seed", "7", "--interval", "2"]
        let expected = try await ReplayTimeline.run(sample, device)
        let actual = try await ReplayTimeline.run(converted, device)
        #expect(actual.result.status == 0, "\(actual.result.stderr)")
        #expect(actual.result.stderr == "")
        #expect(actual.events.map { $0["type"]?.stringValue } == expected.events.map { $0["type"]?.stringValue })
        for (fix, original) in zip(actual.locations, expected.locations) {
            #expect(abs(fix["lat"]!.doubleValue! - original["lat"]!.doubleValue!) <= conversion.degrees)
            #expect(abs(fix["lon"]!.doubleValue! - original["lon"]!.doubleValue!) <= conversion.degrees)
            #expect(abs(Self.seconds(fix["t"]!.stringValue!) - Self.seconds(original["t"]!.stringValue!)) <= conversion.seconds)
            #expect(abs((fix["altitude"]?.doubleValue ?? 0) - (original["altitude"]?.doubleValue ?? 0)) <= 0.011)
            if !conversion.addsSpeed {
                // Speeds come from positions 1e-7 degrees apart at most, a centimetre a second,
                // and the timeline rounds them to 0.01 m/s: two steps of rounding at most.
                #expect(abs((fix["speed"]?.doubleValue ?? -1) - (original["speed"]?.doubleValue ?? -1)) <= 0.021)
            }
        }

        let summary = try await Self.summary(converted)
        let gpxSummary = try await Self.summary(Repository.url(sample).path)
        for key in ["trackPoints", "startTime", "endTime", "durationSeconds", "minElevationMeters", "maxElevationMeters",
                    "elevationGainMeters", "elevationLossMeters"] {
            #expect(summary[key] as? NSObject == gpxSummary[key] as? NSObject, "\(key)")
        }
        let length = try #require(summary["length2DMeters"] as? Double)
        let gpxLength = try #require(gpxSummary["length2DMeters"] as? Double)
        #expect(abs(length - gpxLength) < 0.01 * Double(summary["trackPoints"] as? Int ?? 1) / 1000 + 0.01)
        #expect(summary["format"] as? String == conversion.format)
    }

    static func summary(_ path: String) async throws -> [String: Any] {
        let result = try await TrailcastBinary.run(arguments: ["inspect", "--format", "json", path])
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static func seconds(_ iso: String) -> Double {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: iso)!.timeIntervalSince1970
    }
}
