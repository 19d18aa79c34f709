import TrailcastReport
import TrailcastEngine
import TrailcastWeatherServer

/// `--serve`: the live server of a run and what it serves from (the event journal, the
/// device's latest report, the run's control).
struct LiveRun {
    let journal: EventJournal
    let latest: LatestDeviceReport
    let control: ReplayControl
    /// What the live page's map draws: the run's report so far.
    let report: ReportCollector
    let server: LiveServer

    /// Listens, and says where in `messages` (the port matters for port 0).
    static func start(on address: HostAndPort, speed: Double, mapTiles: MapTiles?, messages: RunMessages) async throws -> LiveRun {
        let journal = try EventJournal()
        let latest = LatestDeviceReport()
        let control = ReplayControl(speed: speed)
        let report = ReportCollector(tiles: mapTiles)
        let server = try await LiveServer.start(
            host: address.host, port: address.port, journal: journal, latest: latest, control: control, report: report)
        messages(
            "trailcast: serving the live run on http://\(WeatherServer.authority(host: address.host, port: server.port)) "
                + "(the live page at /; GET /events, /location, /health; POST /pause, /resume, /speed?multiplier=N with the token \(server.access.token))")
        return LiveRun(journal: journal, latest: latest, control: control, report: report, server: server)
    }
}
