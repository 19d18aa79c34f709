// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// A message from the browser on the DevTools WebSocket: the answer to a command (`id`,
/// with `result` or `error`) or an event (`method` and `params`), for the browser or, with
/// `sessionId`, for one attached page. Only the fields the browser feed reads are decoded;
/// anything else in the message is ignored, and a message that is not such an object is
/// `nil` from ``init(json:)``, never a crash (it comes from another process).
package struct DevToolsMessage: Sendable, Equatable, Decodable {
    package struct Failure: Sendable, Equatable, Decodable {
        package var code: Int?
        package var message: String?
    }

    /// A target as `Target.targetCreated`, `targetInfoChanged` and `attachedToTarget` describe it.
    package struct TargetInfo: Sendable, Equatable, Decodable {
        package var targetId: String
        /// `page`, `iframe`, `worker`, `browser`...
        package var type: String
        package var url: String
        /// The browser context the target is in (Playwright's `new_context()` makes one).
        package var browserContextId: String?
    }

    package struct Params: Sendable, Equatable, Decodable {
        package var targetInfo: TargetInfo?
        /// `Target.attachedToTarget` / `detachedFromTarget`: the page's session.
        package var sessionId: String?
    }

    package var id: Int?
    package var method: String?
    package var sessionId: String?
    package var params: Params?
    package var error: Failure?

    /// The message read from the WebSocket's text, or nil if it is not a DevTools message.
    package init?(json: String) {
        guard let message = try? JSONDecoder().decode(DevToolsMessage.self, from: Data(json.utf8)) else { return nil }
        self = message
    }
}

/// `GET /json/version` of a DevTools endpoint: the browser's name and the WebSocket URL of
/// its browser target, through which every page is reached.
package struct DevToolsVersion: Sendable, Equatable, Decodable {
    /// `Chrome/156.0.8078.108`, `HeadlessChrome/...`.
    package var browser: String
    package var webSocketDebuggerUrl: String

    enum CodingKeys: String, CodingKey {
        case browser = "Browser"
        case webSocketDebuggerUrl
    }

    /// The answer's body, or nil if it is not such an object.
    package init?(json: [UInt8]) {
        guard let version = try? JSONDecoder().decode(DevToolsVersion.self, from: Data(json)) else { return nil }
        self = version
    }

    /// The major version in `browser` (156 in `Chrome/156.0.8078.108`), if it has one.
    package var majorVersion: Int? {
        guard let slash = browser.firstIndex(of: "/") else { return nil }
        return Int(browser[browser.index(after: slash)...].prefix { $0.isNumber })
    }
}
