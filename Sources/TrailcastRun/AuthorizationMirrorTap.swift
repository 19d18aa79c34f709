// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastFeeds
import TrailcastTimeline

/// Passes the timeline on, and hands each change of the app's authorization to the feeds
/// that mirror it onto what runs outside (the iOS Simulator's privacy, the browser's
/// pages' permission), in the order the run makes them. Each feed says what it can express.
struct AuthorizationMirrorTap<Inner: TimelineRecorder>: TimelineRecorder {
    var inner: Inner
    let feeds: [any Feed]

    init(_ inner: Inner, feeds: [any Feed]) {
        self.inner = inner
        self.feeds = feeds
    }

    mutating func record(_ event: TimelineEvent) throws {
        try inner.record(event)
        guard case .authorization(let change) = event.kind else { return }
        for feed in feeds { try feed.authorizationChanged(change) }
    }

    mutating func flush() throws {
        try inner.flush()
    }
}
