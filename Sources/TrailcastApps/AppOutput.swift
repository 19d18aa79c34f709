// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
package import TrailcastTimeline
package import TrailcastCoreLocation

/// What an app asks the engine to do for it: the app decides, the engine carries it out
/// (with the run's weather service, its cache and its fetches), so an app knows nothing of
/// how a run is stepped or where the weather comes from.
package enum AppEffect: Sendable, Equatable {
    /// Look up the weather at a location the app received (a `weather` or `weatherError`
    /// event follows, now or when a fetch ends).
    case lookUpWeather(LocationFix)
}

/// What an app did in one call, in order: the timeline events it caused, and effects for
/// the engine at the points where they belong (a weather lookup right after its location).
package struct AppOutput: Sendable, Equatable {
    package enum Item: Sendable, Equatable {
        case event(TimelineEvent.Kind)
        case effect(AppEffect)
    }

    package var items: [Item]

    package init(_ items: [Item] = []) {
        self.items = items
    }

    /// Keeps the room of a long run's buffer: the engine reuses one output per step.
    package init(reservingCapacity capacity: Int) {
        items = []
        items.reserveCapacity(capacity)
    }

    /// The events alone, in order.
    package var events: [TimelineEvent.Kind] {
        items.compactMap { if case .event(let kind) = $0 { kind } else { nil } }
    }

    /// The effects alone, in order.
    package var effects: [AppEffect] {
        items.compactMap { if case .effect(let effect) = $0 { effect } else { nil } }
    }

    package var isEmpty: Bool { items.isEmpty }

    package mutating func append(_ kind: TimelineEvent.Kind) {
        items.append(.event(kind))
    }

    package mutating func request(_ effect: AppEffect) {
        items.append(.effect(effect))
    }

    /// Whether a location reached the app in this output.
    package var deliversLocation: Bool {
        items.contains { if case .event(.location) = $0 { true } else { false } }
    }

    package mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
    }
}

extension TimelineEvent.Kind {
    /// The timeline event for what Core Location said to the app: one mapping for every
    /// app (the model apps, and the testing library's app under test), which then reacts
    /// in its own way.
    package init(_ output: LocationService.Output) {
        switch output {
        case .authorizationChanged(let change): self = .authorization(change)
        case .prompt(let request, let answer): self = .prompt(request: request, answer: answer)
        case .location(let fix, _): self = .location(fix)
        case .error(let code, _): self = .locationError(code)
        case .region(let event), .monitor(_, let event): self = .region(event)
        case .regionError(let failure, _): self = .regionError(failure)
        case .visit(let visit): self = .visit(visit)
        case .launched(let reason): self = .launch(reason)
        case .paused(let client): self = .pause(UpdatesPaused(manager: client))
        case .resumed(let client): self = .resume(UpdatesResumed(manager: client))
        case .infoPlistError(let error): self = .plistError(error)
        }
    }
}
