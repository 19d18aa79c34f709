// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The `pause` event: Core Location paused a manager's updates automatically
/// (`locationManagerDidPauseLocationUpdates`).
public struct UpdatesPaused: Sendable, Equatable {
    /// Which of the app's managers, from 0.
    public var manager: Int

    package init(manager: Int) {
        self.manager = manager
    }
}

/// The `resume` event: the app started the paused updates again
/// (`locationManagerDidResumeLocationUpdates`).
public struct UpdatesResumed: Sendable, Equatable {
    /// Which of the app's managers, from 0.
    public var manager: Int

    package init(manager: Int) {
        self.manager = manager
    }
}

extension UpdatesPaused: TimelineEventBody {
    static let eventType = "pause"
    static let textColor = TimelineTextColor.yellow
    static var example: UpdatesPaused { UpdatesPaused(manager: 0) }

    func writeFields(to fields: inout some TimelineFields) {
        fields.integer("manager", manager)
    }

    /// `updates paused (manager 0)`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "updates paused (manager \(manager))".utf8)
    }
}

extension UpdatesResumed: TimelineEventBody {
    static let eventType = "resume"
    static let textColor = TimelineTextColor.yellow
    static var example: UpdatesResumed { UpdatesResumed(manager: 0) }

    func writeFields(to fields: inout some TimelineFields) {
        fields.integer("manager", manager)
    }

    /// `updates resumed (manager 0)`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "updates resumed (manager \(manager))".utf8)
    }
}
