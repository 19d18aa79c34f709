// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice

/// Each row drives the service through user and app actions and lists what it
/// reports, one short string per output, so a row reads like the rule it checks.
@Suite("Location service rules")
struct LocationServiceTests {
    enum Action: Sendable {
        case launch
        case request(AuthorizationRequest)
        case start
        case stop
        case settings(AuthorizationStatus)
        case accuracy(LocationAccuracy)
        case services(Bool)
        case app(AppState)
        case allowBackground
        case disallowBackground
        /// The engine's moment: the in-use grace after leaving the foreground is over.
        case graceEnds
        case requestLocation
        case distanceFilter(Double)
        case significantChanges
        case visits
        case beginSession
        case endSession
        case fix(latitude: Double, seconds: Double)
        case end
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        var configuration = LocationService.Configuration()
        let actions: [Action]
        let expected: [String]
        var testDescription: String { name }
    }

    /// A configuration whose app's Info.plist lacks `missing` (and may ask for reduced accuracy).
    static func app(
        missing: Set<InfoPlistKey>, defaultAccuracyReduced: Bool = false,
        _ base: LocationService.Configuration = .init()
    ) -> LocationService.Configuration {
        var configuration = base
        configuration.infoPlist = InfoPlist(missingKeys: missing, defaultAccuracyReduced: defaultAccuracyReduced)
        return configuration
    }

