// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastFeeds

/// How many connections an HTTP backend (OsmAnd, OwnTracks over HTTP) opens by default:
/// one per 25 devices, at least 8, at most 1,000. Exact, where the 500-device run against a
/// 20 ms server that once checked it measured the machine (bench/fleet-mqtt.py keeps that).
@Suite("HTTP backends' default connections")
struct HTTPConnectionCountTests {
    @Test(
        "one per 25 devices, rounded up, at least 8 and at most 1,000",
        arguments: [
            (1, 8), (100, 8), (200, 8), (201, 9), (225, 9), (226, 10), (500, 20), (10_000, 400), (25_000, 1000),
            (40_000, 1000),
        ])
    func defaultConnections(devices: Int, connections: Int) {
        #expect(HTTPFleetSender.defaultConnections(devices: devices) == connections)
    }
}
