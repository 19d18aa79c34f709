// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastTimeline
import TrailcastCoreLocation
import TrailcastDevice

@Suite("CSV timeline format")
struct CSVTimelineFormatTests {
    static let header = """
        t,offset,type,file,source,points,settings,from,to,accuracy,servicesEnabled,cause,request,answer,\
        lat,lon,altitude,horizontalAccuracy,verticalAccuracy,speed,course,index,code,message,state,\
        locations,distanceMeters,simulatedSeconds,wallSeconds,\
        cell,stale,temperatureCelsius,apparentTemperatureCelsius,relativeHumidity,precipitationMm,\
        cloudCover,weatherCode,condition,windSpeedMps,windDirectionDegrees,isDay,attempts,fetchMs,\
        httpStatus,willRetry,weatherLookups,weatherNetworkFetches,weatherCacheHits,weatherErrors,truthLat,truthLon,\
        action,paused,multiplier,method,manager,reason,fixes,since,until,path,order,nearest,total,identifier,change,centerLat,centerLon,radius,arrival,departure,cached
        """

    static func rows(_ events: [TimelineEvent]) -> [String] {
        TimelineSamples.render(events, in: CSVTimelineFormat())
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// A row as the cells it should have: `cells` by column name, the rest empty.
    static func row(_ t: String, _ offset: String, _ type: String, _ cells: [String: String]) -> String {
        CSVTimelineFormat.columns.map { column in
            switch column {
            case "t": return t
            case "offset": return offset
            case "type": return type
            default: return cells[column] ?? ""
            }
        }.joined(separator: ",")
    }

    @Test("the header names the fixed columns, once, before the first row")
    func header() {
        #expect(CSVTimelineFormat.columns.count == 72)
        #expect(CSVTimelineFormat.columns.joined(separator: ",") == Self.header)
        let rows = Self.rows(TimelineSamples.all)
        #expect(rows.first == Self.header)
        #expect(rows.count == TimelineSamples.all.count + 1)
        #expect(rows.filter { $0 == Self.header }.count == 1)
    }

    @Test("every event kind fills its own columns and leaves the rest empty")
    func rowsPerKind() {
        let rows = Self.rows(Array(TimelineSamples.all.dropFirst())).dropFirst()
        let t0 = "2026-06-13T16:00:00.000Z"
        #expect(
            Array(rows) == [
                Self.row(
                    t0, "0", "authorization",
                    [
                        "from": "notDetermined", "to": "authorizedWhenInUse", "accuracy": "full",
                        "servicesEnabled": "true", "cause": "prompt",
                    ]),
                Self.row(t0, "0", "prompt", ["request": "whenInUse", "answer": "allow"]),
                Self.row(
                    "2026-06-13T16:00:03.000Z", "3", "location",
                    [
                        "lat": "37.7954123", "lon": "-122.3942634", "altitude": "4.46", "horizontalAccuracy": "4.5",
                        "verticalAccuracy": "10", "speed": "1.33", "course": "318.8", "index": "1",
                    ]),
                Self.row(
                    "2026-06-13T16:00:03.000Z", "3", "weather",
                    [
                        "lat": "37.7954123", "lon": "-122.3942634", "cell": "\"37.79,-122.40\"", "source": "model",
                        "stale": "false",
                        "temperatureCelsius": "14.2", "apparentTemperatureCelsius": "12.9", "relativeHumidity": "71",
                        "precipitationMm": "0", "cloudCover": "40", "weatherCode": "2", "condition": "partly cloudy",
                        "windSpeedMps": "3.1", "windDirectionDegrees": "240", "isDay": "true", "attempts": "1",
                    ]),
                Self.row(
                    "2026-06-13T16:00:04.500Z", "4.5", "location",
                    [
                        "lat": "-33.8688", "lon": "151.2093", "horizontalAccuracy": "5", "speed": "-1", "course": "-1",
                        "index": "2",
                    ]),
                Self.row(
                    "2026-06-13T16:10:00.000Z", "600", "locationError",
                    [
                        "code": "denied",
                        "message": "The app is not authorized to use location services (kCLErrorDenied).",
                    ]),
                Self.row(
                    "2026-06-13T16:10:00.000Z", "600", "alert",
                    [
                        "message": "Location access is off. Enable it in Settings to see local weather."
                    ]),
                Self.row("2026-06-13T17:00:00.000Z", "3600", "app", ["state": "background"]),
                Self.row(
                    "2026-06-13T17:01:40.000Z", "3700", "weather",
                    [
                        "lat": "37.8012", "lon": "-122.4101", "cell": "\"37.80,-122.42\"", "source": "network",
                        "stale": "false",
                        "temperatureCelsius": "14.2", "apparentTemperatureCelsius": "12.9", "relativeHumidity": "71",
                        "precipitationMm": "0", "cloudCover": "40", "weatherCode": "2", "condition": "partly cloudy",
                        "windSpeedMps": "3.1", "windDirectionDegrees": "240", "isDay": "true", "attempts": "2",
                        "fetchMs": "183.25",
                    ]),
                Self.row(
                    "2026-06-13T17:06:40.000Z", "4000", "weatherError",
                    [
                        "cell": "\"37.79,-122.40\"", "message": "HTTP 500: Internal Server Error", "attempts": "3",
                        "httpStatus": "500", "willRetry": "true",
                    ]),
                Self.row(
                    "2026-06-13T17:06:40.000Z", "4000", "weather",
                    [
                        "lat": "37.7954123", "lon": "-122.3942634", "cell": "\"37.79,-122.40\"", "source": "cache",
                        "stale": "true",
                        "temperatureCelsius": "14.2", "apparentTemperatureCelsius": "12.9", "relativeHumidity": "71",
                        "precipitationMm": "0", "cloudCover": "40", "weatherCode": "2", "condition": "partly cloudy",
                        "windSpeedMps": "3.1", "windDirectionDegrees": "240", "isDay": "true", "attempts": "0",
                    ]),
                Self.row(
                    "2026-06-13T17:15:00.000Z", "4500", "weatherError",
                    [
                        "cell": "\"37.79,-122.40\"", "message": "timed out after 5 s", "attempts": "3",
                        "willRetry": "true",
                    ]),
                Self.row(
                    "2026-06-13T17:26:06.000Z", "5166", "end",
                    [
                        "points": "1840", "locations": "1840", "distanceMeters": "7080.6", "simulatedSeconds": "5166",
                        "wallSeconds": "0.086",
                        "weatherLookups": "1840", "weatherNetworkFetches": "9", "weatherCacheHits": "1829",
                        "weatherErrors": "2", "reason": "finished",
                    ]),
            ])
    }

