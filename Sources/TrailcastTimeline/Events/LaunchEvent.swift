// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastCoreLocation

extension LaunchReason: TimelineEventBody {
    static let eventType = "launch"
    static let textColor = TimelineTextColor.bold
    static var example: LaunchReason { .region }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("reason", self)
    }

    /// `relaunched in the background for region`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "relaunched in the background for \(rawValue)".utf8)
    }
}
