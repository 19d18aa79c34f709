// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastTimeline
import TrailcastApps
import TrailcastDevice

/// Each row launches the weather app on a simulated device, then drives it with the
/// user's and system's changes and the device's movements, and lists every timeline
/// event the app produces, in order.
@Suite("Weather app model")
struct WeatherAppModelTests {
    typealias Kind = TimelineEvent.Kind

    enum Action: Sendable {
        case launch
        case change(ScheduledEvent.Change)
        /// The device reaches ``fix(_:)`` number n.
        case move(Int)
        /// The engine's moment: the in-use grace after leaving the foreground is over.
        case graceEnds
        case terminate
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        var configuration = LocationService.Configuration()
        var request = AuthorizationRequest.whenInUse
        /// `--background-updates`.
        var background = false
        let actions: [Action]
        let expected: [Kind]
        var testDescription: String { name }
    }

    static let start = Timestamp(iso8601: "2026-06-13T16:00:00Z")!

    /// Fix n: one minute and 0.001 degrees of latitude (111 m) after fix n - 1.
    static func fix(_ n: Int) -> LocationFix {
        LocationFix(
            time: start.adding(seconds: Double(n) * 60), latitude: 47 + Double(n) * 0.001, longitude: 8,
            altitudeMeters: 400, horizontalAccuracyMeters: 5, verticalAccuracyMeters: 10,
            speedMetersPerSecond: 1.85, courseDegrees: 0, sourceIndex: n)
    }

    static func auth(
        _ from: AuthorizationStatus, _ to: AuthorizationStatus, _ cause: AuthorizationChangeCause,
        accuracy: LocationAccuracy = .full, services: Bool = true
    ) -> Kind {
        .authorization(
            AuthorizationChange(from: from, to: to, accuracy: accuracy, servicesEnabled: services, cause: cause))
    }

    static func prompt(_ request: AuthorizationRequest, _ answer: PromptAnswer) -> Kind {
        .prompt(request: request, answer: answer)
    }

    static func location(_ n: Int) -> Kind { .location(fix(n)) }
    /// Fix n handed over again from Core Location's cache when updates start.
    static func cached(_ n: Int) -> Kind {
        var last = fix(n)
        last.isCached = true
        return .location(last)
    }
    static let alert = Kind.alert(message: WeatherAppModel.accessOffAlert)
    static let denied = Kind.locationError(.denied)

