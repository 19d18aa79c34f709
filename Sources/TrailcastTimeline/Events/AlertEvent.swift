// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The `alert` event's fields (``TimelineEvent/Kind/alert(message:)``).
struct AlertShown: TimelineEventBody {
    var message: String

    static let eventType = "alert"
    static let textColor = TimelineTextColor.boldRed
    static var example: AlertShown { AlertShown(message: "Location access is off") }

    func writeFields(to fields: inout some TimelineFields) {
        fields.string("message", message)
    }

    /// `"Location access is off"`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "\"\(message)\"".utf8)
    }
}
