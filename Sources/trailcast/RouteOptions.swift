// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// Public: the flags' value types (the settings', Core Location's) conform to
// argument-parser's ExpressibleByArgument below, and a public type's conformance is public.
public import ArgumentParser
public import TrailcastCoreLocation
import TrailcastSettings
public import TrailcastRoutes
import TrailcastDevice
import TrailcastBasics

/// The flags of `trailcast replay` that shape the run: the route, the user, the system.
///
/// Each is optional so that `--scenario` can supply it and a flag given on the command line
/// can still override it; without either, the documented default applies.
struct RouteOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Pace in real time at N x (1: real time); 0 runs on virtual time. (default: 0)", valueName: "N"))
    var speed: Double?

    @Flag(help: "Virtual time, as fast as it goes (as fleet's --virtual): the default, and what --speed 0 means.")
    var virtual = false

    @Option(help: "The simulated user's answer to a permission prompt. (default: allow)")
    var prompt: PromptAnswer?

    @Option(
        name: .customLong("event"),
        help: ArgumentHelp(
            "A change at OFFSET of simulated time (45s, 10m, 1h5m), repeatable: 10m:authorization=denied, 20m:signal=lost, 5m:app=background.",
            discussion: """
                KEY=VALUE: authorization=notDetermined|restricted|denied|whenInUse|always, \
                accuracy=full|reduced, services=on|off, app=background|foreground|terminated, \
                signal=lost|restored, tap=currentLocation|refresh|requestPermission|openSettings. \
                A scenario's events come first.
                """,
            valueName: "OFFSET:KEY=VALUE"))
    var eventArguments: [String] = []

    @Option(help: "How to read the route: \(RouteFormat.names). (default: by the file's extension, else its content)")
    var inputFormat: RouteFormat?

    @Option(
        help:
            "Which points to replay: auto (tracks, else routes, else waypoints), track, route, waypoints. (default: auto)"
    )
    var source: ReplaySource?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Pace for points without <time>, in m/s. (default: \(RouteTimer.defaultTravelSpeedMetersPerSecond))",
            valueName: "m/s"))
    var travelSpeed: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Emit a location every S simulated seconds, interpolated between points (default: the file's points).",
            valueName: "S"))
    var interval: Double?

    @Option(
        name: .customLong("loop"), parsing: .unconditional,
        help: ArgumentHelp(
            "Play the route N times; 0 repeats until stopped (needs --speed). (default: 1)", valueName: "N"))
    var loops: Int?

    @Option(
        help: "Initial authorization: notDetermined, restricted, denied, whenInUse, always. (default: notDetermined)")
    var authorization: AuthorizationStatus?

    @Option(help: "Initial accuracy: full or reduced (approximate location). (default: full)")
    var accuracy: LocationAccuracy?

    @Option(help: "Location services for the device: on or off. (default: on)")
    var services: ServicesSwitch?

    @Option(help: "The answer to the one-time offer to upgrade to Always: allow or deny. (default: allow)")
    var promptAlways: UpgradeAnswer?

    @Option(help: "What the app asks for at launch: whenInUse or always. (default: whenInUse)")
    var request: AuthorizationRequest?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Deliver a fix only when it is at least M metres from the last delivered one.", valueName: "M"))
    var distanceFilter: Double?

    @Flag(help: "Treat warnings (bad points, times going back) as errors (exit 65).")
    var strict = false

    enum ServicesSwitch: String, ExpressibleByArgument, CaseIterable { case on, off }
    enum UpgradeAnswer: String, ExpressibleByArgument, CaseIterable { case allow, deny }

    func validate() throws {
        _ = try events()
    }

    /// `--event`s, parsed.
    func events() throws -> [ScheduledEvent] {
        do {
            return try eventArguments.map { argument throws(ScheduledEventError) in
                try ScheduledEvent(parsing: argument)
            }
        } catch {
            throw ValidationError(String(describing: error))
        }
    }

    /// The flags given, laid over `configuration` (the defaults, or a scenario's settings).
    func apply(to configuration: inout ReplayConfiguration) throws {
        if let inputFormat { configuration.routeFormat = inputFormat }
        if let source { configuration.source = source }
        if let travelSpeed { configuration.travelSpeedMetersPerSecond = travelSpeed }
        if let interval { configuration.intervalSeconds = interval }
        if let speed { configuration.speed = speed }
        if virtual {
            if let speed, speed != 0 {
                throw ValidationError("--virtual and --speed \(speed.asGiven) ask for different clocks: give one")
            }
            configuration.speed = 0
        }
        if let loops { configuration.loops = loops }
        if let authorization { configuration.location.initialStatus = authorization }
        if let accuracy { configuration.location.initialAccuracy = accuracy }
        if let services { configuration.location.servicesEnabled = services == .on }
        if let prompt { configuration.location.promptAnswer = prompt }
        if let promptAlways { configuration.location.alwaysUpgradeAnswer = promptAlways == .allow ? .allow : .deny }
        if let request { configuration.request = request }
        if let distanceFilter { configuration.location.distanceFilterMeters = distanceFilter }
        configuration.events += try events()
        if strict { configuration.strict = true }
    }
}

extension ReplaySource: ExpressibleByArgument {}
extension RouteFormat: ExpressibleByArgument {}
extension AuthorizationStatus: ExpressibleByArgument {
    /// The spellings the help text documents (`whenInUse`, `always`), not the raw values.
    public static var allValueStrings: [String] { allCases.map(\.argument) }
    public static var allValueDescriptions: [String: String] { [:] }
    public var defaultValueDescription: String { argument }
}
extension LocationAccuracy: ExpressibleByArgument {}
extension InfoPlistKey: ExpressibleByArgument {}
extension PromptAnswer: ExpressibleByArgument {}
extension AuthorizationRequest: ExpressibleByArgument {
    /// `whenInUse` or `always`: temporary full accuracy is not a status an app starts with.
    public init?(argument: String) {
        guard let request = Self(rawValue: argument), Self.statusRequests.contains(request) else { return nil }
        self = request
    }

    public static var allValueStrings: [String] { statusRequests.map(\.rawValue) }
}
