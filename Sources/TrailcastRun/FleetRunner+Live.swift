#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TrailcastBasics
import TrailcastEngine
import TrailcastFeeds
import TrailcastWire

extension FleetRunner {
    /// A real-time run (`--mqtt`): the fleet paced by one timer thread for all its devices
    /// (each wake-up handles everything due by then), each message published as it falls due,
    /// a progress line every second, and at the end the summary.
    ///
    /// - Parameters:
    ///   - progress: one line a second (devices active, sent, acknowledged, errors, lag).
    ///   - interrupted: asked at every wake-up; true ends the run as `--duration` would.
    public static func runLive(
        _ plan: FleetRunPlan, progress: @escaping @Sendable (String) -> Void, interrupted: @escaping @Sendable () -> Bool
    ) async throws(RunFailure) -> FleetSummary {
        guard plan.mqtt != nil || plan.osmAnd != nil else {
            throw RunFailure("fleet: give --mqtt mqtt://HOST:PORT or --osmand http://HOST:PORT, or --virtual", status: .usage)
        }
        if let problem = plan.fleet.problem { throw RunFailure("fleet: \(problem)", status: .usage) }
        let routes = try plan.loadRoutes()
        let summaryFile = try plan.summaryPath.map { path throws(RunFailure) in try OutputFile.create(path, what: "the summary") }
        defer { if let summaryFile { close(summaryFile) } }
        let deviceCount = (plan.fleet.deviceCount - plan.fleet.shard.index + plan.fleet.shard.count - 1) / plan.fleet.shard.count
        ProcessResources.raiseOpenFileLimit(toAtLeast: (plan.mqtt?.connections == .perDevice ? deviceCount : 0) + 256)

        // The backends must be there at the start: a run against nothing is a mistake (69).
        do {
            if let mqtt = plan.mqtt { try await MQTTFleetPublisher.probe(mqtt, clientIdentifier: "trailcast-fleet-probe-\(plan.fleet.shard.index)") }
            if let osmAnd = plan.osmAnd { try await OsmAndFleetSender.probe(osmAnd) }
        } catch {
            throw RunFailure("fleet: \(error)", status: .unavailable)
        }

        let clock = TimerThreadClock()
        let origin = clock.now
        let wallStart = WallClock.now()
        let elapsedSeconds: @Sendable () -> Double = { (clock.now - origin).seconds }
        // Each device's topic and tracker id, made once rather than once per message.
        let names = TopicNames(plan: plan)
        let slotDevices = Array(plan.fleet.shard.devices(of: plan.fleet.deviceCount))
        let topicOfSlot = slotDevices.map { names[$0] }
        let trackerIDOfSlot = slotDevices.map { names.trackerID($0) }
        let idOfSlot = slotDevices.map { plan.fleet.deviceID($0) }
        var fleet = Fleet(plan: plan.fleet, routes: routes, start: wallStart)
        let classOfSlot = (0..<fleet.deviceCount).map { UInt8(fleet.gpsMixIndex(ofSlot: $0)) }
        var verifier: MQTTDeliveryVerifier?
        if plan.verify, let mqtt = plan.mqtt {
            verifier = try await startVerifier(mqtt, plan: plan, elapsedSeconds: elapsedSeconds)
        }
        let shards = plan.fleet.shard.count
        let classOfDevice: @Sendable (Int) -> Int = { device in Int(classOfSlot[device / shards]) }
        let publisher = plan.mqtt.map { makePublisher($0, plan: plan, deviceCount: deviceCount, classOfDevice: classOfDevice) }
        let osmAndSender = plan.osmAnd.map {
            OsmAndFleetSender(options: $0, classCount: plan.fleet.gpsMix.parts.count, classOfDevice: classOfDevice)
        }
        let speed = plan.speed > 0 ? plan.speed : 1
        let end = plan.durationSeconds.map { Int64(($0 * 1e9).rounded()) } ?? .max
        var lag = LatencyHistogram()
        var lastSecond = LatencyHistogram()
        var nextProgress = 1.0
        let startedAt = ProcessResources.cpuSeconds()
        var messages = 0
        var lastWake = -1.0
        while !interrupted() {
            guard let due = fleet.nextMomentNanoseconds, due < end else { break }
            let dueWall = Double(due) / 1e9 / speed
            // At most one wake-up per tick: what falls due within it waits for its end, and
            // goes out in one batch (one hop to each event loop) rather than one by one.
            let wake = max(min(dueWall, nextProgress), lastWake + pacingTickSeconds)
            if elapsedSeconds() < wake {
                do {
                    try await clock.sleep(until: origin.advanced(by: .nanoseconds(Int64(wake * 1e9))))
                } catch {
                    break
                }
            }
            let now = elapsedSeconds()
            lastWake = now
            while let due = fleet.nextMomentNanoseconds, due < end, Double(due) / 1e9 / speed <= now {
                fleet.advance { happening in
                    guard case .location(let location) = happening else { return }
                    messages += 1
                    let slot = location.device / shards
                    if let publisher {
                        let payload = OwnTracksLocation(
                            fix: location.fix, trackerID: trackerIDOfSlot[slot],
                            batteryPercent: location.batteryPercent, trigger: nil
                        ).json()
                        verifier?.expect(device: location.device, payload: payload, sentSeconds: elapsedSeconds())
                        publisher.send(topic: topicOfSlot[slot], payload: payload, slot: slot, device: location.device)
                    }
                    if let osmAndSender {
                        let position = OsmAndLocation(
                            deviceID: idOfSlot[slot], fix: location.fix,
                            batteryPercent: location.batteryPercent)
                        osmAndSender.send(target: position.requestTarget(), slot: slot, device: location.device)
                    }
                    let late = elapsedSeconds() - Double(due) / 1e9 / speed
                    lag.record(seconds: late)
                    lastSecond.record(seconds: late)
                }
            }
            publisher?.flush()
            if now >= nextProgress {
                verifier?.expire()
                progress(progressLine(at: now, fleet: fleet, backends: backends(publisher, osmAndSender), lag: lastSecond))
                lastSecond = LatencyHistogram()
                nextProgress = now.rounded(.down) + 1
            }
        }
        let runSeconds = elapsedSeconds()
        await publisher?.finish(timeout: .seconds(5))
        await osmAndSender?.finish(timeout: .seconds(5))
        let verification = await verifier?.finish(graceSeconds: 5)
        let summary = FleetSummary(
            plan: plan, classOfSlot: classOfSlot, activeDevices: fleet.activeDevices, messages: messages, wallSeconds: runSeconds,
            cpuSeconds: ProcessResources.cpuSeconds() - startedAt, backends: backends(publisher, osmAndSender), lag: lag,
            verification: verification)
        if let summaryFile {
            let bytes = summary.json()
            if let failure = bytes.withUnsafeBytes({ DescriptorWrite.all($0, to: summaryFile) }) {
                throw RunFailure(
                    "\(plan.summaryPath ?? ""): error: cannot write: \(String(cString: strerror(failure)))", status: .ioError)
            }
        }
        return summary
    }

