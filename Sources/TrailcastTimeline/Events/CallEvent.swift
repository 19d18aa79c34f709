// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastCoreLocation

extension ManagerCall: TimelineEventBody {
    static let eventType = "call"
    static let textColor = TimelineTextColor.cyan
    static var example: ManagerCall { ManagerCall(method: .requestLocation, manager: 0) }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("method", method)
        fields.integer("manager", manager)
    }

    /// `manager 0: requestLocation()`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "manager \(manager): \(method.rawValue)()".utf8)
    }
}
