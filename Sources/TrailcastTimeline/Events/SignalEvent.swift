// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastDevice

extension SignalChange: TimelineEventBody {
    static let eventType = "signal"
    static let textColor = TimelineTextColor.cyan
    static var example: SignalChange { SignalChange(state: .lost, cause: .event, time: Timestamp(secondsSince1970: 0)) }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("state", state)
        fields.choice("cause", cause)
    }

    /// `lost (event)`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "\(state.rawValue) (\(cause.rawValue))".utf8)
    }
}
