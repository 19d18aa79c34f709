public import TrailcastDevice
public import TrailcastTimeline

/// What an app asks the engine to do for it: the app decides, the engine carries it out
/// (with the run's weather service, its cache and its fetches), so an app knows nothing of
/// how a run is stepped or where the weather comes from.
public enum AppEffect: Sendable, Equatable {
    /// Look up the weather at a location the app received (a `weather` or `weatherError`
    /// event follows, now or when a fetch ends).
    case lookUpWeather(LocationFix)
}

/// What an app did in one call, in order: the timeline events it caused, and effects for
/// the engine at the points where they belong (a weather lookup right after its location).
public struct AppOutput: Sendable, Equatable {
    public enum Item: Sendable, Equatable {
        case event(TimelineEvent.Kind)
        case effect(AppEffect)
    }

    public var items: [Item]

    public init(_ items: [Item] = []) {
        self.items = items
    }

    /// Keeps the room of a long run's buffer: the engine reuses one output per step.
    public init(reservingCapacity capacity: Int) {
        items = []
        items.reserveCapacity(capacity)
    }

    /// The events alone, in order.
    public var events: [TimelineEvent.Kind] {
        items.compactMap { if case .event(let kind) = $0 { kind } else { nil } }
    }

    /// The effects alone, in order.
    public var effects: [AppEffect] {
        items.compactMap { if case .effect(let effect) = $0 { effect } else { nil } }
    }

    public var isEmpty: Bool { items.isEmpty }

    public mutating func append(_ kind: TimelineEvent.Kind) {
        items.append(.event(kind))
    }

    public mutating func request(_ effect: AppEffect) {
        items.append(.effect(effect))
    }

    /// Whether a location reached the app in this output.
    public var deliversLocation: Bool {
        items.contains { if case .event(.location) = $0 { true } else { false } }
    }

    public mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
    }
}
