// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastCoreLocation

extension AuthorizationChange: TimelineEventBody {
    static let eventType = "authorization"
    static let textColor = TimelineTextColor.yellow
    static var example: AuthorizationChange {
        AuthorizationChange(from: .notDetermined, to: .denied, accuracy: .full, servicesEnabled: true, cause: .prompt)
    }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("from", from)
        fields.choice("to", to)
        fields.choice("accuracy", accuracy)
        fields.bool("servicesEnabled", servicesEnabled)
        fields.choice("cause", cause)
    }

    /// `notDetermined -> whenInUse, accuracy full, services on (prompt)`
    func appendText(to bytes: inout [UInt8]) {
        var text = from == to ? to.rawValue : "\(from.rawValue) -> \(to.rawValue)"
        text += ", accuracy \(accuracy.rawValue), services \(servicesEnabled ? "on" : "off") (\(cause.rawValue))"
        bytes.append(contentsOf: text.utf8)
    }
}
