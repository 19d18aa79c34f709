// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
import TrailcastBasics

/// A Chrome DevTools Protocol command as the browser feed sends it: `{"id", "method",
/// "params", "sessionId"}` on the browser's WebSocket, the session naming the page it is
/// for (flat sessions, `Target.attachToTarget` with `flatten`). The protocol is Chromium's
/// own (https://chromedevtools.github.io/devtools-protocol/); each method below names its
/// domain's page there, and the parameters were checked against Chromium 156's
/// `/json/protocol`.
package struct DevToolsCommand: Sendable, Equatable {
    package var method: String
    /// The parameters as a JSON object, already written.
    package var params: [UInt8]

    /// Any command: `params` a JSON object's bytes.
    package init(method: String, params: [UInt8]) {
        self.method = method
        self.params = params
    }

    /// `Emulation.setGeolocationOverride`: the page's `navigator.geolocation` reports this
    /// fix; nil leaves every parameter out, which "emulates position unavailable". Latitude
    /// and longitude to 1e-8 degrees (a millimetre). Altitude and `altitudeAccuracy` only
    /// when the fix has an altitude; `heading` only when the course is known (a fix's -1)
    /// and the device moves (the Geolocation API's heading is NaN at rest); `speed` only
    /// when known. Chromium before 136 took only latitude, longitude and accuracy (see
    /// docs/browser.md).
    package static func geolocationOverride(_ fix: LocationFix?) -> DevToolsCommand {
        var json = JSONLineWriter(capacity: 160)
        json.beginObject()
        if let fix { writeCoordinates(of: fix, to: &json) }
        json.endObject()
        return DevToolsCommand(method: "Emulation.setGeolocationOverride", params: json.bytes)
    }

    /// A fix as `GeolocationCoordinates`' fields, into an open object: the same in both
    /// protocols (this command's parameters, WebDriver BiDi's `coordinates`).
    static func writeCoordinates(of fix: LocationFix, to json: inout JSONLineWriter) {
        json.field("latitude", fix.latitude, fractionDigits: 8)
        json.field("longitude", fix.longitude, fractionDigits: 8)
        json.field("accuracy", fix.horizontalAccuracyMeters, fractionDigits: 2)
        if let altitude = fix.altitudeMeters {
            json.field("altitude", altitude, fractionDigits: 2)
            if let accuracy = fix.verticalAccuracyMeters { json.field("altitudeAccuracy", accuracy, fractionDigits: 2) }
        }
        if fix.courseDegrees >= 0 && fix.speedMetersPerSecond > 0 {
            json.field("heading", fix.courseDegrees, fractionDigits: 2)
        }
        if fix.speedMetersPerSecond >= 0 { json.field("speed", fix.speedMetersPerSecond, fractionDigits: 2) }
    }

    /// `Browser.setPermission` for `geolocation`, for every origin (no `origin`: "all
    /// origins if not specified"), in one browser context (`browserContextId`; none: the
    /// default one, which is all Chromium applies it to).
    package static func geolocationPermission(_ setting: GeolocationPermission, browserContextID: String? = nil)
        -> DevToolsCommand
    {
        var json = JSONLineWriter(capacity: 120)
        json.beginObject()
        json.key("permission")
        json.beginObject()
        json.field("name", "geolocation")
        json.endObject()
        json.field("setting", setting.rawValue)
        if let browserContextID { json.field("browserContextId", browserContextID) }
        json.endObject()
        return DevToolsCommand(method: "Browser.setPermission", params: json.bytes)
    }

    /// `Target.setDiscoverTargets`: the browser tells of every target, now and later
    /// (`Target.targetCreated`, `targetInfoChanged`, `targetDestroyed`).
    package static let discoverTargets = DevToolsCommand(
        method: "Target.setDiscoverTargets", params: Array(#"{"discover":true}"#.utf8))

    /// `Target.attachToTarget` with `flatten`: a session for the page, named in the
    /// commands sent to it.
    package static func attach(to targetID: String) -> DevToolsCommand {
        var json = JSONLineWriter(capacity: 80)
        json.beginObject()
        json.field("targetId", targetID)
        json.field("flatten", true)
        json.endObject()
        return DevToolsCommand(method: "Target.attachToTarget", params: json.bytes)
    }

    /// `Runtime.evaluate` of an expression, its value returned by value, promises awaited.
    package static func evaluate(_ expression: String) -> DevToolsCommand {
        var json = JSONLineWriter(capacity: 64 + expression.utf8.count)
        json.beginObject()
        json.field("expression", expression)
        json.field("returnByValue", true)
        json.field("awaitPromise", true)
        json.endObject()
        return DevToolsCommand(method: "Runtime.evaluate", params: json.bytes)
    }

    /// The message on the wire: numbered `id`, for the page session `sessionId` or the
    /// browser (nil).
    package func message(id: Int, sessionID: String?) -> String {
        var json = JSONLineWriter(capacity: 48 + params.count)
        json.beginObject()
        json.field("id", id)
        json.field("method", method)
        json.key("params")
        json.raw(params)
        if let sessionID { json.field("sessionId", sessionID) }
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }
}

/// A `PermissionSetting` of `Browser.setPermission`: what the page's Permissions API reports
/// for `geolocation`, and whether `getCurrentPosition` / `watchPosition` may deliver.
package enum GeolocationPermission: String, Sendable, Equatable {
    case granted, denied, prompt
}
