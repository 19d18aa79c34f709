// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice
import TrailcastSettings
import TrailcastTimeline

/// The kinds ``TimelineSamples/all`` leaves out, each as its exact JSON Lines and text
/// line, with values chosen so that no two fields hold the same number or word: a field
/// written from the wrong value, a key or unit misspelt, or a line that drops a part shows.
/// (CSV writes the same fields, from the same `writeFields`, into its columns.)
@Suite("Every event kind's lines")
struct EveryEventKindLineTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        var event: TimelineEvent
        var json: String
        var text: String
        var testDescription: String { name }
    }

    static let pharmacy = CircularRegion(
        identifier: "pharmacy", center: Coordinate(latitude: 37.8012345, longitude: -122.4054321), radiusMeters: 150.25)
    static let arrival = Timestamp(iso8601: "2026-06-13T16:11:02.250Z")!
    static let departure = Timestamp(iso8601: "2026-06-13T16:21:40Z")!

    static let samples: [Sample] = [
        Sample(
            name: "missed",
            event: TimelineSamples.event(
                61.5,
                .missed(
                    MissedFixes(
                        reason: .background, fixes: 12, sinceOffset: 60.25, untilOffset: 71.125,
                        path: [
                            Coordinate(latitude: 37.1, longitude: -122.2),
                            Coordinate(latitude: 37.3, longitude: -122.4),
                        ]))),
            json: #"{"t":"2026-06-13T16:01:01.500Z","offset":61.5,"type":"missed","reason":"background","fixes":12,"#
                + #""since":60.25,"until":71.125,"path":[[37.1,-122.2],[37.3,-122.4]]}"#,
            text: " +0:01:01.500  missed         12 fixes not delivered (background) from +60.25 s to +71.125 s"),
        Sample(
            name: "missed, one fix",
            event: TimelineSamples.event(
                5, .missed(MissedFixes(reason: .paused, fixes: 1, sinceOffset: 4, untilOffset: 5, path: []))),
            json:
                #"{"t":"2026-06-13T16:00:05.000Z","offset":5,"type":"missed","reason":"paused","fixes":1,"since":4,"until":5,"path":[]}"#,
            text: " +0:00:05.000  missed         1 fix not delivered (paused) from +4 s to +5 s"),
        Sample(
            name: "region enter",
            event: TimelineSamples.event(
                90,
                .region(
                    RegionEvent(
                        region: pharmacy, change: .enter,
                        position: Coordinate(latitude: 37.8008521, longitude: -122.4100503)))),
            json:
                #"{"t":"2026-06-13T16:01:30.000Z","offset":90,"type":"region","identifier":"pharmacy","change":"enter","#
                + #""lat":37.8008521,"lon":-122.4100503,"center":{"lat":37.8012345,"lon":-122.4054321},"radius":150.3}"#,
            text: " +0:01:30.000  region         enter pharmacy at 37.800852, -122.410050"),
        Sample(
            name: "region started, no position",
            event: TimelineSamples.event(1, .region(RegionEvent(region: pharmacy, change: .started))),
            json:
                #"{"t":"2026-06-13T16:00:01.000Z","offset":1,"type":"region","identifier":"pharmacy","change":"started","#
                + #""lat":null,"lon":null,"center":{"lat":37.8012345,"lon":-122.4054321},"radius":150.3}"#,
            text: " +0:00:01.000  region         started pharmacy"),
        Sample(
            name: "regionError, reduced accuracy",
            event: TimelineSamples.event(
                2, .regionError(RegionFailure(identifier: "clinic", reason: .reducedAccuracy))),
            json: #"{"t":"2026-06-13T16:00:02.000Z","offset":2,"type":"regionError","identifier":"clinic","#
                + #""code":"regionMonitoringDenied","reason":"reducedAccuracy","#
                + #""message":"Approximate location: the app cannot monitor regions (kCLErrorRegionMonitoringDenied)."}"#,
            text:
                " +0:00:02.000  regionError    clinic: reducedAccuracy: Approximate location: the app cannot monitor regions "
                + "(kCLErrorRegionMonitoringDenied)."),
        Sample(
            name: "regionError, radius",
            event: TimelineSamples.event(2, .regionError(RegionFailure(identifier: "park", reason: .radius))),
            json: #"{"t":"2026-06-13T16:00:02.000Z","offset":2,"type":"regionError","identifier":"park","#
                + #""code":"regionMonitoringFailure","reason":"radius","#
                + #""message":"The radius is larger than maximumRegionMonitoringDistance (kCLErrorRegionMonitoringFailure)."}"#,
            text:
                " +0:00:02.000  regionError    park: radius: The radius is larger than maximumRegionMonitoringDistance "
                + "(kCLErrorRegionMonitoringFailure)."),
        Sample(
            name: "visit, arrived",
            event: TimelineSamples.event(
                662.25,
                .visit(
                    Visit(
                        arrival: arrival, departure: nil, latitude: 37.8025551, longitude: -122.4007352,
                        horizontalAccuracyMeters: 48.6))),
            json:
                #"{"t":"2026-06-13T16:11:02.250Z","offset":662.25,"type":"visit","arrival":"2026-06-13T16:11:02.250Z","#
                + #""departure":null,"lat":37.8025551,"lon":-122.4007352,"horizontalAccuracy":48.6}"#,
            text: " +0:11:02.250  visit          arrived 2026-06-13T16:11:02.250Z at 37.802555, -122.400735 ±49 m"),
        Sample(
            name: "visit, departed",
            event: TimelineSamples.event(
                1300,
                .visit(
                    Visit(
                        arrival: arrival, departure: departure, latitude: 37.8025551, longitude: -122.4007352,
                        horizontalAccuracyMeters: 50))),
            json: #"{"t":"2026-06-13T16:21:40.000Z","offset":1300,"type":"visit","arrival":"2026-06-13T16:11:02.250Z","#
                + #""departure":"2026-06-13T16:21:40.000Z","lat":37.8025551,"lon":-122.4007352,"horizontalAccuracy":50}"#,
            text:
                " +0:21:40.000  visit          2026-06-13T16:11:02.250Z to 2026-06-13T16:21:40.000Z at 37.802555, -122.400735 ±50 m"
        ),
        Sample(
            name: "pause",
            event: TimelineSamples.event(7, .pause(UpdatesPaused(manager: 2))),
            json: #"{"t":"2026-06-13T16:00:07.000Z","offset":7,"type":"pause","manager":2}"#,
            text: " +0:00:07.000  pause          updates paused (manager 2)"),
        Sample(
            name: "resume",
            event: TimelineSamples.event(8, .resume(UpdatesResumed(manager: 3))),
            json: #"{"t":"2026-06-13T16:00:08.000Z","offset":8,"type":"resume","manager":3}"#,
            text: " +0:00:08.000  resume         updates resumed (manager 3)"),
        Sample(
            name: "indicator",
            event: TimelineSamples.event(9, .indicator(.hidden)),
            json: #"{"t":"2026-06-13T16:00:09.000Z","offset":9,"type":"indicator","state":"hidden"}"#,
            text: " +0:00:09.000  indicator      background location indicator hidden"),
        Sample(
            name: "tap",
            event: TimelineSamples.event(10, .tap(.currentLocation)),
            json: #"{"t":"2026-06-13T16:00:10.000Z","offset":10,"type":"tap","action":"currentLocation"}"#,
            text: " +0:00:10.000  tap            currentLocation"),
        Sample(
            name: "places, by distance",
            event: TimelineSamples.event(
                11,
                .places(
                    PlacesList(
                        order: .distance,
                        nearest: [
                            .init(
                                name: "Ferry Building", latitude: 37.7955, longitude: -122.3937, distanceMeters: 412.4),
                            .init(name: "Pier 39", latitude: 37.8087, longitude: -122.4098, distanceMeters: 1812.6),
                        ], total: 17))),
            json: #"{"t":"2026-06-13T16:00:11.000Z","offset":11,"type":"places","order":"distance","nearest":["#
                + #"{"name":"Ferry Building","lat":37.7955,"lon":-122.3937,"distanceMeters":412.4},"#
                + #"{"name":"Pier 39","lat":37.8087,"lon":-122.4098,"distanceMeters":1812.6}],"total":17}"#,
            text: " +0:00:11.000  places         nearest 2 of 17: Ferry Building (412 m), Pier 39 (1813 m)"),
        Sample(
            name: "places, file order",
            event: TimelineSamples.event(
                12,
                .places(
                    PlacesList(
                        order: .file,
                        nearest: [
                            .init(name: "Coit Tower", latitude: 37.8024, longitude: -122.4058, distanceMeters: nil)
                        ], total: 3))),
            json: #"{"t":"2026-06-13T16:00:12.000Z","offset":12,"type":"places","order":"file","nearest":["#
                + #"{"name":"Coit Tower","lat":37.8024,"lon":-122.4058,"distanceMeters":null}],"total":3}"#,
            text: " +0:00:12.000  places         file order, 1 of 3: Coit Tower"),
        Sample(
            name: "launch",
            event: TimelineSamples.event(13, .launch(.significantChange)),
            json: #"{"t":"2026-06-13T16:00:13.000Z","offset":13,"type":"launch","reason":"significantChange"}"#,
            text: " +0:00:13.000  launch         relaunched in the background for significantChange"),
        Sample(
            name: "signal",
            event: TimelineSamples.event(
                14, .signal(SignalChange(state: .restored, cause: .gap, time: TimelineSamples.start))),
            json: #"{"t":"2026-06-13T16:00:14.000Z","offset":14,"type":"signal","state":"restored","cause":"gap"}"#,
            text: " +0:00:14.000  signal         restored (gap)"),
        Sample(
            name: "control, an event made now",
            event: TimelineSamples.event(
                15, .control(ControlChange(action: .event, paused: false, speed: 12.5, change: "authorization=denied"))),
            json: #"{"t":"2026-06-13T16:00:15.000Z","offset":15,"type":"control","action":"event","paused":false,"#
                + #""multiplier":12.5,"change":"authorization=denied"}"#,
            text: " +0:00:15.000  control        event authorization=denied: running at 12.5x"),
        Sample(
            name: "control, paused",
            event: TimelineSamples.event(16, .control(ControlChange(action: .pause, paused: true, speed: 400))),
            json:
                #"{"t":"2026-06-13T16:00:16.000Z","offset":16,"type":"control","action":"pause","paused":true,"multiplier":400,"change":null}"#,
            text: " +0:00:16.000  control        pause: paused at 400x"),
        Sample(
            name: "call",
            event: TimelineSamples.event(17, .call(ManagerCall(method: .startMonitoringVisits, manager: 1))),
            json:
                #"{"t":"2026-06-13T16:00:17.000Z","offset":17,"type":"call","method":"startMonitoringVisits","manager":1}"#,
            text: " +0:00:17.000  call           manager 1: startMonitoringVisits()"),
        Sample(
            name: "plistError, Always without either purpose string",
            event: TimelineSamples.event(
                18,
                .plistError(
                    InfoPlistError(
                        method: .requestAlwaysAuthorization, manager: 4,
                        missing: [.alwaysAndWhenInUseUsageDescription, .whenInUseUsageDescription]))),
            json:
                #"{"t":"2026-06-13T16:00:18.000Z","offset":18,"type":"plistError","method":"requestAlwaysAuthorization","manager":4,"#
                + #""reason":"NSLocationAlwaysAndWhenInUseUsageDescription","message":"\#(plistMessage)"}"#,
            text: " +0:00:18.000  plistError     manager 4: requestAlwaysAuthorization: \(plistMessage)"),
    ]

    @Test("the JSON Lines line, exactly", arguments: samples)
    func jsonLine(_ sample: Sample) {
        let line = TimelineSamples.render([sample.event], in: JSONLinesTimelineFormat())
        #expect(line == sample.json + "\n")
    }

    @Test("the text line, exactly", arguments: samples)
    func textLine(_ sample: Sample) {
        #expect(TextTimelineFormatTests.lines([sample.event]) == [sample.text])
    }

    /// The type column's colour on a terminal, by kind: errors bold red, the user's and the
    /// system's doings cyan, the run's own pauses yellow, what was missed dim green.
    static let colors = [
        "missed": "2;32", "region": "35", "regionError": "1;31", "visit": "34", "call": "36", "launch": "1",
        "pause": "33", "resume": "33", "places": "34", "indicator": "36", "signal": "36", "control": "36",
        "tap": "36", "plistError": "1;31",
    ]

    @Test("the text line on a terminal: the type in its kind's colour, the rest as without", arguments: samples)
    func coloredLine(_ sample: Sample) throws {
        let line = try #require(TextTimelineFormatTests.lines([sample.event], colors: true).first)
        #expect(TextTimelineFormatTests.withoutEscapes(line) == sample.text)
        let type = try #require(sample.text.dropFirst(15).split(separator: " ").first.map(String.init))
        let code = try #require(Self.colors[type], "no colour known for \(type)")
        #expect(line.contains("\u{1B}[\(code)m\(type)\u{1B}[0m"), "\(line)")
    }

    /// What an Always request without either purpose string shows: both keys, in Apple's order.
    static let plistMessage =
        "The app's Info.plist has no NSLocationAlwaysAndWhenInUseUsageDescription and "
        + "NSLocationWhenInUseUsageDescription: requestAlwaysAuthorization() does nothing (no prompt)."
}