    static let rows: [Row] = [
        Row(
            name: "launch reports the initial state",
            configuration: .init(initialStatus: .denied),
            actions: [.launch], expected: ["denied>denied initial full on"]),
        Row(
            name: "allow at the prompt grants when-in-use and fixes flow",
            actions: [.request(.whenInUse), .start, .fix(latitude: 1, seconds: 0)],
            expected: ["prompt whenInUse allow", "notDetermined>authorizedWhenInUse prompt full on", "fix"]),
        Row(
            name: "fixes before authorization are not delivered",
            actions: [.start, .fix(latitude: 1, seconds: 0), .request(.whenInUse), .fix(latitude: 1, seconds: 1)],
            expected: ["prompt whenInUse allow", "notDetermined>authorizedWhenInUse prompt full on", "fix"]),
        Row(
            name: "deny gives denied and later requests do nothing",
            configuration: .init(promptAnswer: .deny),
            actions: [.request(.whenInUse), .request(.whenInUse), .request(.always), .start],
            expected: ["prompt whenInUse deny", "notDetermined>denied prompt full on", "error denied"]),
        Row(
            // Apple: "If the user denies your app's use of the location service, this method
            // reports a kCLErrorDenied error" (locationManager(_:didFailWithError:)); updates
            // started before the first answer wait for it, and a refusal fails them once.
            name: "updates started before the prompt, then Don't Allow: denied once, no fix after",
            configuration: .init(promptAnswer: .deny),
            actions: [.start, .request(.whenInUse), .fix(latitude: 1, seconds: 0), .fix(latitude: 1, seconds: 1)],
            expected: ["prompt whenInUse deny", "notDetermined>denied prompt full on", "error denied"]),
        Row(
            name: "updates waiting for a first answer, then Location Services off: denied once",
            actions: [.start, .services(false), .fix(latitude: 1, seconds: 0)],
            expected: ["notDetermined>denied services full off", "error denied"]),
        Row(
            name: "already denied: no prompt, starting fails",
            configuration: .init(initialStatus: .denied),
            actions: [.request(.whenInUse), .start, .fix(latitude: 1, seconds: 0)],
            expected: ["error denied"]),
        Row(
            name: "restricted never prompts",
            configuration: .init(initialStatus: .restricted),
            actions: [.request(.whenInUse), .request(.always), .start],
            expected: ["error denied"]),
        Row(
            name: "allow once reverts to notDetermined in the background and prompts again",
            configuration: .init(promptAnswer: .once),
            actions: [
                .request(.whenInUse), .start, .app(.background), .graceEnds, .fix(latitude: 1, seconds: 0),
                .app(.foreground), .request(.whenInUse),
            ],
            expected: [
                "prompt whenInUse once", "notDetermined>authorizedWhenInUse prompt full on",
                "authorizedWhenInUse>notDetermined expired full on",
                "prompt whenInUse once", "notDetermined>authorizedWhenInUse prompt full on",
            ]),
        Row(
            name: "allow once expires when the run ends",
            configuration: .init(promptAnswer: .once),
            actions: [.request(.whenInUse), .end],
            expected: [
                "prompt whenInUse once", "notDetermined>authorizedWhenInUse prompt full on",
                "authorizedWhenInUse>notDetermined expired full on",
            ]),
        // Apple's in-use grace: "In the few seconds after an app leaves the foreground".
        Row(
            name: "allow once lasts through the grace; back in the foreground within it, nothing expires",
            configuration: .init(promptAnswer: .once),
            actions: [
                .request(.whenInUse), .start, .app(.background), .fix(latitude: 1, seconds: 0), .app(.foreground),
                .graceEnds, .fix(latitude: 1, seconds: 1),
            ],
            expected: ["prompt whenInUse once", "notDetermined>authorizedWhenInUse prompt full on", "fix"]),
        Row(
            name:
                "the grace delivers no fixes without background updates, and a fix at its end finds the grant expired",
            configuration: .init(promptAnswer: .once),
            actions: [
                .request(.whenInUse), .start, .app(.background), .fix(latitude: 1, seconds: 0), .graceEnds,
                .fix(latitude: 1, seconds: 5),
            ],
            expected: [
                "prompt whenInUse once", "notDetermined>authorizedWhenInUse prompt full on",
                "authorizedWhenInUse>notDetermined expired full on",
            ]),
        Row(
            name: "terminated during the grace: the grant expires at once",
            configuration: .init(promptAnswer: .once),
            actions: [.request(.whenInUse), .app(.background), .app(.terminated)],
            expected: [
                "prompt whenInUse once", "notDetermined>authorizedWhenInUse prompt full on",
                "authorizedWhenInUse>notDetermined expired full on",
            ]),
        Row(
            name: "requestAlways after allow once is ignored",
            configuration: .init(promptAnswer: .once),
            actions: [.request(.whenInUse), .request(.always)],
            expected: ["prompt whenInUse once", "notDetermined>authorizedWhenInUse prompt full on"]),
        Row(
            name: "requestAlways from notDetermined prompts for always",
            actions: [.request(.always)],
            expected: ["prompt always allow", "notDetermined>authorizedAlways prompt full on"]),
        Row(
            name: "requestAlways upgrades when-in-use once",
            actions: [.request(.whenInUse), .request(.always), .request(.always)],
            expected: [
                "prompt whenInUse allow", "notDetermined>authorizedWhenInUse prompt full on",
                "prompt always allow", "authorizedWhenInUse>authorizedAlways prompt full on",
            ]),
        Row(
            name: "a declined upgrade keeps when-in-use and is not offered again",
            configuration: .init(alwaysUpgradeAnswer: .deny),
            actions: [.request(.whenInUse), .request(.always), .request(.always)],
            expected: [
                "prompt whenInUse allow", "notDetermined>authorizedWhenInUse prompt full on",
                "prompt always deny",
            ]),
        // The project's reading: a reset to "Ask Next Time" makes the app new to the user
        // again, its one-time upgrade prompt included; other Settings changes do not.
        Row(
            name: "a settings reset to notDetermined offers the one-time Always upgrade again",
            configuration: .init(alwaysUpgradeAnswer: .deny),
            actions: [
                .request(.whenInUse), .request(.always), .settings(.notDetermined), .request(.whenInUse),
                .request(.always),
            ],
            expected: [
                "prompt whenInUse allow", "notDetermined>authorizedWhenInUse prompt full on",
                "prompt always deny", "authorizedWhenInUse>notDetermined settings full on",
                "prompt whenInUse allow", "notDetermined>authorizedWhenInUse prompt full on",
                "prompt always deny",
            ]),
        Row(
            name: "other settings changes leave the spent upgrade spent",
            configuration: .init(alwaysUpgradeAnswer: .deny),
            actions: [
                .request(.whenInUse), .request(.always), .settings(.denied), .settings(.authorizedWhenInUse),
                .request(.always),
            ],
            expected: [
                "prompt whenInUse allow", "notDetermined>authorizedWhenInUse prompt full on",
                "prompt always deny", "authorizedWhenInUse>denied settings full on",
                "denied>authorizedWhenInUse settings full on",
            ]),
        Row(
            name: "revocation while updating: change, error, updates stop",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .start, .fix(latitude: 1, seconds: 0), .settings(.denied), .fix(latitude: 1, seconds: 1),
                .settings(.authorizedWhenInUse), .fix(latitude: 1, seconds: 2),
            ],
            expected: [
                "fix", "authorizedWhenInUse>denied settings full on", "error denied",
                "denied>authorizedWhenInUse settings full on",
            ]),
        Row(
            name: "re-granting and starting again resumes",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [.start, .settings(.denied), .settings(.authorizedAlways), .start, .fix(latitude: 1, seconds: 0)],
            expected: [
                "authorizedWhenInUse>denied settings full on", "error denied",
                "denied>authorizedAlways settings full on", "fix",
            ]),
        Row(
            name: "services off look denied; on restores the stored status",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .start, .services(false), .fix(latitude: 1, seconds: 0), .services(true), .start,
                .fix(latitude: 1, seconds: 1),
            ],
            expected: [
                "authorizedWhenInUse>denied services full off", "error denied",
                "denied>authorizedWhenInUse services full on", "fix",
            ]),
        Row(
            name: "no prompt while services are off",
            configuration: .init(servicesEnabled: false),
            actions: [.request(.whenInUse), .services(true), .request(.whenInUse)],
            expected: [
                "denied>notDetermined services full on", "prompt whenInUse allow",
                "notDetermined>authorizedWhenInUse prompt full on",
            ]),
        Row(
            name: "a when-in-use app gets no fixes in the background",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .start, .app(.background), .fix(latitude: 1, seconds: 0), .app(.foreground),
                .fix(latitude: 1, seconds: 1),
            ],
            expected: ["fix"]),
        Row(
            name:
                "an always app without background updates gets no fixes in the background (Core Location suspends it)",
            configuration: .init(initialStatus: .authorizedAlways),
            actions: [.start, .app(.background), .fix(latitude: 1, seconds: 0)],
            expected: []),
        Row(
            name: "an Always app with background updates may start them in the background",
            configuration: .init(initialStatus: .authorizedAlways),
            actions: [.allowBackground, .app(.background), .start, .fix(latitude: 1, seconds: 0)],
            expected: ["fix"]),
        Row(
            name: "a When In Use app cannot start updates in the background; they begin once it is in use",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .allowBackground, .app(.background), .start, .fix(latitude: 1, seconds: 0), .app(.foreground),
                .fix(latitude: 1, seconds: 1), .app(.background), .fix(latitude: 1, seconds: 2),
            ],
            expected: ["fix", "fix"]),
        Row(
            name: "started in the background as Always, then When In Use in Settings: the updates stop",
            configuration: .init(initialStatus: .authorizedAlways),
            actions: [
                .allowBackground, .app(.background), .start, .fix(latitude: 1, seconds: 0),
                .settings(.authorizedWhenInUse), .fix(latitude: 1, seconds: 1),
            ],
            expected: ["fix", "authorizedAlways>authorizedWhenInUse settings full on"]),
        Row(
            name:
                "provisional Always: the second prompt comes with the first fix for an app not in use; allowed, no callback",
            actions: [
                .request(.always), .allowBackground, .start, .fix(latitude: 1, seconds: 0), .app(.background),
                .graceEnds, .fix(latitude: 1, seconds: 1), .fix(latitude: 1, seconds: 2), .request(.always),
            ],
            expected: [
                "prompt always allow", "notDetermined>authorizedAlways prompt full on", "fix",
                "prompt always allow", "fix", "fix",
            ]),
        Row(
            name:
                "provisional Always kept only while using: When In Use, and its background updates go on with the indicator",
            configuration: .init(alwaysUpgradeAnswer: .deny),
            actions: [
                .request(.always), .allowBackground, .start, .app(.background), .graceEnds,
                .fix(latitude: 1, seconds: 1),
                .request(.always),
            ],
            expected: [
                "prompt always allow", "notDetermined>authorizedAlways prompt full on",
                "prompt always deny", "authorizedAlways>authorizedWhenInUse prompt full on", "fix",
            ]),
        Row(
            name: "provisional Always never needed: no second prompt",
            actions: [
                .request(.always), .start, .fix(latitude: 1, seconds: 0), .app(.background),
                .fix(latitude: 1, seconds: 1),
                .app(.foreground), .fix(latitude: 1, seconds: 2),
            ],
            expected: ["prompt always allow", "notDetermined>authorizedAlways prompt full on", "fix", "fix"]),
        Row(
            name: "Always from the upgrade prompt after When In Use is not provisional: no second prompt",
            actions: [
                .request(.whenInUse), .request(.always), .allowBackground, .start, .app(.background),
                .fix(latitude: 1, seconds: 1),
            ],
            expected: [
                "prompt whenInUse allow", "notDetermined>authorizedWhenInUse prompt full on",
                "prompt always allow", "authorizedWhenInUse>authorizedAlways prompt full on", "fix",
            ]),
        // The cached first fix: the project's reading of Apple's "may contain the data that
        // was cached from a previous usage of the location service".
        Row(
            name: "a start hands over the last known fix first, with its own time; the first start has none",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .start, .fix(latitude: 1, seconds: 0), .fix(latitude: 1.001, seconds: 3), .stop,
                .fix(latitude: 1.002, seconds: 600),
                .start, .fix(latitude: 1.003, seconds: 601),
            ],
            expected: ["fix", "fix", "fix cached@3 ±5", "fix"]),
        Row(
            name: "a start that receives nothing now hands nothing over (in the background without background updates)",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .start, .fix(latitude: 1, seconds: 0), .stop, .app(.background), .start, .fix(latitude: 1, seconds: 9),
                .app(.foreground), .fix(latitude: 1, seconds: 10),
            ],
            expected: ["fix", "fix"]),
        Row(
            name: "starting again while updating hands nothing over",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [.start, .fix(latitude: 1, seconds: 0), .start, .fix(latitude: 1, seconds: 1)],
            expected: ["fix", "fix"]),
        Row(
            name: "the cached fix is approximate with Precise Location off, as every fix is",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [.start, .fix(latitude: 1, seconds: 0), .stop, .accuracy(.reduced), .start],
            expected: ["fix", "authorizedWhenInUse>authorizedWhenInUse settings reduced on", "fix cached@0 ±3000"]),
        Row(
            name: "reduced accuracy: at most one fix per 15 minutes",
            configuration: .init(initialStatus: .authorizedWhenInUse, initialAccuracy: .reduced),
            actions: [
                .start, .fix(latitude: 1, seconds: 0), .fix(latitude: 1.1, seconds: 60),
                .fix(latitude: 1.2, seconds: 899), .fix(latitude: 1.3, seconds: 900),
            ],
            expected: ["fix", "fix"]),
        // requestTemporaryFullAccuracy(into:): "`allow` gives full accuracy until the app is no
        // longer in use or the session ends"; then the reduced setting is back.
        Row(
            name: "temporary full accuracy ends when the app is no longer in use: reduced again",
            configuration: .init(initialStatus: .authorizedWhenInUse, initialAccuracy: .reduced),
            actions: [.request(.temporaryFullAccuracy), .app(.background), .graceEnds, .app(.foreground), .end],
            expected: [
                "prompt temporaryFullAccuracy allow", "authorizedWhenInUse>authorizedWhenInUse prompt full on",
                "authorizedWhenInUse>authorizedWhenInUse expired reduced on",
            ]),
        Row(
            name: "temporary full accuracy ends with the run",
            configuration: .init(initialStatus: .authorizedWhenInUse, initialAccuracy: .reduced),
            actions: [.request(.temporaryFullAccuracy), .end],
            expected: [
                "prompt temporaryFullAccuracy allow", "authorizedWhenInUse>authorizedWhenInUse prompt full on",
                "authorizedWhenInUse>authorizedWhenInUse expired reduced on",
            ]),
        Row(
            name: "switching accuracy in settings reports a change",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [.accuracy(.reduced), .accuracy(.reduced), .accuracy(.full)],
            expected: [
                "authorizedWhenInUse>authorizedWhenInUse settings reduced on",
                "authorizedWhenInUse>authorizedWhenInUse settings full on",
            ]),
        Row(
            name: "distance filter drops fixes closer than its distance",
            configuration: .init(initialStatus: .authorizedWhenInUse, distanceFilterMeters: 100),
            // 0.0005 degrees of latitude is about 56 m.
            actions: [
                .start, .fix(latitude: 1, seconds: 0), .fix(latitude: 1.0005, seconds: 1),
                .fix(latitude: 1.001, seconds: 2), .fix(latitude: 1.0015, seconds: 3),
            ],
            expected: ["fix", "fix"]),
        // Apple's distanceFilter: "The minimum distance in meters the device must move
        // horizontally before an update event is generated", "relative to the previously
        // delivered location": a fix exactly the filter away is delivered, a hair nearer not.
        Row(
            name:
                "distance filter: exactly its distance from the last fix delivered is delivered, a hair nearer is not",
            configuration: .init(initialStatus: .authorizedWhenInUse, distanceFilterMeters: 100),
            actions: [
                .start, .fix(latitude: 0, seconds: 0),
                .fix(latitude: ExactDistance.edge(meters: 100).at.nextDown, seconds: 1),
                .fix(latitude: ExactDistance.edge(meters: 100).at, seconds: 2),
            ],
            expected: ["fix", "fix"]),
        // The app's Info.plist (LocationService+InfoPlist.swift).
        Row(
            name: "no When In Use purpose string: the request does nothing but say why, again and again",
            configuration: app(missing: [.whenInUseUsageDescription]),
            actions: [.request(.whenInUse), .start, .fix(latitude: 1, seconds: 0), .request(.whenInUse)],
            expected: [
                "plistError requestWhenInUseAuthorization NSLocationWhenInUseUsageDescription manager 0",
                "plistError requestWhenInUseAuthorization NSLocationWhenInUseUsageDescription manager 0",
            ]),
        Row(
            name:
                "no Always purpose string: requestAlways does nothing, neither at first nor as the upgrade; When In Use prompts",
            configuration: app(missing: [.alwaysAndWhenInUseUsageDescription]),
            actions: [.request(.always), .request(.whenInUse), .request(.always)],
            expected: [
                "plistError requestAlwaysAuthorization NSLocationAlwaysAndWhenInUseUsageDescription manager 0",
                "prompt whenInUse allow", "notDetermined>authorizedWhenInUse prompt full on",
                "plistError requestAlwaysAuthorization NSLocationAlwaysAndWhenInUseUsageDescription manager 0",
            ]),
        Row(
            name: "requestAlways needs When In Use's purpose string too",
            configuration: app(missing: [.whenInUseUsageDescription]),
            actions: [.request(.always)],
            expected: ["plistError requestAlwaysAuthorization NSLocationWhenInUseUsageDescription manager 0"]),
        Row(
            name: "both purpose strings missing: one plistError naming both, Always's first",
            configuration: app(missing: [.whenInUseUsageDescription, .alwaysAndWhenInUseUsageDescription]),
            actions: [.request(.always)],
            expected: [
                "plistError requestAlwaysAuthorization NSLocationAlwaysAndWhenInUseUsageDescription,NSLocationWhenInUseUsageDescription manager 0"
            ]),
        Row(
            name: "the purpose string is missing whatever the status: said even when denied",
            configuration: app(missing: [.whenInUseUsageDescription], .init(initialStatus: .denied)),
            actions: [.request(.whenInUse)],
            expected: ["plistError requestWhenInUseAuthorization NSLocationWhenInUseUsageDescription manager 0"]),
        Row(
            name: "the background mode is not a purpose string: requests prompt without it",
            configuration: app(missing: [.locationBackgroundMode]),
            actions: [.request(.always)],
            expected: ["prompt always allow", "notDetermined>authorizedAlways prompt full on"]),
        Row(
            name: "background updates without the location background mode: fatal, and they are not allowed",
            configuration: app(missing: [.locationBackgroundMode], .init(initialStatus: .authorizedAlways)),
            actions: [.allowBackground, .app(.background), .start, .fix(latitude: 1, seconds: 0)],
            expected: ["plistError allowsBackgroundLocationUpdates UIBackgroundModes manager 0"]),
        Row(
            name: "turning background updates off needs no background mode",
            configuration: app(missing: [.locationBackgroundMode], .init(initialStatus: .authorizedAlways)),
            actions: [.disallowBackground, .start, .fix(latitude: 1, seconds: 0)],
            expected: ["fix"]),
        Row(
            name:
                "NSLocationDefaultAccuracyReduced: Allow at the prompt grants reduced accuracy; Settings can make it full",
            configuration: app(missing: [], defaultAccuracyReduced: true),
            actions: [
                .request(.whenInUse), .start, .fix(latitude: 1, seconds: 0), .fix(latitude: 1.1, seconds: 60),
                .accuracy(.full),
            ],
            expected: [
                "prompt whenInUse allow", "notDetermined>authorizedWhenInUse prompt reduced on", "fix",
                "authorizedWhenInUse>authorizedWhenInUse settings full on",
            ]),
        Row(
            name: "NSLocationDefaultAccuracyReduced: Allow Once is reduced too",
            configuration: app(missing: [], defaultAccuracyReduced: true, .init(promptAnswer: .once)),
            actions: [.request(.whenInUse)],
            expected: ["prompt whenInUse once", "notDetermined>authorizedWhenInUse prompt reduced on"]),
        Row(
            name: "NSLocationDefaultAccuracyReduced: a denial changes no accuracy",
            configuration: app(missing: [], defaultAccuracyReduced: true, .init(promptAnswer: .deny)),
            actions: [.request(.always)],
            expected: ["prompt always deny", "notDetermined>denied prompt full on"]),
        Row(
            name: "a settings reset to notDetermined while updating stops updates with an error",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [.start, .settings(.notDetermined), .fix(latitude: 1, seconds: 0)],
            expected: ["authorizedWhenInUse>notDetermined settings full on", "error denied"]),
        // `pausesLocationUpdatesAutomatically` is true unless the app sets it (Apple: "The
        // default value of this property is true"): standing 600 s in the background pauses, after
        // the fix that completes the 600 s; nothing after it until the app starts again.
        Row(
            name: "updates pause by default after standing still in the background",
            configuration: .init(initialStatus: .authorizedAlways),
            actions: [
                .start, .allowBackground, .app(.background), .fix(latitude: 1, seconds: 0),
                .fix(latitude: 1, seconds: 599), .fix(latitude: 1, seconds: 600), .fix(latitude: 1, seconds: 601),
            ],
            expected: ["fix", "fix", "fix", "paused 0"]),
        // Standing still is within 50 m of where it began (the project's figure): a drift of
        // exactly 50 m is still standing; a hair more starts the 600 s again.
        Row(
            name: "updates pause after 600 s within 50 m, a drift of exactly 50 m included",
            configuration: .init(initialStatus: .authorizedAlways),
            actions: [
                .start, .allowBackground, .app(.background), .fix(latitude: 0, seconds: 0),
                .fix(latitude: ExactDistance.edge(meters: 50).at, seconds: 300), .fix(latitude: 0, seconds: 600),
                .fix(latitude: 0, seconds: 601),
            ],
            expected: ["fix", "fix", "fix", "paused 0"]),
        Row(
            name: "a drift a hair over 50 m is moving: no pause 600 s after the first fix",
            configuration: .init(initialStatus: .authorizedAlways),
            actions: [
                .start, .allowBackground, .app(.background), .fix(latitude: 0, seconds: 0),
                .fix(latitude: ExactDistance.edge(meters: 50).beyond, seconds: 300),
                .fix(latitude: 0, seconds: 600), .fix(latitude: 0, seconds: 601),
            ],
            expected: ["fix", "fix", "fix", "fix"]),
        // In the foreground nothing pauses (Apple: the pause saves power "when the location
        // data is unlikely to change", for apps in the background; the project's reading).
        Row(
            name: "standing still in the foreground never pauses",
            configuration: .init(initialStatus: .authorizedAlways),
            actions: [
                .start, .fix(latitude: 1, seconds: 0), .fix(latitude: 1, seconds: 700),
                .fix(latitude: 1, seconds: 1400),
            ],
            expected: ["fix", "fix", "fix"]),
        // requestLocation() wants one fix: the distance filter, which thins continuous
        // updates, does not hold it back (11 m from the last fix delivered, under 1,000 m).
        Row(
            name: "a one-shot request is answered whatever the distance filter",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .distanceFilter(1000), .start, .fix(latitude: 1, seconds: 0), .fix(latitude: 1.0001, seconds: 1), .stop,
                .requestLocation, .fix(latitude: 1.0002, seconds: 2), .fix(latitude: 1.0003, seconds: 3),
            ],
            expected: ["fix", "fix"]),
        // LocationService+SignificantChanges.swift: a client whose standard updates deliver
        // gets those instead; the significant changes add no second delivery of a fix.
        Row(
            name: "standard updates and significant changes on one manager: each fix once",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [.start, .significantChanges, .fix(latitude: 1, seconds: 0), .fix(latitude: 1.01, seconds: 400)],
            expected: ["fix", "fix"]),
        // In the background only Always hears significant changes (When In Use is not in use
        // there once the grace is over): the same walk, the two authorizations.
        Row(
            name: "in the background, significant changes reach an Always app",
            configuration: .init(initialStatus: .authorizedAlways),
            actions: [
                .significantChanges, .app(.background), .graceEnds, .fix(latitude: 1, seconds: 0),
                .fix(latitude: 1.01, seconds: 400),
            ],
            expected: ["fix", "fix"]),
        Row(
            name: "in the background, significant changes do not reach a When In Use app",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .significantChanges, .app(.background), .graceEnds, .fix(latitude: 1, seconds: 0),
                .fix(latitude: 1.01, seconds: 400),
            ],
            expected: []),
        Row(
            name: "revoked in Settings: the significant-change service stops too",
            configuration: .init(initialStatus: .authorizedAlways),
            actions: [
                .significantChanges, .fix(latitude: 1, seconds: 0), .settings(.denied),
                .fix(latitude: 1.1, seconds: 600),
                .settings(.authorizedAlways), .fix(latitude: 1.2, seconds: 1200),
            ],
            expected: [
                "fix", "authorizedAlways>denied settings full on", "error denied",
                "denied>authorizedAlways settings full on",
            ]),
        // Visits wake only an Always app (Apple, startMonitoringVisits(): "If your app is
        // terminated ... the system relaunches it" needs Always); a When In Use app's wait.
        Row(
            name: "a terminated When In Use app is not woken for a visit",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .visits, .app(.terminated), .fix(latitude: 1, seconds: 0), .fix(latitude: 1, seconds: 400),
                .fix(latitude: 1.01, seconds: 500), .fix(latitude: 1.01, seconds: 600),
                .fix(latitude: 1.01, seconds: 700),
            ],
            expected: []),
        Row(
            name: "a terminated Always app is woken for a visit",
            configuration: .init(initialStatus: .authorizedAlways),
            actions: [
                .visits, .app(.terminated), .fix(latitude: 1, seconds: 0), .fix(latitude: 1, seconds: 400),
                .fix(latitude: 1.01, seconds: 500), .fix(latitude: 1.01, seconds: 600),
                .fix(latitude: 1.01, seconds: 700),
            ],
            expected: ["launched visit", "visit", "visit"]),
        // Apple: starting a service while denied or restricted "reports an error"; visits are
        // not detected then (docs/background.md's table).
        Row(
            name: "visits started while denied: error denied, no visit",
            configuration: .init(initialStatus: .denied),
            actions: [
                .visits, .fix(latitude: 1, seconds: 0), .fix(latitude: 1, seconds: 400),
                .fix(latitude: 1.01, seconds: 500), .fix(latitude: 1.01, seconds: 600),
            ],
            expected: ["error denied"]),
        Row(
            name: "visits started while restricted: error denied, no visit",
            configuration: .init(initialStatus: .restricted),
            actions: [
                .visits, .fix(latitude: 1, seconds: 0), .fix(latitude: 1, seconds: 400),
                .fix(latitude: 1.01, seconds: 500), .fix(latitude: 1.01, seconds: 600),
            ],
            expected: ["error denied"]),
        Row(
            name: "visits started with location services off: error denied, no visit",
            configuration: .init(initialStatus: .authorizedAlways, servicesEnabled: false),
            actions: [
                .visits, .fix(latitude: 1, seconds: 0), .fix(latitude: 1, seconds: 400),
                .fix(latitude: 1.01, seconds: 500), .fix(latitude: 1.01, seconds: 600),
            ],
            expected: ["error denied"]),
        // Two background activity sessions: ending one leaves the other keeping the app in use.
        Row(
            name: "ending one of two background activity sessions keeps the app in use",
            configuration: .init(initialStatus: .authorizedWhenInUse),
            actions: [
                .beginSession, .beginSession, .start, .app(.background), .graceEnds, .fix(latitude: 1, seconds: 0),
                .endSession, .fix(latitude: 1.001, seconds: 1), .endSession, .fix(latitude: 1.002, seconds: 2),
            ],
            expected: ["fix", "fix"]),
    ]

    @Test(arguments: rows)
    func followsCoreLocationRules(_ row: Row) {
        var service = LocationService(configuration: row.configuration)
        var output: [LocationService.Output] = []
        let start = Timestamp(secondsSince1970: 1_781_000_000)
        for action in row.actions {
            switch action {
            case .launch: service.launch(into: &output)
            case .request(let request): service.requestAuthorization(request, into: &output)
            case .start: service.startUpdatingLocation(into: &output)
            case .stop: service.stopUpdatingLocation()
            case .settings(let status): service.changeInSettings(to: status, into: &output)
            case .accuracy(let accuracy): service.changeAccuracyInSettings(to: accuracy, into: &output)
            case .services(let enabled): service.setServicesEnabled(enabled, into: &output)
            case .allowBackground: service.setAllowsBackgroundLocationUpdates(true, client: 0, into: &output)
            case .disallowBackground: service.setAllowsBackgroundLocationUpdates(false, client: 0, into: &output)
            case .graceEnds: service.endInUseGrace(into: &output)
            case .requestLocation: service.requestLocation(into: &output)
            case .distanceFilter(let meters): service.setDistanceFilter(meters, client: 0)
            case .significantChanges: service.startMonitoringSignificantLocationChanges(into: &output)
            case .visits: service.startMonitoringVisits(into: &output)
            case .beginSession: service.beginBackgroundActivitySession()
            case .endSession: service.endBackgroundActivitySession(into: &output)
            case .app(let state): service.setAppState(state, into: &output)
            case .end: service.endRun(into: &output)
            case .fix(let latitude, let seconds):
                service.receive(
                    LocationFix(time: start.adding(seconds: seconds), latitude: latitude, longitude: 8),
                    into: &output)
            }
        }
        #expect(output.map(Self.describe) == row.expected)
    }

    /// docs/background.md: a When In Use app in the background is told its visits when it is
    /// in use again, "at most 64, the oldest dropped", in order. Forty stops make 79 visits
    /// (40 arrivals, 39 departures): the app hears the newest 64, as an Always app heard them.
    /// Apple, `requestAlwaysAuthorization()`: provisional Always's second prompt appears "after
    /// an event occurs that requires Always authorization"; a region crossing told to an app
    /// not in use is one (the project's reading, LocationService+ProvisionalAlways.swift).
    /// Allowed, the app hears the crossing at once; "Keep Only While Using", it is held by
    /// the When In Use rules until the app is in use again.
    @Test(
        "provisional Always: a region crossing in the background brings the second prompt first",
        arguments: [
            (PromptAnswer.allow, ["prompt always allow", "region enter shop", "foreground"]),
            (
                PromptAnswer.deny,
                [
                    "prompt always deny", "authorizedAlways>authorizedWhenInUse prompt full on", "foreground",
                    "region enter shop",
                ]
            ),
            // The second prompt has no Allow Once (its buttons are "Keep Only While Using"
            // and "Change to Always Allow"): an answer of once keeps When In Use.
            (
                PromptAnswer.once,
                [
                    "prompt always deny", "authorizedAlways>authorizedWhenInUse prompt full on", "foreground",
                    "region enter shop",
                ]
            ),
        ])
    func provisionalAlwaysRegionCrossing(answer: PromptAnswer, expected: [String]) {
        var service = LocationService(configuration: .init(alwaysUpgradeAnswer: answer))
        var output: [LocationService.Output] = []
        service.requestAuthorization(.always, into: &output)
        service.startMonitoring(RegionMonitorTests.region(), into: &output)
        // Outside at first (the first determination is silent), then the app leaves the
        // foreground and the device walks in.
        for second in 0..<10 {
            service.receive(RegionMonitorTests.fix(east: 300, second: Double(second)), into: &output)
        }
        output.removeAll()
        service.setAppState(.background, into: &output)
        service.endInUseGrace(into: &output)
        var told = output.map(Self.describe)
        for second in 10..<60 {
            output.removeAll()
            service.receive(RegionMonitorTests.fix(east: 0, second: Double(second)), into: &output)
            told += output.map(Self.describe)
        }
        told.append("foreground")
        output.removeAll()
        service.setAppState(.foreground, into: &output)
        told += output.map(Self.describe).filter { $0.hasPrefix("region") }
        #expect(told == expected)
    }

    /// The start of the visit tests' stops.
    static let stopsStart = Timestamp(secondsSince1970: 1_781_000_000)

    /// Stop `k` of the visit tests, 1.1 km north of the one before: fixes at 1000k, +100
    /// and +400 seconds after ``stopsStart``.
    static func stopFixes(_ k: Int) -> [LocationFix] {
        [0.0, 100, 400].map { second in
            LocationFix(
                time: stopsStart.adding(seconds: Double(k) * 1000 + second), latitude: 1 + Double(k) * 0.01,
                longitude: 8)
        }
    }

    @Test("held visits past 64: the oldest are dropped, the newest 64 told in order")
    func heldVisitsDropTheOldest() {
        let start = Self.stopsStart
        let fixes = (0..<40).flatMap(Self.stopFixes)
        func visits(_ status: AuthorizationStatus) -> [LocationService.Output] {
            var service = LocationService(configuration: .init(initialStatus: status))
            var output: [LocationService.Output] = []
            service.startMonitoringVisits(into: &output)
            service.setAppState(.background, into: &output)
            service.endInUseGrace(into: &output)
            for fix in fixes { service.receive(fix, into: &output) }
            if status == .authorizedWhenInUse { #expect(output.isEmpty, "held while not in use") }
            service.setAppState(.foreground, into: &output)
            return output
        }
        let heard = visits(.authorizedAlways)
        #expect(heard.count == 79)
        #expect(LocationService.heldVisitLimit == 64)
        let told = visits(.authorizedWhenInUse)
        #expect(told == Array(heard.suffix(64)))
        // The first told is the 16th visit: the departure from stop 7.
        #expect(
            told.first
                == .visit(
                    Visit(
                        arrival: start.adding(seconds: 7100), departure: start.adding(seconds: 7400),
                        latitude: 1 + 7 * 0.01, longitude: 8, horizontalAccuracyMeters: 50)))
    }

    /// A visit is placed by Precise Location as it is when the visit is told, not as it
    /// was at launch: turned off mid-run, the next visits are approximate; on, precise.
    @Test(
        "visits follow Precise Location as it is now: turned off, approximate; turned on, precise",
        arguments: [LocationAccuracy.full, .reduced])
    func visitsFollowPreciseLocation(atLaunch: LocationAccuracy) {
        let start = Self.stopsStart
        let stop = Self.stopFixes
        func visits(_ output: [LocationService.Output]) -> [Visit] {
            output.compactMap { if case .visit(let visit) = $0 { visit } else { nil } }
        }
        func placed(_ visit: Visit, _ accuracy: LocationAccuracy) -> Visit {
            guard accuracy == .reduced else { return visit }
            var placed = visit
            let snapped = ApproximateLocation.approximate(
                LocationFix(
                    time: start, latitude: visit.latitude, longitude: visit.longitude,
                    horizontalAccuracyMeters: visit.horizontalAccuracyMeters))
            placed.latitude = snapped.latitude
            placed.longitude = snapped.longitude
            placed.horizontalAccuracyMeters = snapped.horizontalAccuracyMeters
            return placed
        }
        let later: LocationAccuracy = atLaunch == .full ? .reduced : .full
        var service = LocationService(configuration: .init(initialStatus: .authorizedAlways, initialAccuracy: atLaunch))
        var output: [LocationService.Output] = []
        service.startMonitoringVisits(into: &output)
        for fix in stop(0) + stop(1) { service.receive(fix, into: &output) }
        let before = visits(output)
        output.removeAll()
        service.changeAccuracyInSettings(to: later, into: &output)
        output.removeAll()
        for fix in stop(2) + stop(3) { service.receive(fix, into: &output) }
        let after = visits(output)
        #expect(before.count == 3 && after.count == 4, "\(before) \(after)")
        // Stop k's visit as it is found, 50 m, at the stop's place.
        // The first stop's dwell starts at its first fix; a later one's at its second, its
        // first being the fix that ended the stop before.
        func found(atStop k: Int, departed: Bool) -> Visit {
            let arrival = start.adding(seconds: k == 0 ? 0 : Double(k) * 1000 + 100)
            let departure: Timestamp? = departed ? start.adding(seconds: Double(k) * 1000 + 400) : nil
            return Visit(
                arrival: arrival, departure: departure, latitude: 1 + Double(k) * 0.01, longitude: 8,
                horizontalAccuracyMeters: 50)
        }
        let precise: [Visit] = (0..<4).flatMap { k in
            [found(atStop: k, departed: false), found(atStop: k, departed: true)]
        }
        #expect(before == precise.prefix(3).map { placed($0, atLaunch) })
        #expect(after == precise[3..<7].map { placed($0, later) })
    }

    /// Apple's limit: 20 conditions for the app, over all its monitors; the 21st is
    /// `unmonitored` at once, and replacing one already there is not a 21st.
    @Test func twentyConditionsAndNoMore() {
        var service = LocationService(configuration: .init(initialStatus: .authorizedAlways))
        var output: [LocationService.Output] = []
        func region(_ number: Int) -> CircularRegion {
            CircularRegion(
                identifier: "c\(number)", center: Coordinate(latitude: 47 + Double(number) * 0.01, longitude: 8),
                radiusMeters: 100)
        }
        for number in 0..<20 {
            #expect(
                service.addCondition(region(number), monitor: number < 10 ? "a" : "b", into: &output),
                "condition \(number)")
        }
        #expect(output.isEmpty)
        #expect(!service.addCondition(region(20), monitor: "a", into: &output))
        #expect(output.map(Self.describe) == ["monitor a unmonitored c20"])
        #expect(service.addCondition(region(3), monitor: "a", into: &output), "replacing is not adding")
        #expect(LocationService.conditionLimit == 20)
    }

    @Test func approximateFixesSnapToTheSameCellCentre() {
        let time = Timestamp(secondsSince1970: 0)
        let a = ApproximateLocation.approximate(
            LocationFix(
                time: time, latitude: 37.7955, longitude: -122.3937, speedMetersPerSecond: 1.4,
                courseDegrees: 90))
        let b = ApproximateLocation.approximate(
            LocationFix(time: time, latitude: 37.7961, longitude: -122.3941))
        #expect(a.latitude == b.latitude)
        #expect(a.longitude == b.longitude)
        #expect(a.horizontalAccuracyMeters >= 3000)
        #expect(a.speedMetersPerSecond == -1)
        #expect(a.courseDegrees == -1)
        let offset = GreatCircle.distanceMeters(
            latitude1: a.latitude, longitude1: a.longitude, latitude2: 37.7955, longitude2: -122.3937)
        #expect(offset < 4000)
    }

    /// A fix south of the equator snaps to the centre of its own cell, not the one north of
    /// it: the cell of -33.8688 (Sydney) spans -33.885 to -33.840 (cells are 0.045 degrees,
    /// counted from the equator, rounded down), its centre -33.8625.
    @Test func southernFixesSnapToTheirOwnCellCentre() {
        let fix = LocationFix(time: Timestamp(secondsSince1970: 0), latitude: -33.8688, longitude: 151.2093)
        #expect(ApproximateLocation.approximate(fix).latitude == -33.8625)
        #expect(
            ApproximateLocation.approximate(LocationFix(time: fix.time, latitude: -0.01, longitude: 8)).latitude
                == -0.0225)
    }

    /// A foreground miss names the service that is off (MissedFixes.Reason): none started is
    /// `notUpdating`; only the significant-change service, `significantChanges`.
    @Test func aForegroundMissNamesTheServiceThatIsOff() {
        var service = LocationService(configuration: .init(initialStatus: .authorizedWhenInUse))
        var output: [LocationService.Output] = []
        #expect(service.missReason(deviceHasFix: true) == .notUpdating)
        service.startMonitoringSignificantLocationChanges(into: &output)
        #expect(service.missReason(deviceHasFix: true) == .significantChanges)
        #expect(output.isEmpty)
    }

    /// A fix held back from an updating app, with a fix on the device, is held by the
    /// approximate location's pace when the app gets approximate fixes, whether Precise
    /// Location is off or the app asked for `kCLLocationAccuracyReduced` itself; else by
    /// its distance filter.
    @Test func aFixHeldBackFromAnAppThatAskedForReducedAccuracyIsMissedForIt() {
        var service = LocationService(configuration: .init(initialStatus: .authorizedWhenInUse))
        var output: [LocationService.Output] = []
        service.startUpdatingLocation(into: &output)
        #expect(service.missReason(deviceHasFix: true) == .distanceFilter)
        service.setWantsReducedAccuracy(true, client: 0)
        #expect(service.missReason(deviceHasFix: true) == .reducedAccuracy)
        #expect(service.missReason(deviceHasFix: false) == .noSignal)
        service.setWantsReducedAccuracy(false, client: 0)
        #expect(service.missReason(deviceHasFix: true) == .distanceFilter)
        var approximate = LocationService(
            configuration: .init(initialStatus: .authorizedWhenInUse, initialAccuracy: .reduced))
        approximate.startUpdatingLocation(into: &output)
        #expect(approximate.missReason(deviceHasFix: true) == .reducedAccuracy)
    }

    /// With Precise Location off every fix an app gets is approximate (docs/replay.md,
    /// "reduced accuracy"; Apple, `CLAccuracyAuthorization.reducedAccuracy`), the
    /// significant-change service's deliveries included: the ~5 km cell's centre, speed and
    /// course -1. With full accuracy the same fix comes as it is.
    @Test(arguments: [LocationAccuracy.reduced, .full])
    func significantChangesAreApproximateWithPreciseLocationOff(_ accuracy: LocationAccuracy) {
        var service = LocationService(
            configuration: .init(initialStatus: .authorizedWhenInUse, initialAccuracy: accuracy))
        var output: [LocationService.Output] = []
        service.startMonitoringSignificantLocationChanges(into: &output)
        let start = Timestamp(secondsSince1970: 1_781_000_000)
        let first = LocationFix(
            time: start, latitude: 37.7955, longitude: -122.3937,
            speedMetersPerSecond: 1.4, courseDegrees: 90)
        // 0.01 degrees of latitude (1.1 km) and 300 s later: the next significant change.
        let second = LocationFix(
            time: start.adding(seconds: 300), latitude: 37.8055, longitude: -122.3937,
            speedMetersPerSecond: 3.7, courseDegrees: 0)
        service.receive(first, into: &output)
        service.receive(second, into: &output)
        let expected =
            accuracy == .reduced
            ? [ApproximateLocation.approximate(first), ApproximateLocation.approximate(second)] : [first, second]
        #expect(ApproximateLocation.approximate(first) != first)
        #expect(output == expected.map { LocationService.Output.location($0, client: 0) })
    }

    /// A significant change is 500 m (and 300 s) from the last one delivered: a fix exactly
    /// 500 m away is one, a fix a hair nearer is not (and does not move the last one).
    @Test("a significant change at exactly 500 m is delivered; a hair nearer is not")
    func significantChangeDistanceEdge() throws {
        var service = LocationService(configuration: .init(initialStatus: .authorizedWhenInUse, initialAccuracy: .full))
        var output: [LocationService.Output] = []
        service.startMonitoringSignificantLocationChanges(into: &output)
        let start = Timestamp(secondsSince1970: 1_781_000_000)
        let edge = try #require(ExactDistance.exactPair(meters: LocationService.significantChangeMeters))
        let fixes = [(0.0, edge.base), (300, edge.at.nextDown), (600, edge.at)].map { seconds, latitude in
            LocationFix(time: start.adding(seconds: seconds), latitude: latitude, longitude: 8)
        }
        for fix in fixes { service.receive(fix, into: &output) }
        #expect(output == [fixes[0], fixes[2]].map { LocationService.Output.location($0, client: 0) })
    }

    static func describe(_ output: LocationService.Output) -> String {
        switch output {
        case .authorizationChanged(let change):
            return
                "\(change.from)>\(change.to) \(change.cause) \(change.accuracy) \(change.servicesEnabled ? "on" : "off")"
        case .prompt(let request, let answer):
            return "prompt \(request) \(answer)"
        case .location(let fix, _):
            // A cached fix with the second of its own time: how old it is, in the row.
            return fix.isCached
                ? "fix cached@\(Int(fix.time.seconds(since: Timestamp(secondsSince1970: 1_781_000_000)))) ±\(Int(fix.horizontalAccuracyMeters))"
                : "fix"
        case .error(let code, _):
            return "error \(code)"
        case .region(let event):
            return "region \(event.change) \(event.identifier)"
        case .regionError(let failure, let client):
            return "regionError \(failure.reason) \(failure.identifier) client \(client)"
        case .visit:
            return "visit"
        case .monitor(let name, let event):
            return "monitor \(name) \(event.change) \(event.identifier)"
        case .launched(let reason):
            return "launched \(reason)"
        case .paused(let client):
            return "paused \(client)"
        case .resumed(let client):
            return "resumed \(client)"
        case .infoPlistError(let error):
            return
                "plistError \(error.method) \(error.missing.map(\.rawValue).joined(separator: ",")) manager \(error.manager)"
        }
    }
}
