// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The `indicator` event: the system began or stopped showing the background location
/// indicator for the app (the blue pill or status bar arrow that Apple's
/// `showsBackgroundLocationIndicator` page describes). While it shows, the app is in use
/// (docs/background.md).
public enum BackgroundIndicator: String, Sendable, Equatable, CaseIterable {
    /// The system began showing the indicator: the app uses location in the background.
    case shown
    /// The system stopped showing it: the app left the background, or no longer uses location there.
    case hidden
}

extension BackgroundIndicator: TimelineEventBody {
    static let eventType = "indicator"
    static let textColor = TimelineTextColor.cyan
    static var example: BackgroundIndicator { .shown }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("state", self)
    }

    /// `background location indicator shown`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "background location indicator \(rawValue)".utf8)
    }
}
