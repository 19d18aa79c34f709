import TrailcastBasics

/// Names checked against the timeline's schema: an expectation about an event type or a
/// field that never occurs would hold (an `absent`) or fail (a `count`) whatever the run
/// did, so a typo is an error that names the valid ones, in a scenario file (on its line)
/// and in a test's `Simulation.expect` alike.
extension EventSelector {
    /// Why no event could ever have `type`, or nil for a type of the timeline.
    public static func problem(ofType type: String) -> String? {
        guard TimelineSchema.keys[type] == nil else { return nil }
        return Spelling.unknown("event type", type, among: TimelineSchema.types, listedAs: "types")
    }

    /// Why no event of `type` could ever have the field `key`, or nil for one of its keys.
    public static func problem(ofField key: String, type: String) -> String? {
        guard let keys = TimelineSchema.keys[type] else { return problem(ofType: type) }
        let allowed = TimelineSchema.commonKeys + keys
        guard !allowed.contains(key) else { return nil }
        return Spelling.unknown("field", key, among: allowed, listedAs: "fields of \(type)")
    }

    /// The selector's type, then each field it names, checked; nil when all exist.
    public var problem: String? {
        if let problem = Self.problem(ofType: type) { return problem }
        return fields.lazy.compactMap { Self.problem(ofField: $0.key, type: self.type) }.first
    }
}

extension Expectation {
    /// The first name the expectation gives that the timeline never has; nil when it can
    /// be checked.
    public var problem: String? {
        switch self {
        case .count(let selector, _, _), .absent(let selector, _, _), .present(let selector, _, _):
            return selector.problem
        case .order(let first, let then):
            return first.problem ?? then.problem
        case .end(let fields):
            return fields.lazy.compactMap { EventSelector.problem(ofField: $0.key, type: "end") }.first
        }
    }
}
