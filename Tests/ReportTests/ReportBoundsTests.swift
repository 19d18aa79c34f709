import Foundation
@testable import Report
import TimelineExpectations
import Testing

/// A report of any length stays small: what is drawn is thinned or bucketed, what is
/// counted stays exact.
@Suite("Report bounds")
struct ReportBoundsTests {
    /// A location record without the JSON round trip (fast enough for 200,000).
    static func location(_ offset: Double, index: Int) -> TimelineRecord {
        let angle = offset / 3000
        return TimelineRecord(type: "location", offsetSeconds: offset, fields: [
            "type": .string("location"), "offset": .number(offset),
            "lat": .number(37.8 + 0.02 * sin(angle) + 0.00001 * Double(index % 7)), "lon": .number(-122.4 + 0.00002 * offset),
            "horizontalAccuracy": .number(5), "index": .number(Double(index)), "truth": .null,
        ], line: "")
    }

    static func weather(_ offset: Double) -> TimelineRecord {
        TimelineRecord(type: "weather", offsetSeconds: offset, fields: [
            "type": .string("weather"), "offset": .number(offset), "cell": .string("37.80,-122.40"),
            "temperatureCelsius": .number(15 + 5 * sin(offset / 10_000)), "apparentTemperatureCelsius": .number(14),
            "precipitationMm": .number(offset.truncatingRemainder(dividingBy: 7200) < 600 ? 1.2 : 0), "weatherCode": .number(61),
            "condition": .string("slight rain"),
        ], line: "")
    }

    @Test("200,000 fixes with weather on every one: a page under 1 MB, the path thinned, the counts exact")
    func bigRun() {
        var report = RunReport()
        for index in 0..<200_000 {
            report.add(Self.location(Double(index), index: index))
            report.add(Self.weather(Double(index)))
        }
        report.finish()
        let limits = RunReport.Limits()
        #expect(report.route.received == 200_000)
        #expect(report.route.points.count <= limits.pathPoints)
        #expect(report.route.points.first?.x == WebMercator.x(longitude: -122.4), "the first point stays")
        #expect(report.weather.buckets.count <= limits.chartBuckets)
        #expect(report.counts["location"] == 200_000)
        #expect(report.rows.count == limits.tableRows && report.rowsSeen == 200_000)
        let html = RunReportPage.render(report)
        #expect(html.utf8.count < 1_000_000, "\(html.utf8.count) bytes")
        #expect(html.contains("<tr><td>location</td><td class=\"num\">200,000</td></tr>"))
        #expect(html.contains("The first 1,000 of 200,000 events other than locations"))
    }

    @Test("thinning keeps the ends and every change of kind while they are few, and at most the capacity")
    func thinner() {
        var thinner = PathThinner<Int>(capacity: 100)
        for index in 0..<10_000 {
            // A zigzag, with the kind changing every 1,000 points.
            let y = index % 2 == 0 ? 0.0 : 1e-9 * Double(index % 13)
            thinner.add(.init(x: Double(index), y: y, kind: index / 1000, breaksBefore: index == 5000))
        }
        thinner.thin(to: 100)
        let points = thinner.points
        #expect(points.count <= 100)
        #expect(points.first?.x == 0 && points.last?.x == 9999)
        for kind in 1..<10 {
            #expect(points.contains { $0.x == Double(kind * 1000) }, "the first point of kind \(kind)")
        }
        #expect(points.contains { $0.x == 5000 && $0.breaksBefore }, "a break is never dropped")
    }

    @Test("buckets widen by merging neighbours: extremes and their times survive")
    func buckets() {
        var buckets = TimeBuckets<WeatherBucket>(capacity: 10)
        for offset in stride(from: 0.0, to: 1000, by: 1) {
            buckets.update(at: offset) { bucket in
                if bucket == nil { bucket = WeatherBucket() }
                bucket!.temperature.add(offset == 333 ? 40 : offset == 777 ? -5 : 10, at: offset)
            }
        }
        #expect(buckets.buckets.count <= 10)
        #expect(buckets.width == 128)
        let all = buckets.buckets.compactMap { $0?.temperature }
        #expect(all.map(\.high).max() == 40)
        #expect(all.first { $0.high == 40 }?.highOffset == 333)
        #expect(all.first { $0.low == -5 }?.lowOffset == 777)
    }

    @Test("a band flipping a million times stays within its buckets, the longest state winning each")
    func bandFlipping() {
        var band = StateBand(title: "delivery", capacity: 50)
        for second in 0..<1_000_000 {
            band.set(second % 10 == 0 ? "delivered" : "distanceFilter", at: Double(second))
        }
        band.finish(at: 1_000_000)
        #expect(band.durations.buckets.count <= 50)
        #expect(band.runs.count == 1)
        #expect(band.runs.first?.state == "distanceFilter")
        #expect(band.changes == 199_999)
    }
}

/// Timelines written by hand (or by a fuzzer) draw without trapping.
@Suite("Report of odd timelines")
struct OddTimelineTests {
    @Test("huge, negative and missing numbers, unknown types and reasons: a page, no trap")
    func oddValues() throws {
        let lines = [
            #"{"t":"x","offset":0,"type":"start","file":"a","source":"track","points":1e300,"settings":{"weatherCell":-5}}"#,
            #"{"t":"x","offset":-7,"type":"location","lat":91,"lon":0,"index":1e300}"#,
            #"{"t":"x","offset":1e300,"type":"location","lat":10,"lon":10,"index":-1e300,"horizontalAccuracy":1e308}"#,
            #"{"t":"x","offset":5,"type":"missed","reason":"aliens","fixes":3,"since":-1,"until":1e300,"path":[[1,2],[3],"x",[[4,5]],[6,7,8],[9,10]]}"#,
            #"{"t":"x","offset":6,"type":"weather","cell":"nonsense","temperatureCelsius":1e308,"weatherCode":1e300}"#,
            #"{"t":"x","offset":7,"type":"somethingNew","x":1}"#,
            #"{"t":"x","offset":8,"type":"end","locations":2}"#,
        ]
        var report = RunReport()
        for line in lines { report.add(try #require(TimelineRecord(line: line))) }
        report.finish()
        let html = RunReportPage.render(report)
        #expect(html.hasSuffix("</html>\n"))
        #expect(html.contains("<tr><td>somethingNew</td><td class=\"num\">1</td></tr>"))
        #expect(html.contains("missed (other)"), "an unknown reason is drawn and named as such")
    }
}
