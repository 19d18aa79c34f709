// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastTimeline
import TrailcastWeather
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastDevice
import TrailcastBasics

@Suite("JSON Lines timeline format")
struct JSONLinesTimelineFormatTests {
    static func line(_ event: TimelineEvent) -> String {
        TimelineSamples.render([event], in: JSONLinesTimelineFormat())
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var event: TimelineEvent
        var line: String
        var testDescription: String { event.kind.typeName }
    }

    @Test(
        "one exact line per event kind, keys in the documented order",
        arguments: [
            Case(
                event: TimelineSamples.startEvent(),
                line:
                    #"{"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"start","file":"gpx/walk.gpx","source":"track","points":null,"settings":{"travelSpeed":1.4,"interval":null,"speed":0,"loop":1,"authorization":"notDetermined","accuracy":"full","services":"on","prompt":"allow","promptAlways":"allow","request":"whenInUse","distanceFilter":null,"events":[],"strict":false,"weather":"builtin","weatherUrl":null,"weatherCell":0.01,"weatherTtl":900,"weatherEvents":"fetches","weatherCache":null,"weatherOffline":false,"weatherCacheMax":null,"gps":"perfect","gpsSigma":null,"gpsCorrelation":null,"gpsMultipath":null,"seed":1,"jitter":0,"maxGap":300,"app":"weather","places":null,"placesLimit":null,"regions":null,"significantChanges":false,"visits":false,"backgroundUpdates":false}}"#
            ),
            Case(
                event: TimelineSamples.authorization,
                line:
                    #"{"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"authorization","from":"notDetermined","to":"authorizedWhenInUse","accuracy":"full","servicesEnabled":true,"cause":"prompt"}"#
            ),
            Case(
                event: TimelineSamples.prompt,
                line:
                    #"{"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"prompt","request":"whenInUse","answer":"allow"}"#
            ),
            Case(
                event: TimelineSamples.location,
                line:
                    #"{"t":"2026-06-13T16:00:03.000Z","offset":3,"type":"location","lat":37.7954123,"lon":-122.3942634,"altitude":4.46,"horizontalAccuracy":4.5,"verticalAccuracy":10,"speed":1.33,"course":318.8,"index":1,"cached":null,"truth":null}"#
            ),
            Case(
                event: TimelineSamples.bareLocation,
                line:
                    #"{"t":"2026-06-13T16:00:04.500Z","offset":4.5,"type":"location","lat":-33.8688,"lon":151.2093,"altitude":null,"horizontalAccuracy":5,"verticalAccuracy":null,"speed":-1,"course":-1,"index":2,"cached":null,"truth":null}"#
            ),
            Case(
                event: TimelineSamples.locationError,
                line:
                    #"{"t":"2026-06-13T16:10:00.000Z","offset":600,"type":"locationError","code":"denied","message":"The app is not authorized to use location services (kCLErrorDenied)."}"#
            ),
            Case(
                event: TimelineSamples.alert,
                line:
                    #"{"t":"2026-06-13T16:10:00.000Z","offset":600,"type":"alert","message":"Location access is off. Enable it in Settings to see local weather."}"#
            ),
            Case(
                event: TimelineSamples.app,
                line: #"{"t":"2026-06-13T17:00:00.000Z","offset":3600,"type":"app","state":"background"}"#),
            Case(
                event: TimelineSamples.weather,
                line:
                    #"{"t":"2026-06-13T16:00:03.000Z","offset":3,"type":"weather","lat":37.7954123,"lon":-122.3942634,"cell":"37.79,-122.40","source":"model","stale":false,"temperatureCelsius":14.2,"apparentTemperatureCelsius":12.9,"relativeHumidity":71,"precipitationMm":0,"cloudCover":40,"weatherCode":2,"condition":"partly cloudy","windSpeedMps":3.1,"windDirectionDegrees":240,"isDay":true,"attempts":1,"fetchMs":null}"#
            ),
            Case(
                event: TimelineSamples.networkWeather,
                line:
                    #"{"t":"2026-06-13T17:01:40.000Z","offset":3700,"type":"weather","lat":37.8012,"lon":-122.4101,"cell":"37.80,-122.42","source":"network","stale":false,"temperatureCelsius":14.2,"apparentTemperatureCelsius":12.9,"relativeHumidity":71,"precipitationMm":0,"cloudCover":40,"weatherCode":2,"condition":"partly cloudy","windSpeedMps":3.1,"windDirectionDegrees":240,"isDay":true,"attempts":2,"fetchMs":183.25}"#
            ),
            Case(
                event: TimelineSamples.staleWeather,
                line:
                    #"{"t":"2026-06-13T17:06:40.000Z","offset":4000,"type":"weather","lat":37.7954123,"lon":-122.3942634,"cell":"37.79,-122.40","source":"cache","stale":true,"temperatureCelsius":14.2,"apparentTemperatureCelsius":12.9,"relativeHumidity":71,"precipitationMm":0,"cloudCover":40,"weatherCode":2,"condition":"partly cloudy","windSpeedMps":3.1,"windDirectionDegrees":240,"isDay":true,"attempts":0,"fetchMs":null}"#
            ),
            Case(
                event: TimelineSamples.weatherError,
                line:
                    #"{"t":"2026-06-13T17:06:40.000Z","offset":4000,"type":"weatherError","cell":"37.79,-122.40","message":"HTTP 500: Internal Server Error","attempts":3,"httpStatus":500,"willRetry":true}"#
            ),
            Case(
                event: TimelineSamples.timeoutError,
                line:
                    #"{"t":"2026-06-13T17:15:00.000Z","offset":4500,"type":"weatherError","cell":"37.79,-122.40","message":"timed out after 5 s","attempts":3,"httpStatus":null,"willRetry":true}"#
            ),
            Case(
                event: TimelineSamples.end,
                line:
                    #"{"t":"2026-06-13T17:26:06.000Z","offset":5166,"type":"end","points":1840,"locations":1840,"distanceMeters":7080.6,"simulatedSeconds":5166,"wallSeconds":0.086,"weatherLookups":1840,"weatherNetworkFetches":9,"weatherCacheHits":1829,"weatherErrors":2,"reason":"finished","message":null}"#
            ),
        ])
    func exactLine(case example: Case) {
        #expect(Self.line(example.event) == example.line + "\n")
    }

    @Test("a fix from a noisy GPS carries where the device really was; a signal change its state and cause")
    func truthAndSignal() {
        var fix = LocationFix(time: TimelineSamples.start, latitude: 47.0000901, longitude: 8.0000452, sourceIndex: 4)
        fix.truth = Coordinate(latitude: 47, longitude: 8)
        #expect(
            Self.line(TimelineSamples.event(0, .location(fix)))
                == #"{"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"location","lat":47.0000901,"lon":8.0000452,"altitude":null,"horizontalAccuracy":5,"verticalAccuracy":null,"speed":-1,"course":-1,"index":4,"cached":null,"truth":{"lat":47,"lon":8}}"#
                + "\n")
        let lost = SignalChange(state: .lost, cause: .profile, time: TimelineSamples.start.adding(seconds: 30))
        #expect(
            Self.line(TimelineSamples.event(30, .signal(lost)))
                == #"{"t":"2026-06-13T16:00:30.000Z","offset":30,"type":"signal","state":"lost","cause":"profile"}"#
                + "\n")
    }

    @Test("a control event says what changed and the state after it")
    func control() {
        #expect(
            Self.line(TimelineSamples.event(90.5, .control(ControlChange(action: .speed, paused: true, speed: 2.5))))
                == #"{"t":"2026-06-13T16:01:30.500Z","offset":90.5,"type":"control","action":"speed","paused":true,"multiplier":2.5,"change":null}"#
                + "\n")
    }

    @Test("a call event names the manager's method and which manager")
    func call() {
        #expect(
            Self.line(TimelineSamples.event(2, .call(ManagerCall(method: .startUpdatingLocation, manager: 0))))
                == #"{"t":"2026-06-13T16:00:02.000Z","offset":2,"type":"call","method":"startUpdatingLocation","manager":0}"#
                + "\n")
    }

    /// Each place's own latitude and longitude, each with a location's seven decimals, and its
    /// distance to the decimetre; in file order there is no distance. Every value differs, so
    /// a field written from another shows.
    @Test("a places event: the order, each place's name, lat, lon and distance, and the total")
    func places() {
        let nearest = PlacesList(
            order: .distance,
            nearest: [
                .init(name: "Clinic", latitude: 37.795412345, longitude: -122.394263449, distanceMeters: 120.45),
                .init(name: "Library \"Main\"", latitude: -33.8688, longitude: 151.2093, distanceMeters: 0),
            ], total: 37)
        #expect(
            Self.line(TimelineSamples.event(12.5, .places(nearest)))
                == #"{"t":"2026-06-13T16:00:12.500Z","offset":12.5,"type":"places","order":"distance","nearest":[{"name":"Clinic","lat":37.7954123,"lon":-122.3942634,"distanceMeters":120.5},{"name":"Library \"Main\"","lat":-33.8688,"lon":151.2093,"distanceMeters":0}],"total":37}"#
                + "\n")
        let fileOrder = PlacesList(
            order: .file,
            nearest: [
                .init(name: "Pier", latitude: 47.3769, longitude: 8.5417, distanceMeters: nil)
            ], total: 1)
        #expect(
            Self.line(TimelineSamples.event(0, .places(fileOrder)))
                == #"{"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"places","order":"file","nearest":[{"name":"Pier","lat":47.3769,"lon":8.5417,"distanceMeters":null}],"total":1}"#
                + "\n")
    }

    @Test("locationUnknown has its own code and message")
    func locationUnknown() {
        #expect(
            Self.line(TimelineSamples.event(1, .locationError(.locationUnknown)))
                == #"{"t":"2026-06-13T16:00:01.000Z","offset":1,"type":"locationError","code":"locationUnknown","message":"The location is currently unknown (kCLErrorLocationUnknown)."}"#
                + "\n")
    }

    @Test("settings: every option, spelled as the flags are, events in command-line order")
    func settings() throws {
        let settings = ReplayConfiguration(
            source: .route, travelSpeedMetersPerSecond: 2.5, intervalSeconds: 0.25, speed: 60, loops: 0,
            location: .init(
                initialStatus: .authorizedAlways, initialAccuracy: .reduced, servicesEnabled: false,
                promptAnswer: .once, alwaysUpgradeAnswer: .deny, distanceFilterMeters: 12.5),
            request: .always,
            events: [
                try ScheduledEvent(parsing: "20m:authorization=whenInUse"),
                try ScheduledEvent(parsing: "90:app=background"),
            ],
            strict: true,
            weather: WeatherSettings(
                provider: .openMeteo, url: "http://127.0.0.1:8080",
                policy: WeatherServicePolicy(cellDegrees: 0.05, freshnessSeconds: 3600, reportsCacheHits: true),
                cache: .init(directory: "/var/cache/trailcast", offline: true, maximumMegabytes: 2.5)),
            gps: .urbanCanyon, seed: 7, jitterMilliseconds: 250, maxGapSeconds: 0)
        #expect(
            Self.line(TimelineSamples.startEvent(settings: settings)).contains(
                #""settings":{"travelSpeed":2.5,"interval":0.25,"speed":60,"loop":0,"authorization":"always","accuracy":"reduced","services":"off","prompt":"once","promptAlways":"deny","request":"always","distanceFilter":12.5,"events":["20m:authorization=whenInUse","1m30s:app=background"],"strict":true,"weather":"open-meteo","weatherUrl":"http://127.0.0.1:8080","weatherCell":0.05,"weatherTtl":3600,"weatherEvents":"all","weatherCache":"/var/cache/trailcast","weatherOffline":true,"weatherCacheMax":2.5,"gps":"urban-canyon","gpsSigma":12,"gpsCorrelation":20,"gpsMultipath":0.02,"seed":7,"jitter":250,"maxGap":0,"app":"weather","places":null,"placesLimit":null,"regions":null,"significantChanges":false,"visits":false,"backgroundUpdates":false}}"#
            ))
    }

    @Test("a file name with quotes, backslashes and control characters is escaped")
    func escaping() {
        let line = Self.line(TimelineSamples.startEvent(file: "a \"b\"\\c\td\u{1}.gpx"))
        #expect(line.contains(#""file":"a \"b\"\\c\td\u0001.gpx","#))
    }

    @Test(
        "`t` is rounded to the millisecond as `offset` is, so the two always agree",
        arguments: [
            (70.77551, "2026-06-13T16:01:10.776Z", "70.776"),
            (70.7754, "2026-06-13T16:01:10.775Z", "70.775"),
            (59.9996, "2026-06-13T16:01:00.000Z", "60"),
            (0.0004, "2026-06-13T16:00:00.000Z", "0"),
        ])
    func timeRounding(offset: Double, time: String, offsetText: String) {
        let line = Self.line(TimelineSamples.event(offset, .app(.foreground)))
        #expect(line == "{\"t\":\"\(time)\",\"offset\":\(offsetText),\"type\":\"app\",\"state\":\"foreground\"}\n")
    }

    @Test("no header, and one line per event")
    func noHeader() {
        var format = JSONLinesTimelineFormat()
        var bytes: [UInt8] = []
        format.appendHeader(to: &bytes)
        #expect(bytes.isEmpty)
        let text = TimelineSamples.render(TimelineSamples.all, in: JSONLinesTimelineFormat())
        #expect(text.split(separator: "\n").count == TimelineSamples.all.count)
        #expect(text.hasSuffix("}\n"))
    }

    @Test("a reused format writes the same line for the same event")
    func reuse() {
        var format = JSONLinesTimelineFormat()
        var first: [UInt8] = []
        var second: [UInt8] = []
        format.append(TimelineSamples.startEvent(), to: &first)
        format.append(TimelineSamples.location, to: &first)
        format.append(TimelineSamples.location, to: &second)
        #expect(first.split(separator: 0x0A).last.map(Array.init) == Array(second.dropLast()))
    }
}
