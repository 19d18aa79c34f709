// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastCoreLocation

extension InfoPlistError: TimelineEventBody {
    static let eventType = "plistError"
    static let textColor = TimelineTextColor.boldRed
    static var example: InfoPlistError {
        InfoPlistError(method: .requestWhenInUseAuthorization, manager: 0, missing: [.whenInUseUsageDescription])
    }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("method", method)
        fields.integer("manager", manager)
        // The first entry missing; the message names each.
        fields.choice("reason", missing.first)
        fields.string("message", message)
    }

    /// `manager 0: requestWhenInUseAuthorization: The app's Info.plist has no ...`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "manager \(manager): \(method.rawValue): \(message)".utf8)
    }
}
