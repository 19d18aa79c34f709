// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastWeather
public import TrailcastBasics
public import TrailcastCoreLocation
public import TrailcastSettings
public import TrailcastDevice

/// One line of a run's timeline: what happened, and when in simulated time.
public struct TimelineEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// The first event: what is replayed, and with which settings.
        ///
        /// Indirect, as is `weather`: a kind is as large as its largest payload, and these two
        /// (360 and 137 bytes) would make every `location` of a million-fix run move as much.
        indirect case start(ReplayStart)
        /// The app's authorization, accuracy or location services changed (or, with
        /// cause `initial`, the state at launch).
        case authorization(AuthorizationChange)
        /// The system showed a permission prompt and the simulated user answered.
        case prompt(request: AuthorizationRequest, answer: PromptAnswer)
        /// The app received a location.
        case location(LocationFix)
        /// Device fixes the app did not receive, one stretch for one reason; said when the
        /// stretch ends (the next fix the app gets, another reason, or the end of the run).
        case missed(MissedFixes)
        /// The app received `locationManager(_:didFailWithError:)`.
        case locationError(LocationErrorCode)
        /// Region monitoring told the app of a region: monitoring started, a crossing, or
        /// a determined state (`didDetermineState`); or the app stopped monitoring it.
        case region(RegionEvent)
        /// Region monitoring failed for a region (`monitoringDidFailFor`).
        case regionError(RegionFailure)
        /// The visits service told the app of an arrival, or a departure (`didVisit`).
        case visit(Visit)
        /// Core Location paused a manager's updates automatically, or the app resumed them.
        case pause(UpdatesPaused)
        /// The app called `startUpdatingLocation()` again on a manager whose updates Core Location had paused.
        case resume(UpdatesResumed)
        /// The background location indicator appeared or went.
        case indicator(BackgroundIndicator)
        /// The app showed an alert to the user.
        case alert(message: String)
        /// The user tapped in the app (`--event OFFSET:tap=ACTION`).
        case tap(TapAction)
        /// The places app showed its list: nearest first, or in file order without location.
        case places(PlacesList)
        /// The app got the weather for its location: fetched, computed, or from the cache.
        indirect case weather(WeatherObservation)
        /// A weather fetch failed after its retries.
        case weatherError(WeatherFailure)
        /// The app moved to the background or the foreground, or was terminated.
        case app(AppState)
        /// Core Location relaunched the terminated app into the background, for an event.
        case launch(LaunchReason)
        /// The device's GPS lost or regained its signal.
        case signal(SignalChange)
        /// The run was paused, resumed or re-paced from outside (``ReplayControl``).
        case control(ControlChange)
        /// The app's code called its location manager (testing library runs only).
        case call(ManagerCall)
        /// The app did what its Info.plist does not allow: a request without its purpose
        /// string (which does nothing), or background updates without the `location`
        /// background mode (fatal: the run ends).
        case plistError(InfoPlistError)
        /// The last event: totals of the run.
        case end(ReplaySummary)

        /// The name used for `type` in every output format.
        public var typeName: String {
            switch self {
            case .start: return ReplayStart.eventType
            case .authorization: return AuthorizationChange.eventType
            case .prompt: return PromptShown.eventType
            case .location: return LocationFix.eventType
            case .missed: return MissedFixes.eventType
            case .locationError: return LocationErrorCode.eventType
            case .region: return RegionEvent.eventType
            case .regionError: return RegionFailure.eventType
            case .visit: return Visit.eventType
            case .pause: return UpdatesPaused.eventType
            case .resume: return UpdatesResumed.eventType
            case .indicator: return BackgroundIndicator.eventType
            case .alert: return AlertShown.eventType
            case .tap: return TapAction.eventType
            case .places: return PlacesList.eventType
            case .weather: return WeatherObservation.eventType
            case .weatherError: return WeatherFailure.eventType
            case .app: return AppState.eventType
            case .launch: return LaunchReason.eventType
            case .signal: return SignalChange.eventType
            case .control: return ControlChange.eventType
            case .call: return ManagerCall.eventType
            case .plistError: return InfoPlistError.eventType
            case .end: return ReplaySummary.eventType
            }
        }

        /// Every kind's definition, in the order the schema lists them.
        static let definitions: [any TimelineEventBody.Type] = [
            ReplayStart.self, AuthorizationChange.self, PromptShown.self, LocationFix.self, MissedFixes.self,
            LocationErrorCode.self, RegionEvent.self, RegionFailure.self, Visit.self, UpdatesPaused.self,
            UpdatesResumed.self, BackgroundIndicator.self, AlertShown.self, TapAction.self, PlacesList.self,
            AppState.self, LaunchReason.self,
            SignalChange.self, ControlChange.self, ManagerCall.self, InfoPlistError.self, WeatherObservation.self,
            WeatherFailure.self, ReplaySummary.self,
        ]

        /// Hands the event's definition to a format: each format writes every kind through
        /// this one switch.
        func accept(_ visitor: inout some TimelineEventVisitor) {
            switch self {
            case .start(let start): visitor.visit(start)
            case .authorization(let change): visitor.visit(change)
            case .prompt(let request, let answer): visitor.visit(PromptShown(request: request, answer: answer))
            case .location(let fix): visitor.visit(fix)
            case .missed(let missed): visitor.visit(missed)
            case .locationError(let code): visitor.visit(code)
            case .region(let event): visitor.visit(event)
            case .regionError(let failure): visitor.visit(failure)
            case .visit(let visit): visitor.visit(visit)
            case .pause(let pause): visitor.visit(pause)
            case .resume(let resume): visitor.visit(resume)
            case .indicator(let indicator): visitor.visit(indicator)
            case .alert(let message): visitor.visit(AlertShown(message: message))
            case .tap(let action): visitor.visit(action)
            case .places(let list): visitor.visit(list)
            case .weather(let weather): visitor.visit(weather)
            case .weatherError(let failure): visitor.visit(failure)
            case .app(let state): visitor.visit(state)
            case .launch(let reason): visitor.visit(reason)
            case .signal(let change): visitor.visit(change)
            case .control(let change): visitor.visit(change)
            case .call(let call): visitor.visit(call)
            case .plistError(let error): visitor.visit(error)
            case .end(let summary): visitor.visit(summary)
            }
        }
    }

    /// Simulated time.
    public var time: Timestamp
    /// Simulated seconds since the start of the run.
    public var offsetSeconds: Double
    /// What happened, with the details the timeline writes for it.
    public var kind: Kind

    package init(time: Timestamp, offsetSeconds: Double, kind: Kind) {
        self.time = time
        self.offsetSeconds = offsetSeconds
        self.kind = kind
    }
}