    static let rows: [Row] = [
        // Launch and the first prompt.
        Row(
            name: "notDetermined at launch: asks for when-in-use, allowed, updates start",
            actions: [.launch, .move(0), .move(1)],
            expected: [
                auth(.notDetermined, .notDetermined, .initial), prompt(.whenInUse, .allow),
                auth(.notDetermined, .authorizedWhenInUse, .prompt), location(0), location(1),
            ]),
        Row(
            name: "fixes before launch are not delivered",
            actions: [.move(0), .launch, .move(1)],
            expected: [
                auth(.notDetermined, .notDetermined, .initial), prompt(.whenInUse, .allow),
                auth(.notDetermined, .authorizedWhenInUse, .prompt), location(1),
            ]),
        Row(
            name:
                "an app that wants always asks for always; without background updates it gets nothing in the background",
            request: .always,
            actions: [.launch, .change(.app(.background)), .move(0)],
            expected: [
                auth(.notDetermined, .notDetermined, .initial), prompt(.always, .allow),
                auth(.notDetermined, .authorizedAlways, .prompt), .app(.background),
            ]),
        Row(
            name: "already when-in-use: no prompt, updates start",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [.launch, .move(0)],
            expected: [auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial), location(0)]),
        Row(
            name: "an app that wants always and has when-in-use asks once for the upgrade (allowed)",
            configuration: .init(initialStatus: .authorizedWhenInUse), request: .always,
            actions: [.launch, .change(.app(.background)), .move(0), .change(.app(.foreground))],
            expected: [
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial), prompt(.always, .allow),
                auth(.authorizedWhenInUse, .authorizedAlways, .prompt), .app(.background),
                .app(.foreground),
            ]),
        Row(
            name: "the upgrade refused: stays when-in-use, not offered again on foreground",
            configuration: .init(initialStatus: .authorizedWhenInUse, alwaysUpgradeAnswer: .deny), request: .always,
            actions: [.launch, .move(0), .change(.app(.background)), .move(1), .change(.app(.foreground)), .move(2)],
            expected: [
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial), prompt(.always, .deny),
                location(0), .app(.background), .app(.foreground), location(2),
            ]),
        Row(
            name: "an app that wants always, after Allow Once: the upgrade request is ignored",
            configuration: .init(promptAnswer: .once), request: .always,
            actions: [.launch, .move(0)],
            expected: [
                auth(.notDetermined, .notDetermined, .initial), prompt(.always, .once),
                auth(.notDetermined, .authorizedWhenInUse, .prompt), location(0),
            ]),
        Row(
            name: "already always: no prompt, even for an app that asks for always",
            configuration: .init(initialStatus: .authorizedAlways), request: .always,
            actions: [.launch, .move(0)],
            expected: [auth(.authorizedAlways, .authorizedAlways, .initial), location(0)]),

        // Deny, denied, restricted.
        Row(
            name: "deny at the prompt: one alert, no fixes, never asked again",
            configuration: .init(promptAnswer: .deny),
            actions: [.launch, .move(0), .change(.app(.background)), .change(.app(.foreground)), .move(1), .terminate],
            expected: [
                auth(.notDetermined, .notDetermined, .initial), prompt(.whenInUse, .deny),
                auth(.notDetermined, .denied, .prompt), alert, .app(.background), .app(.foreground),
            ]),
        Row(
            name: "denied at launch: alert, no prompt, no fixes",
            configuration: .init(initialStatus: .denied),
            actions: [.launch, .move(0), .change(.app(.background)), .change(.app(.foreground))],
            expected: [auth(.denied, .denied, .initial), alert, .app(.background), .app(.foreground)]),
        Row(
            name: "restricted at launch: alert, never a prompt, even for always",
            configuration: .init(initialStatus: .restricted), request: .always,
            actions: [.launch, .move(0), .change(.app(.background)), .change(.app(.foreground)), .move(1)],
            expected: [auth(.restricted, .restricted, .initial), alert, .app(.background), .app(.foreground)]),
        Row(
            name: "a denied app re-granted in Settings resumes",
            configuration: .init(promptAnswer: .deny),
            actions: [.launch, .change(.authorization(.authorizedWhenInUse)), .move(0)],
            expected: [
                auth(.notDetermined, .notDetermined, .initial), prompt(.whenInUse, .deny),
                auth(.notDetermined, .denied, .prompt), alert,
                auth(.denied, .authorizedWhenInUse, .settings), location(0),
            ]),

        // Allow Once.
        Row(
            name: "allow once: reverts to notDetermined in the background, asked again in the foreground",
            configuration: .init(promptAnswer: .once),
            actions: [
                .launch, .move(0), .change(.app(.background)), .graceEnds, .move(1), .change(.app(.foreground)),
                .move(2),
            ],
            expected: [
                auth(.notDetermined, .notDetermined, .initial), prompt(.whenInUse, .once),
                auth(.notDetermined, .authorizedWhenInUse, .prompt), location(0),
                .app(.background), auth(.authorizedWhenInUse, .notDetermined, .expired),
                .app(.foreground), prompt(.whenInUse, .once),
                auth(.notDetermined, .authorizedWhenInUse, .prompt), cached(0), location(2),
            ]),
        Row(
            name: "allow once expires when the run ends",
            configuration: .init(promptAnswer: .once),
            actions: [.launch, .move(0), .terminate],
            expected: [
                auth(.notDetermined, .notDetermined, .initial), prompt(.whenInUse, .once),
                auth(.notDetermined, .authorizedWhenInUse, .prompt), location(0),
                auth(.authorizedWhenInUse, .notDetermined, .expired),
            ]),
        Row(
            name: "allow once for an app asking for always gives when-in-use only",
            configuration: .init(promptAnswer: .once), request: .always,
            actions: [.launch, .change(.app(.background)), .move(0), .terminate],
            expected: [
                auth(.notDetermined, .notDetermined, .initial), prompt(.always, .once),
                auth(.notDetermined, .authorizedWhenInUse, .prompt),
                .app(.background), auth(.authorizedWhenInUse, .notDetermined, .expired),
            ]),
        Row(
            name: "a run ending without allow once reports nothing",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [.launch, .terminate, .terminate],
            expected: [auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial)]),
        Row(
            name: "allow once then revoked in Settings: no expiry at the end",
            configuration: .init(promptAnswer: .once),
            actions: [.launch, .change(.authorization(.denied)), .terminate],
            expected: [
                auth(.notDetermined, .notDetermined, .initial), prompt(.whenInUse, .once),
                auth(.notDetermined, .authorizedWhenInUse, .prompt),
                auth(.authorizedWhenInUse, .denied, .settings), alert, denied,
            ]),

        // Revocation and re-grant while running.
        Row(
            name: "revoked while updating: change, alert, denied error, fixes stop; re-grant resumes",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .launch, .move(0), .change(.authorization(.denied)), .move(1),
                .change(.authorization(.authorizedWhenInUse)), .move(2),
            ],
            expected: [
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial), location(0),
                auth(.authorizedWhenInUse, .denied, .settings), alert, denied,
                auth(.denied, .authorizedWhenInUse, .settings), cached(0), location(2),
            ]),
        Row(
            name: "one alert per transition into no access, not per change",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .launch, .change(.authorization(.denied)), .change(.authorization(.restricted)),
                .change(.authorization(.authorizedAlways)), .move(0), .change(.authorization(.restricted)),
            ],
            expected: [
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial),
                auth(.authorizedWhenInUse, .denied, .settings), alert, denied,
                auth(.denied, .restricted, .settings),
                auth(.restricted, .authorizedAlways, .settings), location(0),
                auth(.authorizedAlways, .restricted, .settings), alert, denied,
            ]),
        Row(
            name: "a change to the same status reports nothing",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [.launch, .change(.authorization(.authorizedWhenInUse)), .move(0)],
            expected: [auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial), location(0)]),
        Row(
            name: "reset to notDetermined while updating: error, no prompt until the next foreground",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .launch, .change(.authorization(.notDetermined)), .move(0),
                .change(.app(.background)), .change(.app(.foreground)), .move(1),
            ],
            expected: [
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial),
                auth(.authorizedWhenInUse, .notDetermined, .settings), denied,
                .app(.background), .app(.foreground), prompt(.whenInUse, .allow),
                auth(.notDetermined, .authorizedWhenInUse, .prompt), location(1),
            ]),

        // Location services.
        Row(
            name: "services off: the app sees denied, alerts, fixes stop; on restores and resumes",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .launch, .move(0), .change(.services(enabled: false)), .move(1),
                .change(.services(enabled: true)), .move(2),
            ],
            expected: [
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial), location(0),
                auth(.authorizedWhenInUse, .denied, .services, services: false), alert, denied,
                auth(.denied, .authorizedWhenInUse, .services), cached(0), location(2),
            ]),
        Row(
            name: "services off at launch: denied, alert, no prompt until on and back in the foreground",
            configuration: .init(servicesEnabled: false),
            actions: [
                .launch, .move(0), .change(.services(enabled: true)), .move(1),
                .change(.app(.background)), .change(.app(.foreground)), .move(2),
            ],
            expected: [
                auth(.denied, .denied, .initial, services: false), alert,
                auth(.denied, .notDetermined, .services),
                .app(.background), .app(.foreground), prompt(.whenInUse, .allow),
                auth(.notDetermined, .authorizedWhenInUse, .prompt), location(2),
            ]),
        Row(
            name: "services off while denied: nothing changes for the app, no second alert",
            configuration: .init(initialStatus: .denied),
            actions: [.launch, .change(.services(enabled: false)), .change(.services(enabled: true))],
            expected: [auth(.denied, .denied, .initial), alert]),
        Row(
            name: "services switched to what they already are: nothing",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [.launch, .change(.services(enabled: true)), .move(0)],
            expected: [auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial), location(0)]),
        Row(
            name: "services off then denied in Settings: one alert; services on still denied",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .launch, .change(.services(enabled: false)), .change(.authorization(.denied)),
                .change(.services(enabled: true)), .move(0),
            ],
            expected: [
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial),
                auth(.authorizedWhenInUse, .denied, .services, services: false), alert, denied,
            ]),

        // Background.
        Row(
            name: "a when-in-use app gets no fixes in the background and resumes in the foreground",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [.launch, .move(0), .change(.app(.background)), .move(1), .change(.app(.foreground)), .move(2)],
            expected: [
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial), location(0),
                .app(.background), .app(.foreground), location(2),
            ]),
        Row(
            name:
                "an always app without background updates gets nothing in the background, fixes again in the foreground",
            configuration: .init(initialStatus: .authorizedAlways),
            actions: [.launch, .change(.app(.background)), .move(0), .change(.app(.foreground)), .move(1)],
            expected: [
                auth(.authorizedAlways, .authorizedAlways, .initial), .app(.background),
                .app(.foreground), location(1),
            ]),

        // Accuracy and the distance filter.
        Row(
            name: "reduced accuracy at launch: snapped fixes at most every 15 minutes",
            configuration: .init(initialStatus: .authorizedWhenInUse, initialAccuracy: .reduced),
            actions: [.launch, .move(0), .move(1), .move(14), .move(15), .move(29), .move(30)],
            expected: [
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial, accuracy: .reduced),
                .location(ApproximateLocation.approximate(fix(0))),
                .location(ApproximateLocation.approximate(fix(15))),
                .location(ApproximateLocation.approximate(fix(30))),
            ]),
        Row(
            name: "precise location switched off and on in Settings",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .launch, .move(0), .change(.accuracy(.reduced)), .move(1), .change(.accuracy(.reduced)),
                .move(2), .change(.accuracy(.full)), .move(3),
            ],
            expected: [
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial), location(0),
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .settings, accuracy: .reduced),
                .location(ApproximateLocation.approximate(fix(1))),
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .settings), location(3),
            ]),
        Row(
            name: "distance filter: only fixes 200 m from the last delivered one",
            configuration: .init(initialStatus: .authorizedWhenInUse, distanceFilterMeters: 200),
            actions: [.launch, .move(0), .move(1), .move(2), .move(3), .move(4), .move(5)],
            expected: [
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial), location(0), location(2),
                location(4),
            ]),
        Row(
            name: "asking again when already allowed: no prompt, and no Settings alert",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [.launch, .move(0), .change(.tap(.requestPermission)), .move(1)],
            expected: [
                auth(.authorizedWhenInUse, .authorizedWhenInUse, .initial), location(0),
                .tap(.requestPermission), location(1),
            ]),
        // The app's Info.plist.
        Row(
            name: "no When In Use purpose string: asking at launch and on a tap does nothing but say why",
            configuration: missing([.whenInUseUsageDescription]),
            actions: [.launch, .move(0), .change(.tap(.requestPermission))],
            expected: [
                auth(.notDetermined, .notDetermined, .initial),
                refused(.requestWhenInUseAuthorization, .whenInUseUsageDescription),
                .tap(.requestPermission), refused(.requestWhenInUseAuthorization, .whenInUseUsageDescription),
            ]),
        Row(
            name: "denied and no purpose string: the tap's request says why, and the app still offers Settings",
            configuration: missing([.whenInUseUsageDescription], .init(initialStatus: .denied)),
            actions: [.launch, .change(.tap(.requestPermission))],
            expected: [
                auth(.denied, .denied, .initial), alert, .tap(.requestPermission),
                refused(.requestWhenInUseAuthorization, .whenInUseUsageDescription),
                .alert(message: WeatherAppModel.openSettingsAlert),
            ]),
        // The model app goes on; the engine ends the run at the fatal event (ReplayInfoPlistTests).
        Row(
            name: "background updates without the location background mode: the fatal error comes first, at launch",
            configuration: missing([.locationBackgroundMode]), background: true,
            actions: [.launch],
            expected: [
                .plistError(
                    InfoPlistError(
                        method: .allowsBackgroundLocationUpdates, manager: 0, missing: [.locationBackgroundMode])),
                auth(.notDetermined, .notDetermined, .initial), prompt(.whenInUse, .allow),
                auth(.notDetermined, .authorizedWhenInUse, .prompt),
            ]),
    ]

    static func missing(_ keys: Set<InfoPlistKey>, _ base: LocationService.Configuration = .init())
        -> LocationService.Configuration
    {
        var configuration = base
        configuration.infoPlist.missingKeys = keys
        return configuration
    }

    static func refused(_ method: InfoPlistError.Method, _ key: InfoPlistKey) -> Kind {
        .plistError(InfoPlistError(method: method, manager: 0, missing: [key]))
    }

    @Test(arguments: rows)
    func followsTheAppAndPermissionRules(_ row: Row) {
        var app = WeatherAppModel(
            locationService: LocationService(configuration: row.configuration), request: row.request,
            services: ServicesUsed(backgroundUpdates: row.background))
        var output = AppOutput()
        for action in row.actions {
            switch action {
            case .launch: app.launch(into: &output)
            case .change(let change): app.apply(change, into: &output)
            case .move(let n): app.deviceMoved(to: Self.fix(n), into: &output)
            case .graceEnds: app.inUseGraceEnded(into: &output)
            case .terminate: app.terminate(into: &output)
            }
        }
        #expect(output.events == row.expected)
    }

    @Test func reducedFixesInOneCellShareACoordinate() {
        // Fixes 0 and 15 are 1.7 km apart, in the same 5 km cell.
        let a = ApproximateLocation.approximate(Self.fix(0))
        let b = ApproximateLocation.approximate(Self.fix(15))
        #expect(a.latitude == b.latitude && a.longitude == b.longitude)
        #expect(abs(a.latitude - 47.0025) < 1e-9, "the centre of the cell from 46.980 to 47.025")
        #expect(a.horizontalAccuracyMeters == 3000)
        #expect(a.speedMetersPerSecond == -1 && a.courseDegrees == -1)
        #expect(a.time == Self.fix(0).time && a.altitudeMeters == 400 && a.sourceIndex == 0)
    }

    @Test func theAlertSaysWhatToDo() {
        #expect(WeatherAppModel.accessOffAlert == "Location access is off. Enable it in Settings to see local weather.")
    }

    @Test func theServiceStateFollowsTheApp() {
        var app = WeatherAppModel(
            locationService: LocationService(configuration: .init(promptAnswer: .once)), request: .always)
        var output = AppOutput()
        app.launch(into: &output)
        #expect(app.request == .always)
        #expect(app.locationService.authorizationStatus == .authorizedWhenInUse)
        #expect(app.locationService.isUpdating())
        app.apply(.app(.background), into: &output)
        #expect(app.locationService.appState == .background)
        #expect(app.locationService.authorizationStatus == .authorizedWhenInUse, "in use for the grace")
        app.inUseGraceEnded(into: &output)
        #expect(app.locationService.authorizationStatus == .notDetermined)
        #expect(!app.locationService.isUpdating())
    }

    @Test(
        "after each location it receives, and only then, the app asks for the weather there, right after the location")
    func asksForTheWeatherAtEachLocation() {
        var app = WeatherAppModel(locationService: LocationService(configuration: .init()))
        var output = AppOutput()
        app.launch(into: &output)
        #expect(output.effects == [])
        for n in 0...1 { app.deviceMoved(to: Self.fix(n), into: &output) }
        #expect(output.effects == [.lookUpWeather(Self.fix(0)), .lookUpWeather(Self.fix(1))])
        for (index, item) in output.items.enumerated() {
            guard case .event(.location(let fix)) = item else { continue }
            #expect(output.items[index + 1] == .effect(.lookUpWeather(fix)))
        }

        var denied = WeatherAppModel(locationService: LocationService(configuration: .init(initialStatus: .denied)))
        var nothing = AppOutput()
        denied.launch(into: &nothing)
        for n in 0...1 { denied.deviceMoved(to: Self.fix(n), into: &nothing) }
        #expect(nothing.effects == [], "no location reached the app, so no weather was asked for")
    }
}
