// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice

/// Several feeds on one device stream: each epoch goes to every one, in order. Nil when
/// there are none, so a replay without feeds pays nothing per fix.
package final class DeviceFeeds: DeviceStreamObserver {
    private let feeds: [any DeviceStreamObserver]

    package init?(_ feeds: [any DeviceStreamObserver]) {
        guard !feeds.isEmpty else { return nil }
        self.feeds = feeds
    }

    package func deviceReported(_ epoch: DeviceEpoch) throws {
        for feed in feeds { try feed.deviceReported(epoch) }
    }

    package func deviceStreamEnded() throws {
        for feed in feeds { try feed.deviceStreamEnded() }
    }
}
