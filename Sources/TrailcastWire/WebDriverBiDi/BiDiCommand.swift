// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
import TrailcastBasics

/// A WebDriver BiDi command (W3C WebDriver BiDi, and the Geolocation spec's emulation
/// extension) as the browser feed sends it to a Firefox: the method and its parameters,
/// numbered when sent (``message(id:)``).
package struct BiDiCommand: Sendable, Equatable {
    package var method: String
    /// The parameters as a JSON object, already written.
    package var params: [UInt8]

    package init(method: String, params: [UInt8]) {
        self.method = method
        self.params = params
    }

    /// `session.new` with no capabilities asked for: a plain client on `/session`.
    package static let newSession = BiDiCommand(method: "session.new", params: Array(#"{"capabilities":{}}"#.utf8))

    /// `session.end`: the browser lets go of the session (closing the socket does not).
    package static let endSession = BiDiCommand(method: "session.end", params: Array("{}".utf8))

    /// `session.subscribe` to the top-level contexts' comings, goings and loads.
    package static let subscribeToContexts = BiDiCommand(
        method: "session.subscribe",
        params: Array(
            #"{"events":["browsingContext.contextCreated","browsingContext.contextDestroyed","browsingContext.load"]}"#
                .utf8))

    /// `session.unsubscribe` of these subscriptions only: in a session shared with another
    /// client, the `events` form would end that client's subscriptions to the same events
    /// too (the spec's subscriptions belong to the session, not to a connection).
    package static func unsubscribe(_ ids: [String]) -> BiDiCommand {
        var json = JSONLineWriter(capacity: 64 + 40 * ids.count)
        json.beginObject()
        json.key("subscriptions")
        json.beginArray()
        for id in ids { json.string(id) }
        json.endArray()
        json.endObject()
        return BiDiCommand(method: "session.unsubscribe", params: json.bytes)
    }

    /// `browsingContext.getTree`: every context open now.
    package static let contextTree = BiDiCommand(method: "browsingContext.getTree", params: Array("{}".utf8))

    /// `emulation.setGeolocationOverride` for the default user context (every tab a person
    /// opens, and each new document in it): the fix's coordinates, to 1e-8 degrees, with
    /// altitude, heading and speed as ``DevToolsCommand/geolocationOverride(_:)`` gives them.
    /// Nil: the error form, `positionUnavailable`.
    package static func geolocationOverride(_ fix: LocationFix?, userContexts: [String] = ["default"]) -> BiDiCommand {
        var json = JSONLineWriter(capacity: 200)
        json.beginObject()
        if let fix {
            json.key("coordinates")
            json.beginObject()
            DevToolsCommand.writeCoordinates(of: fix, to: &json)
            json.endObject()
        } else {
            json.key("error")
            json.beginObject()
            json.field("type", "positionUnavailable")
            json.endObject()
        }
        json.key("userContexts")
        json.beginArray()
        for userContext in userContexts { json.string(userContext) }
        json.endArray()
        json.endObject()
        return BiDiCommand(method: "emulation.setGeolocationOverride", params: json.bytes)
    }

    /// `permissions.setPermission` of `geolocation` for one origin (BiDi has no "every origin").
    package static func geolocationPermission(
        _ setting: GeolocationPermission, origin: String, userContext: String = "default"
    ) -> BiDiCommand {
        var json = JSONLineWriter(capacity: 160)
        json.beginObject()
        json.key("descriptor")
        json.beginObject()
        json.field("name", "geolocation")
        json.endObject()
        json.field("state", setting.rawValue)
        json.field("origin", origin)
        if userContext != "default" { json.field("userContext", userContext) }
        json.endObject()
        return BiDiCommand(method: "permissions.setPermission", params: json.bytes)
    }

    /// `browsingContext.reload` of a page.
    package static func reload(_ context: String) -> BiDiCommand {
        var json = JSONLineWriter(capacity: 80)
        json.beginObject()
        json.field("context", context)
        json.endObject()
        return BiDiCommand(method: "browsingContext.reload", params: json.bytes)
    }

    package func message(id: Int) -> String {
        var json = JSONLineWriter(capacity: 48 + params.count)
        json.beginObject()
        json.field("id", id)
        json.field("method", method)
        json.key("params")
        json.raw(params)
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }
}
