// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastCoreLocation

extension RegionFailure: TimelineEventBody {
    static let eventType = "regionError"
    static let textColor = TimelineTextColor.boldRed
    static var example: RegionFailure { RegionFailure(identifier: "pharmacy", reason: .limit) }

    func writeFields(to fields: inout some TimelineFields) {
        fields.string("identifier", identifier)
        fields.choice("code", reason.code)
        fields.choice("reason", reason)
        fields.string("message", message)
    }

    /// `pharmacy: limit: The app already monitors 20 regions (kCLErrorRegionMonitoringFailure).`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "\(identifier): \(reason.rawValue): \(message)".utf8)
    }
}
