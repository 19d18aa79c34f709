// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastCoreLocation

/// The `prompt` event's fields (``TimelineEvent/Kind/prompt(request:answer:)``).
struct PromptShown: TimelineEventBody {
    var request: AuthorizationRequest
    var answer: PromptAnswer

    static let eventType = "prompt"
    static let textColor = TimelineTextColor.magenta
    static var example: PromptShown { PromptShown(request: .whenInUse, answer: .allow) }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("request", request)
        fields.choice("answer", answer)
    }

    /// `whenInUse requested, user chose allow`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "\(request.rawValue) requested, user chose \(answer.rawValue)".utf8)
    }
}
