import TrailcastFeeds
import TrailcastGPX
import TrailcastReport
import TrailcastEngine
import TrailcastTimeline
import TrailcastWeatherServer
import TrailcastDevice
import TrailcastWire
import TrailcastSettings

/// One replay with its feeds: started before the first fix (in the task that runs the
/// replay, which alone calls them), the replay itself, then the feeds closed in an order
/// that lets their consumers see the end.
enum FeedSession {
    static func run(
        _ replay: Replay, feeds plan: FeedPlan, outputs: Outputs, messages: @escaping RunMessages
    ) async throws -> ReplaySummary {
        var servers: [NMEATCPFeed] = []
        var datagrams: [NMEAUDPFeed] = []
        for case .tcp(let host, let port) in plan.nmea {
            let feed = try await NMEATCPFeed.start(host: host, port: port) { messages($0) }
            messages("trailcast: serving NMEA on tcp://\(WeatherServer.authority(host: host, port: feed.port))")
            servers.append(feed)
        }
        for case .udp(let host, let port) in plan.nmea {
            datagrams.append(try await NMEAUDPFeed.start(host: host, port: port))
        }
        var emulator: AndroidEmulatorFeed?
        if let address = plan.androidEmulator {
            let token = plan.androidToken ?? AndroidConsoleAddress.tokenFromHome()
            emulator = try await AndroidEmulatorFeed.connect(host: address.host, port: address.port, token: token)
        }
        let simulator = try plan.simulator.map { try SimulatorFeed(device: $0, bundleID: plan.bundleID) }
        var browser: BrowserFeed?
        if let endpoint = plan.browser {
            let feed = try await BrowserFeed.connect(endpoint: endpoint, targetFilter: plan.browserTarget) { messages($0) }
            messages("trailcast: driving the geolocation of \(feed.version.browser)'s pages"
                + (plan.browserTarget.map { " whose URL contains \"\($0)\"" } ?? ""))
            browser = feed
        }
        var live: LiveRun?
        if let address = plan.serve {
            live = try await LiveRun.start(
                on: address, speed: replay.configuration.speed, mapTiles: outputs.mapTiles, messages: messages)
        }
        let files: [any DeviceStreamObserver] = outputs.nmeaFiles.map(NMEAFileFeed.init(descriptor:))
        let device = DeviceFeeds(
            files + servers + datagrams + (emulator.map { [$0] } ?? []) + (simulator.map { [$0] } ?? [])
                + (browser.map { [$0] } ?? []) + (live.map { [$0.latest] } ?? []))
        let taps = Taps(simulator: simulator, browser: browser, live: live)

        let result: Result<ReplaySummary, ReplayError>
        do throws(ReplayError) {
            result = .success(try await TimelineOutputs.replay(replay, outputs: outputs, device: device, taps: taps, messages: messages))
        } catch {
            result = .failure(error)
        }
        // Clients get what is still on its way before the servers close.
        await live?.server.close()
        for feed in servers { await feed.close() }
        for feed in datagrams { await feed.close() }
        // What is queued for the pages, and the browser's answers, before the connection closes.
        await browser?.close()
        // The last fixes' answers (a KO among them ends the run with 69).
        var unanswered: (any Error)?
        if case .success = result {
            do { try await emulator?.finish() } catch { unanswered = error }
        }
        await emulator?.close()
        if let unanswered { throw unanswered }
        // The last location and permission commands still on their way to simctl.
        if case .success = result { try await simulator?.finish() }
        return try result.get()
    }
}

/// What taps the timeline besides its files: the live stream and the permission mirror
/// (Simulator, browser), when asked for.
struct Taps {
    var simulator: SimulatorFeed?
    var browser: BrowserFeed?
    var live: LiveRun?
}
