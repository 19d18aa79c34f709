// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastDevice
import TrailcastScenario
import Testing
import TrailcastWeather
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastTimeline
import TrailcastApps

/// The schema that scenario files are checked against must be the timeline's own keys.
@Suite("Timeline schema")
struct TimelineSchemaTests {
    static let time = Timestamp(secondsSince1970: 1_781_366_400)
    static let conditions = WeatherConditions(
        temperatureCelsius: 14.2, apparentTemperatureCelsius: 12.9, relativeHumidity: 71, precipitationMm: 0,
        cloudCover: 40, weatherCode: .partlyCloudy, windSpeedMps: 3.1, windDirectionDegrees: 240, isDay: true)
    static let cell = WeatherCell(latitude: 37.8, longitude: -122.4, sizeDegrees: 0.01)

    static let pharmacy = CircularRegion(
        identifier: "pharmacy", center: Coordinate(latitude: 37.8, longitude: -122.4), radiusMeters: 100)
    static let oneOfEachKind: [TimelineEvent.Kind] = [
        .start(ReplayStart(file: "walk.gpx", source: .track, points: 3, settings: ReplayConfiguration())),
        .authorization(
            AuthorizationChange(
                from: .notDetermined, to: .denied, accuracy: .full, servicesEnabled: true, cause: .prompt)),
        .prompt(request: .whenInUse, answer: .deny),
        .location(LocationFix(time: time, latitude: 37.8, longitude: -122.4, sourceIndex: 0)),
        .location(
            LocationFix(
                time: time, latitude: 37.8, longitude: -122.4, altitudeMeters: 12, sourceIndex: 1,
                truth: Coordinate(latitude: 37.80001, longitude: -122.40002))),
        .missed(
            MissedFixes(
                reason: .distanceFilter, fixes: 2, sinceOffset: 1, untilOffset: 2,
                path: [
                    Coordinate(latitude: 37.8, longitude: -122.4), Coordinate(latitude: 37.8001, longitude: -122.4001),
                ])),
        .locationError(.denied),
        .region(RegionEvent(region: pharmacy, change: .enter, position: Coordinate(latitude: 37.8, longitude: -122.4))),
        .region(RegionEvent(region: pharmacy, change: .started)),
        .regionError(RegionFailure(identifier: "gym", reason: .limit)),
        .visit(Visit(arrival: time, departure: nil, latitude: 37.8, longitude: -122.4, horizontalAccuracyMeters: 50)),
        .visit(
            Visit(
                arrival: time, departure: time.adding(seconds: 600), latitude: 37.8, longitude: -122.4,
                horizontalAccuracyMeters: 50)),
        .pause(UpdatesPaused(manager: 0)),
        .resume(UpdatesResumed(manager: 0)),
        .indicator(.shown),
        .alert(message: WeatherAppModel.accessOffAlert),
        .tap(.requestPermission),
        .places(
            PlacesList(
                order: .distance,
                nearest: [
                    PlacesList.Entry(name: "Clinic", latitude: 37.8, longitude: -122.4, distanceMeters: 120.5)
                ], total: 37)),
        .app(.background),
        .launch(.region),
        .signal(SignalChange(state: .lost, cause: .event, time: time)),
        .control(ControlChange(action: .pause, paused: true, speed: 60)),
        .call(ManagerCall(method: .requestLocation, manager: 0)),
        .plistError(
            InfoPlistError(
                method: .requestAlwaysAuthorization, manager: 0,
                missing: [.alwaysAndWhenInUseUsageDescription, .whenInUseUsageDescription])),
        .plistError(
            InfoPlistError(method: .allowsBackgroundLocationUpdates, manager: 1, missing: [.locationBackgroundMode])),
        .weather(
            WeatherObservation(
                latitude: 37.8, longitude: -122.4, cell: cell, source: .model, conditions: conditions, attempts: 1)),
        .weatherError(WeatherFailure(cell: cell, message: "HTTP 500", attempts: 3, httpStatus: 500, willRetry: true)),
        .end(ReplaySummary()),
    ]

    @Test(arguments: oneOfEachKind)
    func theSchemaListsEveryKeyOfTheJSONLine(kind: TimelineEvent.Kind) throws {
        let record = TimelineRecord(TimelineEvent(time: Self.time, offsetSeconds: 0, kind: kind))
        let keys = try #require(TimelineSchema.keys[record.type])
        #expect(Set(record.fields.keys) == Set(TimelineSchema.commonKeys + keys))
    }

    /// Both formats write from one definition per kind: a CSV row fills exactly the columns
    /// of the JSON line's non-null keys. A JSON value with a column of its own (`settings`)
    /// is one cell; an object without one (`truth`) has a column per key (`truthLat`).
    @Test(arguments: oneOfEachKind)
    func csvFillsTheColumnsOfTheJSONLinesKeys(kind: TimelineEvent.Kind) throws {
        let event = TimelineEvent(time: Self.time, offsetSeconds: 0, kind: kind)
        let record = TimelineRecord(event)
        var expected: Set<String> = []
        for (key, value) in record.fields where value != .null {
            guard case .json(let text) = value, !CSVTimelineFormat.columns.contains(key),
                let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            else {
                expected.insert(key)
                continue
            }
            for nested in object.keys { expected.insert(key + nested.prefix(1).uppercased() + nested.dropFirst()) }
        }
        var format = CSVTimelineFormat()
        var bytes: [UInt8] = []
        format.append(event, to: &bytes)
        let cells = Self.csvCells(String(decoding: bytes.dropLast(), as: UTF8.self))
        try #require(cells.count == CSVTimelineFormat.columns.count)
        let filled = Set(zip(CSVTimelineFormat.columns, cells).filter { !$0.1.isEmpty }.map(\.0))
        #expect(filled == expected)
    }

    /// One CSV record's cells, unquoted as RFC 4180 says.
    static func csvCells(_ row: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var characters = row.makeIterator()
        while let character = characters.next() {
            switch (character, quoted) {
            case ("\"", false) where cell.isEmpty: quoted = true
            case ("\"", true):
                // A doubled quote is one quote; a single one ends the quoted cell.
                if let next = characters.next() {
                    if next == "\"" {
                        cell.append("\"")
                    } else {
                        quoted = false; cells.append(cell); cell = ""; if next != "," { cell.append(next) }
                    }
                } else {
                    quoted = false
                }
            case (",", false):
                cells.append(cell)
                cell = ""
            default: cell.append(character)
            }
        }
        cells.append(cell)
        return cells
    }

    @Test func everyTypeIsListed() {
        #expect(Set(Self.oneOfEachKind.map(\.typeName)) == Set(TimelineSchema.types))
        #expect(Set(TimelineSchema.keys.keys) == Set(TimelineSchema.types))
    }

    @Test func recordsKeepTypesApart() throws {
        let record = try #require(
            TimelineRecord(
                line: #"{"t":"x","offset":1.5,"type":"weather","stale":false,"attempts":1,"fetchMs":null,"cell":"1,2"}"#
            ))
        #expect(record.offsetSeconds == 1.5)
        #expect(record.fields["stale"] == .bool(false))
        #expect(record.fields["attempts"] == .number(1))
        #expect(record.fields["fetchMs"] == .null)
        #expect(record.fields["cell"] == .string("1,2"))
        #expect(TimelineRecord(line: "not json") == nil)
    }
}