    /// The shortest time between two wake-ups of a real-time run: 2 ms, a fiftieth of the
    /// 100 ms send lag a tracking backend's load test can bear (issue 25's target), and few
    /// enough wake-ups that 10,000 devices at 1 Hz make 500 a second, not 10,000.
    static let pacingTickSeconds = 0.002

    private static func backends(_ publisher: MQTTFleetPublisher?, _ osmAnd: OsmAndFleetSender?) -> [FleetSummary.Backend] {
        var backends: [FleetSummary.Backend] = []
        if let publisher {
            let counts = publisher.counts()
            backends.append(.init(
                name: "mqtt", counts: counts.reduce(DeliveryCounts(), +), countsPerClass: counts,
                connections: publisher.connectionCounts()))
        }
        if let osmAnd {
            let counts = osmAnd.counts()
            backends.append(.init(
                name: "osmand", counts: counts.reduce(DeliveryCounts(), +), countsPerClass: counts,
                connections: osmAnd.connectionCounts()))
        }
        return backends
    }

    private static func startVerifier(
        _ mqtt: MQTTFleetPublisher.Options, plan: FleetRunPlan, elapsedSeconds: @escaping @Sendable () -> Double
    ) async throws(RunFailure) -> MQTTDeliveryVerifier {
        let fleet = plan.fleet
        let prefix = OwnTracksLocation.topic(user: plan.ownTracksUser, device: fleet.idPrefix)
        let verifier = MQTTDeliveryVerifier(
            deviceOfTopic: { topic in
                guard topic.hasPrefix(prefix), let index = Int(topic.dropFirst(prefix.count)), index >= 0,
                    index < fleet.deviceCount, fleet.shard.contains(index)
                else { return nil }
                return index
            },
            now: elapsedSeconds)
        do {
            try await verifier.start(
                .init(host: mqtt.host, port: mqtt.port, clientIdentifier: "trailcast-fleet-verify-\(fleet.shard.index)"),
                filter: OwnTracksLocation.topicFilter(user: plan.ownTracksUser))
        } catch {
            throw RunFailure("fleet: --verify: \(error)", status: .unavailable)
        }
        return verifier
    }

    private static func makePublisher(
        _ mqtt: MQTTFleetPublisher.Options, plan: FleetRunPlan, deviceCount: Int, classOfDevice: @escaping @Sendable (Int) -> Int
    ) -> MQTTFleetPublisher {
        let fleet = plan.fleet
        let classCount = fleet.gpsMix.parts.count
        switch mqtt.connections {
        case .perDevice:
            let identifiers = fleet.shard.devices(of: fleet.deviceCount).map(fleet.deviceID)
            return MQTTFleetPublisher(
                options: mqtt, linkClientIdentifiers: identifiers, classCount: classCount,
                classOfDevice: classOfDevice, linkOfSlot: { $0 })
        case .shared(let count):
            let links = max(1, min(count, deviceCount))
            let identifiers = (0..<links).map { "trailcast-fleet-\(fleet.shard.index)-\($0)" }
            return MQTTFleetPublisher(
                options: mqtt, linkClientIdentifiers: identifiers, classCount: classCount,
                classOfDevice: classOfDevice, linkOfSlot: { $0 % links })
        }
    }

    private static func progressLine(
        at seconds: Double, fleet: Fleet, backends: [FleetSummary.Backend], lag: LatencyHistogram
    ) -> String {
        func milliseconds(_ value: Double?) -> String {
            guard let value else { return "-" }
            return String(Double((value * 100_000).rounded()) / 100) + " ms"
        }
        var line = "fleet: \(Int(seconds.rounded()))s active \(fleet.activeDevices)"
        for backend in backends {
            let counts = backend.counts
            line += " | \(backend.name) connected \(backend.connections.open) sent \(counts.sent)"
                + " acked \(counts.acknowledged) refused \(counts.refused) lost \(counts.lost)"
                + " errors \(counts.errors + backend.connections.failedAttempts)"
        }
        return line + " | lag p50 \(milliseconds(lag.percentile(0.5))) p99 \(milliseconds(lag.percentile(0.99)))"
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
