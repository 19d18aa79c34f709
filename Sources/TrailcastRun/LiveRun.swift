// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastDevice
import TrailcastEngine
public import TrailcastFeeds
public import TrailcastReport
import TrailcastLive

/// `--serve`: the live server of a run and what it serves from (the event journal, the
/// device's latest report, the run's control). A feed of the device stream like the others;
/// the one that also taps the timeline (`TimelineOutputs`) and steers the run (`control`).
final class LiveRun: Feed {
    let journal: EventJournal
    let latest: LatestDeviceReport
    let control: ReplayControl
    /// What the live page's map draws: the run's report so far.
    let report: ReportCollector
    let server: LiveServer

    /// Listens, and says where in `messages` (the port matters for port 0).
    static func start(on address: HostAndPort, speed: Double, mapTiles: MapTiles?, messages: RunMessages) async throws
        -> LiveRun
    {
        let journal = try EventJournal()
        let latest = LatestDeviceReport()
        let control = ReplayControl(speed: speed)
        // Pages ask for the map every 2 s: a drawing half a second old (or one that no
        // longer holds the device, drawn again at once) costs them nothing they would see.
        let report = ReportCollector(tiles: mapTiles, redrawInterval: .milliseconds(500))
        let server = try await LiveServer.start(
            host: address.host, port: address.port, journal: journal, latest: latest, control: control, report: report)
        messages(
            "trailcast: serving the live run on http://\(urlAuthority(host: address.host, port: server.port)) "
                + "(the live page at /; GET /events, /location, /health; POST /pause, /resume, /speed?multiplier=N, /event?change=KEY=VALUE with the token \(server.access.token))"
        )
        return LiveRun(journal: journal, latest: latest, control: control, report: report, server: server)
    }

    private init(
        journal: EventJournal, latest: LatestDeviceReport, control: ReplayControl, report: ReportCollector,
        server: LiveServer
    ) {
        self.journal = journal
        self.latest = latest
        self.control = control
        self.report = report
        self.server = server
    }

    func deviceReported(_ epoch: DeviceEpoch) throws {
        latest.deviceReported(epoch)
    }

    func deviceStreamEnded() throws {
        latest.deviceStreamEnded()
    }

    /// Clients get what is still on its way before the server closes.
    func close() async {
        await server.close()
    }
}

/// `--serve [HOST:]PORT`: the live run served over HTTP, with these tiles under its page's
/// map.
public struct LiveStreamRequest: FeedRequest {
    /// Where the live page and its stream are served (`--serve [HOST:]PORT`); port 0 lets the system
    /// pick a free one.
    public var address: HostAndPort
    /// Web map tiles under the live page's map (`--tiles`); nil keeps the map offline.
    public var mapTiles: MapTiles?

    /// A live run served at `address`, its map drawn over `mapTiles` when given.
    public init(address: HostAndPort, mapTiles: MapTiles?) {
        self.address = address
        self.mapTiles = mapTiles
    }

    public func problem(speed: Double) -> String? {
        Self.needsRealTime("--serve streams a live run and needs", speed: speed)
    }

    public func start(speed: Double, messages: @escaping @Sendable (String) -> Void) async throws -> any Feed {
        try await LiveRun.start(on: address, speed: speed, mapTiles: mapTiles, messages: messages)
    }
}
