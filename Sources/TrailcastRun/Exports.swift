// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.

// A plan is written in the settings' words (`ReplayConfiguration`, `ScheduledEvent`, the
// GPS, weather and location settings), so `import TrailcastRun` brings them: the settings
// module is not a product, and a user should not have to import it by name.
@_exported import TrailcastSettings

// A plan's feeds are requests (`FeedPlan.feeds`): the protocols a feed of the user's own
// conforms to, and the built-in feeds' requests. The feeds themselves and the rest of
// their module (the wire formats, the servers, the fleet's senders) are the command's own.
@_exported import protocol TrailcastFeeds.Feed
@_exported import protocol TrailcastFeeds.FeedRequest
@_exported import struct TrailcastFeeds.NMEAFeedRequest
@_exported import struct TrailcastFeeds.AndroidEmulatorFeedRequest
@_exported import struct TrailcastFeeds.SimulatorFeedRequest
@_exported import struct TrailcastFeeds.BrowserFeedRequest
@_exported import enum TrailcastFeeds.BrowserProtocol
