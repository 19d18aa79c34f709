// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastSettings

extension TapAction: TimelineEventBody {
    static let eventType = "tap"
    static let textColor = TimelineTextColor.cyan
    static var example: TapAction { .requestPermission }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("action", self)
    }

    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: rawValue.utf8)
    }
}
