// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// A message from the browser on the WebDriver BiDi socket: a command's answer (`type`
/// `success` with `result`, or `error` with `error` and `message`) or an event (`method` and
/// `params`). Only what the browser feed reads is decoded; a message that is not such an
/// object is nil from ``init(json:)``, never a crash (it comes from another process).
package struct BiDiMessage: Sendable, Equatable, Decodable {
    /// A browsing context as `browsingContext.getTree` and the context events describe it.
    package struct Context: Sendable, Equatable, Decodable {
        package var context: String
        package var url: String?
        /// Nil for a top-level context (a tab or window).
        package var parent: String?
        /// The user context (container) it is in: `default`, or one a client made
        /// (`browser.createUserContext`, Playwright's BiDi `newContext()`).
        package var userContext: String?
    }

    package struct Result: Sendable, Equatable, Decodable {
        /// `browsingContext.getTree`.
        package var contexts: [Context]?
        /// `session.new`.
        package var capabilities: Capabilities?
        /// `session.subscribe`: the subscription's id, to end it alone.
        package var subscription: String?
    }

    package struct Capabilities: Sendable, Equatable, Decodable {
        package var browserName: String?
        package var browserVersion: String?
    }

    /// `success`, `error` or `event`.
    package var type: String
    package var id: Int?
    package var method: String?
    package var params: Context?
    package var result: Result?
    /// An error's code (`unknown command`, `invalid argument`...) and its words.
    package var error: String?
    package var message: String?

    package init?(json: String) {
        guard let message = try? JSONDecoder().decode(BiDiMessage.self, from: Data(json.utf8)) else { return nil }
        self = message
    }
}
