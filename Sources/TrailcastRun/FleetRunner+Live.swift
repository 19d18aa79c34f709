// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
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
    ///   - notice: a line about the run a person must see even without progress (the
    ///     verifier lost its broker and subscribed again).
    ///   - interrupted: asked at every wake-up; true ends the run as `--duration` would.
    package static func runLive(
        _ plan: FleetRunPlan, progress: @escaping @Sendable (String) -> Void,
        notice: @escaping @Sendable (String) -> Void, interrupted: @escaping @Sendable () -> Bool
    ) async throws(RunFailure) -> FleetSummary {
        // Before any file is read or made: no output over an input, nor over the other.
        try PathGuard.check(plan.paths(virtual: false))
        var plan = plan
        if var mqtt = plan.mqtt {
            try plan.mqttAccess.apply(to: &mqtt)
            plan.mqtt = mqtt
        }
        if let osmAnd = plan.osmAnd { plan.osmAnd?.options = try osmAnd.resolvedOptions() }
        if let http = plan.ownTracksHTTP { plan.ownTracksHTTP?.options = try http.resolvedOptions() }
        guard plan.mqtt != nil || plan.osmAnd != nil || plan.ownTracksHTTP != nil else {
            throw RunFailure("give --mqtt, --osmand or --owntracks-http to send, or --virtual", status: .usage)
        }
        if let problem = plan.fleet.problem { throw RunFailure(problem, status: .usage) }
        let routes = try plan.loadRoutes()
        // Written whole at the end: staged beside its place until then.
        let summaryFile = try plan.summaryPath.map { path throws(RunFailure) in
            try StagedOutput(path, what: "the summary")
        }
        defer { summaryFile?.discard() }
        let deviceCount = plan.fleet.shardDeviceCount
        ProcessResources.raiseOpenFileLimit(toAtLeast: (plan.mqtt?.connections == .perDevice ? deviceCount : 0) + 256)

        // The backends must be there at the start: a run against nothing is a mistake (69).
        let storeCheck = storeCheck(plan)
        do {
            if let mqtt = plan.mqtt {
                try await MQTTFleetPublisher.probe(
                    mqtt, clientIdentifier: "trailcast-fleet-probe-\(plan.fleet.shard.index)")
            }
            if let osmAnd = plan.osmAnd { try await HTTPFleetSender.probe(osmAnd.options, what: "the OsmAnd server") }
            if let http = plan.ownTracksHTTP {
                try await HTTPFleetSender.probe(http.options, what: "the OwnTracks HTTP endpoint")
            }
            if let storeCheck { try await storeCheck.probe() }
        } catch {
            throw RunFailure("\(error)", status: .unavailable)
        }

        let clock = TimerThreadClock()
        let origin = clock.now
        let elapsedSeconds: @Sendable () -> Double = { (clock.now - origin).seconds }
        let runStart = WallClock.now()
        var fleet = Fleet(plan: plan.fleet, routes: routes, start: runStart)
        let senders = try await LiveSenders.start(
            plan: plan, fleet: fleet, deviceCount: deviceCount, elapsedSeconds: elapsedSeconds, notice: notice)
        let startedAt = ProcessResources.cpuSeconds()
        let (messages, lag) = await pace(
            &fleet, plan: plan, senders: senders, clock: clock, origin: origin, progress: progress,
            interrupted: interrupted)
        let runSeconds = elapsedSeconds()
        let verification = await senders.finish()
        let runEnd = WallClock.now()
        // The last line: the summary's own totals once every answer is in (the last
        // per-second line was written before the end's answers came).
        progress(progressLine(done: runSeconds, fleet: fleet, backends: senders.backends(), lag: lag))
        var summary = FleetSummary(
            plan: plan, classOfSlot: senders.classOfSlot, activeDevices: fleet.activeDevices, messages: messages,
            wallSeconds: runSeconds, cpuSeconds: ProcessResources.cpuSeconds() - startedAt,
            backends: senders.backends(),
            lag: lag, verification: verification)
        if let storeCheck {
            // What the recorder reads: the MQTT broker's and its own /pub's acknowledged.
            let expected = summary.backends.filter { $0.name == "mqtt" || $0.name == "owntracks-http" }.reduce(0) {
                $0 + $1.counts.acknowledged
            }
            summary.store = await storeCheck.run(
                expected: expected, runStart: Int(runStart.secondsSince1970), runEnd: Int(runEnd.secondsSince1970),
                notice: progress)
        }
        if let summaryFile {
            let bytes = summary.json()
            if let failure = bytes.withUnsafeBytes({ DescriptorWrite.all($0, to: summaryFile.descriptor) }) {
                throw RunFailure.cannotWrite(plan.summaryPath, errno: failure)
            }
            try summaryFile.commit()
        }
        return summary
    }

    /// `--verify-store`'s check of this shard's devices, or nil.
    private static func storeCheck(_ plan: FleetRunPlan) -> RecorderStoreCheck? {
        guard let url = plan.verifyStore else { return nil }
        // The recorder's user and device are the topic's levels, as the fleet names them.
        func level(_ device: String, _ index: Int) -> String {
            String(OwnTracksLocation.topic(user: plan.ownTracksUser, device: device).split(separator: "/")[index])
        }
        let devices = plan.fleet.shard.devices(of: plan.fleet.deviceCount).map { level(plan.fleet.deviceID($0), 2) }
        return RecorderStoreCheck(
            base: .init(host: url.host, port: url.port, path: url.path, isSecure: url.isSecure), user: level("d", 1),
            devices: devices, maximumWait: plan.verifyStoreWait)
    }

    /// The fleet paced in real time on `clock` until its end, `--duration` or `interrupted`:
    /// each wake-up sends everything due by then, and once a second a progress line. The
    /// messages made and how late each went out.
    private static func pace(
        _ fleet: inout Fleet, plan: FleetRunPlan, senders: LiveSenders, clock: TimerThreadClock,
        origin: TimerThreadClock.Instant, progress: @Sendable (String) -> Void, interrupted: @Sendable () -> Bool
    ) async -> (messages: Int, lag: LatencyHistogram) {
        let elapsedSeconds = { (clock.now - origin).seconds }
        let speed = plan.speed > 0 ? plan.speed : 1
        let end = plan.durationSeconds.map { Int64(($0 * 1e9).rounded()) } ?? .max
        var lag = LatencyHistogram()
        var lastSecond = LatencyHistogram()
        var nextProgress = 1.0
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
                    senders.send(location, sentSeconds: elapsedSeconds())
                    let late = elapsedSeconds() - Double(due) / 1e9 / speed
                    lag.record(seconds: late)
                    lastSecond.record(seconds: late)
                }
            }
            senders.publisher?.flush()
            if now >= nextProgress {
                senders.verifier?.expire()
                progress(progressLine(at: now, fleet: fleet, backends: senders.backends(), lag: lastSecond))
                lastSecond = LatencyHistogram()
                nextProgress = now.rounded(.down) + 1
            }
        }
        return (messages, lag)
    }

    /// The shortest time between two wake-ups of a real-time run: 2 ms, a fiftieth of the
    /// 100 ms send lag a tracking backend's load test can bear (issue 25's target), and few
    /// enough wake-ups that 10,000 devices at 1 Hz make 500 a second, not 10,000.
    static let pacingTickSeconds = 0.002

    /// `fleet: done in 10.0s | ...`: the totals at the end, and the whole run's lag.
    private static func progressLine(
        done seconds: Double, fleet: Fleet, backends: [FleetSummary.Backend], lag: LatencyHistogram
    ) -> String {
        let totals = progressLine(at: seconds, fleet: fleet, backends: backends, lag: lag)
        let rest = totals.drop { $0 != "|" }
        return "fleet: done in \(Double((seconds * 10).rounded()) / 10)s, devices \(fleet.activeDevices) \(rest)"
    }

    private static func progressLine(
        at seconds: Double, fleet: Fleet, backends: [FleetSummary.Backend], lag: LatencyHistogram
    ) -> String {
        func milliseconds(_ value: Double?) -> String {
            guard let value else { return "-" }
            return String(Double((value * 100_000).rounded()) / 100) + " ms"
        }
        // The whole seconds passed, as the next line is due at the next one: rounded to the
        // nearest, a wake-up half a second late named its second, and the next line again.
        var line = "fleet: \(Int(seconds.rounded(.down)))s active \(fleet.activeDevices)"
        // The summary's totals, by the summary's names (DeliveryCounts.named): the same
        // numbers, so that a line and the summary can be compared.
        for backend in backends {
            line += " | \(backend.name) connected \(backend.connections.open)"
            for (name, value) in backend.counts.named { line += " \(name) \(value)" }
            line += " failedConnects \(backend.connections.failedAttempts)"
            // The causes after the pairs a reader reads as names and numbers, each list named
            // by the count it explains: (errors: 401 Unauthorized: 50; failedConnects: timed out: 3).
            var causes: [String] = []
            if !backend.counts.errorCauses.isEmpty { causes.append("errors: \(backend.counts.causesText)") }
            if !backend.connections.failureCauses.isEmpty {
                causes.append("failedConnects: \(backend.connections.failureCausesText)")
            }
            if !causes.isEmpty { line += " (\(causes.joined(separator: "; ")))" }
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
