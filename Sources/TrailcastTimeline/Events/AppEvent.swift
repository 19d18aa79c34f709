// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastCoreLocation

extension AppState: TimelineEventBody {
    static let eventType = "app"
    static let textColor = TimelineTextColor.cyan
    static var example: AppState { .background }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("state", self)
    }

    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: rawValue.utf8)
    }
}
