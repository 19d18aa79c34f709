// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import TrailcastReport
import Testing
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice
import TrailcastSettings
import TrailcastTimeline

/// Region monitoring on the report: circles by what became of each region, enter and exit
/// markers where the crossing was settled, and a monitoring band.
@Suite("Run report: regions")
struct RegionReportTests {
    static func circle(_ identifier: String, step: Double, radius: Double = 120) -> CircularRegion {
        CircularRegion(identifier: identifier, center: CraftedRun.point(step), radiusMeters: radius)
    }

    static let shop = circle("shop", step: 2), bakery = circle("bakery", step: 6),
        gym = circle("gym", step: 9, radius: 80)

    static var records: [TimelineRecord] {
        let events: [TimelineEvent] = [
            CraftedRun.event(
                0, .start(ReplayStart(file: "walk.gpx", source: .track, points: 40, settings: ReplayConfiguration()))),
            CraftedRun.event(0, .region(RegionEvent(region: shop, change: .started))),
            CraftedRun.event(0, .region(RegionEvent(region: bakery, change: .started))),
            CraftedRun.event(0, .region(RegionEvent(region: gym, change: .started))),
            CraftedRun.fix(0, 0, index: 0),
            CraftedRun.fix(20, 2, index: 2),
            CraftedRun.event(40, .region(RegionEvent(region: shop, change: .enter, position: CraftedRun.point(2)))),
            CraftedRun.fix(60, 4, index: 4),
            CraftedRun.event(80, .region(RegionEvent(region: shop, change: .exit, position: CraftedRun.point(4)))),
            CraftedRun.fix(100, 6, index: 6),
            CraftedRun.event(120, .region(RegionEvent(region: bakery, change: .enter, position: CraftedRun.point(6)))),
            CraftedRun.event(150, .region(RegionEvent(region: shop, change: .stopped))),
            CraftedRun.event(150, .region(RegionEvent(region: bakery, change: .stopped))),
            CraftedRun.event(150, .region(RegionEvent(region: gym, change: .stopped))),
            CraftedRun.event(
                200, .end(ReplaySummary(locations: 4, distanceMeters: 800, simulatedSeconds: 200, wallSeconds: 0.01))),
        ]
        return events.map(TimelineRecord.init)
    }

    @Test(
        "one circle per region: entered and left grey, still inside green, never entered dashed; markers at the crossings"
    )
    func circlesAndMarkers() throws {
        let page = RunReportPageTests.page(Self.records)
        let map = try #require(try RunReportPageTests.svgs(in: page).first)
        #expect(
            try RunReportPageTests.values("//*[local-name()='circle'][contains(@class,'region ')]/@class", in: map)
                == ["region region-exited", "region region-entered", "region region-never"])
        #expect(
            try RunReportPageTests.values(
                "//*[local-name()='circle'][contains(@class,'region-never')]/@stroke-dasharray", in: map) == ["5 4"])
        #expect(try RunReportPageTests.count("//*[local-name()='g'][contains(@class,'m-regionEnter')]", in: map) == 2)
        #expect(try RunReportPageTests.count("//*[local-name()='g'][contains(@class,'m-regionExit')]", in: map) == 1)
        #expect(page.contains("region never entered") && page.contains("region entered and left"))
    }

    @Test("a circle's tooltip counts entries and exits apart: entered twice, left once")
    func tooltipCounts() throws {
        // The shop entered, left and entered again; the bakery entered once; the gym never.
        var records = Self.records
        let again = CraftedRun.event(
            110, .region(RegionEvent(region: Self.shop, change: .enter, position: CraftedRun.point(6))))
        records.insert(TimelineRecord(again), at: records.firstIndex { $0.offsetSeconds > 110 }!)
        let map = try #require(try RunReportPageTests.svgs(in: RunReportPageTests.page(records)).first)
        #expect(
            try RunReportPageTests.values(
                "//*[local-name()='circle'][contains(@class,'region ')]/*[local-name()='title']", in: map) == [
                    "region shop (120 m): entered 2x, left 1x", "region bakery (120 m): entered 1x, left 0x",
                    "region gym (80 m): never entered",
                ])
    }

    @Test("the monitoring band: on from the first region started until the last is stopped")
    func monitoringBand() throws {
        var report = RunReport()
        for record in Self.records { report.add(record) }
        report.finish()
        let band = try #require(report.monitoringBand)
        #expect(band.runs.map(\.state) == ["on", "off"])
        #expect(report.allBands.map(\.title).last == "monitoring")
        let chart = try #require(try RunReportPageTests.svgs(in: RunReportPage.render(report)).last)
        #expect(
            try RunReportPageTests.count("//*[local-name()='g'][contains(@class,'band-monitoring')]", in: chart) == 1)
    }

    @Test("a run without regions has no monitoring band and no circles")
    func noRegions() throws {
        var report = RunReport()
        for record in CraftedRun.records { report.add(record) }
        report.finish()
        #expect(report.monitoringBand == nil && report.regions.isEmpty)
    }
}
