// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The timeline's event types and their JSON Lines keys, so that a scenario naming a type
/// or field that never occurs is an error on its line rather than an expectation that can
/// never (or always) hold. Derived from each kind's definition (`Events/`), which the
/// formats write from too.
package enum TimelineSchema {
    /// Keys every event has.
    package static let commonKeys = ["t", "offset", "type"]

    /// The event types in timeline order of first appearance, for messages.
    package static let types = TimelineEvent.Kind.definitions.map { $0.eventType }

    /// Each event type's own keys, in order.
    package static let keys: [String: [String]] = Dictionary(
        uniqueKeysWithValues: TimelineEvent.Kind.definitions.map { ($0.eventType, TimelineKeyList(of: $0).keys) })

    /// Each event type's keys whose values form a closed set, with the set: `authorization`'s
    /// `to` is one of `notDetermined`, `restricted`, ...
    package static let closedValues: [String: [String: [String]]] = Dictionary(
        uniqueKeysWithValues: TimelineEvent.Kind.definitions.map {
            ($0.eventType, TimelineKeyList(of: $0).closedValues)
        })

    /// Each event type's CSV columns, in order: its keys, with an object's fields as
    /// columns of their own (`truth` is `truthLat`, `truthLon`).
    static let columnKeys: [String: [String]] = Dictionary(
        uniqueKeysWithValues: TimelineEvent.Kind.definitions.map { ($0.eventType, TimelineKeyList(of: $0).columns) })
}
