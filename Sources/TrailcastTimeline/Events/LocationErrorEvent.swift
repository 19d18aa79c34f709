// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastCoreLocation

extension LocationErrorCode: TimelineEventBody {
    static let eventType = "locationError"
    static let textColor = TimelineTextColor.boldRed
    static var example: LocationErrorCode { .denied }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("code", self)
        fields.string("message", message)
    }

    /// `denied: ...`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "\(rawValue): \(message)".utf8)
    }
}
