// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
@testable import TrailcastReport
import Testing
import TrailcastTimeline

/// A report of any length stays small: what is drawn is thinned or bucketed, what is
/// counted stays exact.
@Suite("Report bounds")
struct ReportBoundsTests {
    /// A location record without the JSON round trip (fast enough for 200,000).
    static func location(_ offset: Double, index: Int) -> TimelineRecord {
        let angle = offset / 3000
        return TimelineRecord(
            type: "location", offsetSeconds: offset,
            fields: [
                "type": .string("location"), "offset": .number(offset),
                "lat": .number(37.8 + 0.02 * sin(angle) + 0.00001 * Double(index % 7)),
                "lon": .number(-122.4 + 0.00002 * offset),
                "horizontalAccuracy": .number(5), "index": .number(Double(index)), "truth": .null,
            ], line: "")
    }

    static func weather(_ offset: Double) -> TimelineRecord {
        TimelineRecord(
            type: "weather", offsetSeconds: offset,
            fields: [
                "type": .string("weather"), "offset": .number(offset), "cell": .string("37.80,-122.40"),
                "temperatureCelsius": .number(15 + 5 * sin(offset / 10_000)), "apparentTemperatureCelsius": .number(14),
                "precipitationMm": .number(offset.truncatingRemainder(dividingBy: 7200) < 600 ? 1.2 : 0),
                "weatherCode": .number(61),
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

    @Test("weather cells: the first 2,000 kept and drawn, the rest only said to exist")
    func cellsAreBounded() {
        var report = RunReport()
        report.add(Self.location(0, index: 0))
        for index in 0..<5_000 {
            var record = Self.weather(Double(index))
            record.fields["cell"] = .string("\(index / 100).00,\(index % 100).00")
            report.add(record)
        }
        report.finish()
        #expect(report.cellOrder.count == 2_000 && report.cells.count == 2_000)
        #expect(report.moreCells)
        #expect(RunReportPage.render(report).contains("weather cell looked up (the first 2,000 drawn, more looked up)"))
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

    @Test("a break keeps both of its ends: where the line stopped and where it starts again")
    func thinnerKeepsBothEndsOfABreak() {
        var thinner = PathThinner<Int>(capacity: 100)
        // A straight line: every interior point is worth nothing but the break's two ends.
        for index in 0..<10_000 {
            thinner.add(.init(x: Double(index), y: 0, kind: 0, breaksBefore: index == 5003))
        }
        thinner.thin(to: 100)
        #expect(
            thinner.points.map(\.x) == [0, 5002, 5003, 9999], "the line's end before the break, and its start after")
    }

    @Test("a long wandering line keeps its shape all along: late excursions as well as early ones")
    func thinningIsFairOverTime() {
        // 150,000 points of a jittery walk: east for a while, then far north and back along
        // the same street, east again, then far south and back late in the run; the tip of
        // each out-and-back must still be drawn.
        var thinner = PathThinner<Int>(capacity: 1000)
        var x = 0.0, y = 0.0
        var lowest = 0.0, highest = 0.0
        for index in 0..<150_000 {
            let phase = index / 25_000
            let jitter = Double((index &* 2_654_435_761) % 1000) / 1000 - 0.5
            switch phase {
            case 0, 1: x += 1
            case 2: y += index % 25_000 < 12_500 ? 2 : -2
            case 3: x += 1
            default: y += index % 25_000 < 12_500 ? -3 : 3
            }
            lowest = min(lowest, y); highest = max(highest, y)
            thinner.add(.init(x: x * 1e-7, y: (y + jitter) * 1e-7, kind: 0, breaksBefore: false))
        }
        thinner.thin(to: 1000)
        let drawnLow = thinner.points.map(\.y).min()! / 1e-7, drawnHigh = thinner.points.map(\.y).max()! / 1e-7
        #expect(abs(drawnHigh - highest) < highest * 0.02, "north excursion: \(drawnHigh) of \(highest)")
        #expect(abs(drawnLow - lowest) < -lowest * 0.02, "late south excursion: \(drawnLow) of \(lowest)")
        #expect(thinner.points.count <= 1000)
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

    @Test("hours merged into one bucket show the wettest hour, not their sum")
    func mergedRainIsTheWettestHour() {
        var limits = RunReport.Limits()
        limits.chartBuckets = 4
        var report = RunReport(limits: limits)
        // Eight hourly observations; four buckets of 8,192 s hold 3, 2, 2 and 1 of them.
        let rain = [0.5, 1.2, 0.3, 0, 2.0, 0.1, 0, 0]
        for (hour, millimetres) in rain.enumerated() {
            var record = Self.weather(Double(hour) * 3600)
            record.fields["precipitationMm"] = .number(millimetres)
            report.add(record)
        }
        report.finish()
        #expect(report.weather.width == 8192)
        #expect(report.weather.buckets.map { $0?.precipitationMm } == [1.2, 2.0, 0.1, 0])
        #expect(report.weather.buckets.map { $0?.observations } == [3, 2, 2, 1])
    }

    @Test("a bucket split evenly between two states shows the one that came first")
    func evenBucketGoesToTheFirstState() {
        var band = StateBand(title: "signal", capacity: 10)
        // Each second half ok, half lost: every bucket is a tie.
        for second in 0..<4 {
            band.set("ok", at: Double(second))
            band.set("lost", at: Double(second) + 0.5)
        }
        band.finish(at: 4)
        #expect(band.durations.buckets.compactMap { $0?.seconds } == Array(repeating: [0.5, 0.5], count: 4))
        #expect(band.runs.map(\.state) == ["ok"])
        #expect(band.runs.first?.end == 4)
    }

    @Test("a band names 24 states; the 25th and later are one `other`")
    func bandStateLimit() {
        var band = StateBand(title: "app", capacity: 50)
        for number in 0..<30 { band.set("state\(number)", at: Double(number)) }
        band.set("state3", at: 30)
        band.finish(at: 31)
        #expect(band.states == (0..<24).map { "state\($0)" } + ["other"])
        #expect(band.changes == 25, "24 to 29 are all `other`: no change among them")
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