    @Test("a noisy fix fills the truth columns; a signal change fills state and cause")
    func truthAndSignal() {
        var fix = LocationFix(time: TimelineSamples.start, latitude: 47.0000901, longitude: 8.0000452, sourceIndex: 4)
        fix.truth = Coordinate(latitude: 47, longitude: 8)
        let lost = SignalChange(state: .lost, cause: .gap, time: TimelineSamples.start)
        let rows = Self.rows([TimelineSamples.event(0, .location(fix)), TimelineSamples.event(0, .signal(lost))])
        #expect(
            rows[1]
                == Self.row(
                    "2026-06-13T16:00:00.000Z", "0", "location",
                    [
                        "lat": "47.0000901", "lon": "8.0000452", "horizontalAccuracy": "5", "speed": "-1",
                        "course": "-1",
                        "index": "4", "truthLat": "47", "truthLon": "8",
                    ]))
        #expect(rows[2] == Self.row("2026-06-13T16:00:00.000Z", "0", "signal", ["state": "lost", "cause": "gap"]))
    }

    @Test("a control event fills action, paused and multiplier, the last columns")
    func control() {
        let rows = Self.rows([
            TimelineSamples.event(90.5, .control(ControlChange(action: .pause, paused: true, speed: 60)))
        ])
        #expect(
            rows[1]
                == Self.row(
                    "2026-06-13T16:01:30.500Z", "90.5", "control",
                    [
                        "action": "pause", "paused": "true", "multiplier": "60",
                    ]))
        #expect(
            CSVTimelineFormat.columns.suffix(21) == [
                "action", "paused", "multiplier", "method", "manager", "reason", "fixes", "since", "until", "path",
                "order", "nearest", "total", "identifier", "change", "centerLat", "centerLon", "radius", "arrival",
                "departure", "cached",
            ])
    }

    @Test("a call event fills method and manager")
    func call() {
        let rows = Self.rows([TimelineSamples.event(2, .call(ManagerCall(method: .requestLocation, manager: 1)))])
        #expect(
            rows[1] == Self.row("2026-06-13T16:00:02.000Z", "2", "call", ["method": "requestLocation", "manager": "1"]))
    }

    @Test("a file name with a comma and quotes is quoted, inner quotes doubled; settings are quoted JSON")
    func quoting() {
        let rows = Self.rows([TimelineSamples.startEvent(file: #"walks/a, "b".gpx"#)])
        #expect(
            rows[1]
                == Self.row(
                    "2026-06-13T16:00:00.000Z", "0", "start",
                    [
                        "file": #""walks/a, ""b"".gpx""#,
                        "source": "track",
                        "points": "",
                        "settings":
                            #""{""travelSpeed"":1.4,""interval"":null,""speed"":0,""loop"":1,""authorization"":""notDetermined"",""accuracy"":""full"",""services"":""on"",""prompt"":""allow"",""promptAlways"":""allow"",""request"":""whenInUse"",""distanceFilter"":null,""events"":[],""strict"":false,""weather"":""builtin"",""weatherUrl"":null,""weatherCell"":0.01,""weatherTtl"":900,""weatherEvents"":""fetches"",""weatherCache"":null,""weatherOffline"":false,""weatherCacheMax"":null,""gps"":""perfect"",""gpsSigma"":null,""gpsCorrelation"":null,""gpsMultipath"":null,""seed"":1,""jitter"":0,""maxGap"":300,""app"":""weather"",""places"":null,""placesLimit"":null,""regions"":null,""significantChanges"":false,""visits"":false,""backgroundUpdates"":false}""#,
                    ]))
    }

    @Test("a line break inside a field is quoted, so a row stays one record")
    func lineBreak() {
        let text = TimelineSamples.render([TimelineSamples.startEvent(file: "two\nlines.gpx")], in: CSVTimelineFormat())
        #expect(text.contains(",\"two\nlines.gpx\",track,"))
    }

    @Test("plain fields are not quoted")
    func plainFields() {
        let rows = Self.rows([TimelineSamples.startEvent(file: "gpx/walk.gpx")])
        #expect(rows[1].hasPrefix("2026-06-13T16:00:00.000Z,0,start,gpx/walk.gpx,track,,\"{"))
    }
}
