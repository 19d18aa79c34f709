// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastEngine
import TrailcastFeeds
import TrailcastWire

/// Where a real-time fleet run's messages go: the MQTT publisher, the OsmAnd sender and the
/// `--verify` subscriber its plan asks for, and what each device's messages are named by,
/// made once rather than once per message.
struct LiveSenders {
    let publisher: MQTTFleetPublisher?
    let osmAndSender: HTTPFleetSender?
    /// `--owntracks-http`: the OwnTracks message POSTed, as the apps' HTTP mode sends it.
    let ownTracksSender: HTTPFleetSender?
    let verifier: MQTTDeliveryVerifier?
    /// Each shard slot's GPS class (its index in the plan's mix).
    let classOfSlot: [UInt8]
    private let shards: Int
    private let topicOfSlot: [String]
    private let trackerIDOfSlot: [String]
    private let idOfSlot: [String]
    private let osmAndPath: String
    private let ownTracksPath: String

    /// Connects what the plan names (the verifier first, so that it hears every message).
    /// `notice`: a line for standard error (the verifier leaving and coming back).
    static func start(
        plan: FleetRunPlan, fleet: Fleet, deviceCount: Int, elapsedSeconds: @escaping @Sendable () -> Double,
        notice: @escaping @Sendable (String) -> Void
    ) async throws(RunFailure) -> LiveSenders {
        let names = TopicNames(plan: plan)
        let slotDevices = Array(plan.fleet.shard.devices(of: plan.fleet.deviceCount))
        let classOfSlot = (0..<fleet.deviceCount).map { UInt8(fleet.gpsMixIndex(ofSlot: $0)) }
        var verifier: MQTTDeliveryVerifier?
        if plan.verify, let mqtt = plan.mqtt {
            verifier = try await startVerifier(mqtt, plan: plan, elapsedSeconds: elapsedSeconds, notice: notice)
        }
        let shards = plan.fleet.shard.count
        let classOfDevice: @Sendable (Int) -> Int = { device in Int(classOfSlot[device / shards]) }
        return LiveSenders(
            publisher: plan.mqtt.map {
                var mqtt = $0
                mqtt.notice = notice
                return makePublisher(mqtt, plan: plan, deviceCount: deviceCount, classOfDevice: classOfDevice)
            },
            osmAndSender: plan.osmAnd.map {
                var options = $0.options
                options.what = "the OsmAnd server"
                options.notice = notice
                return HTTPFleetSender(
                    options: options, classCount: plan.fleet.gpsMix.parts.count, classOfDevice: classOfDevice)
            },
            ownTracksSender: plan.ownTracksHTTP.map {
                var options = $0.options
                options.headers.append(("X-Limit-U", plan.ownTracksUser))
                options.what = "the OwnTracks HTTP backend"
                options.notice = notice
                return HTTPFleetSender(
                    options: options, classCount: plan.fleet.gpsMix.parts.count, classOfDevice: classOfDevice)
            },
            verifier: verifier, classOfSlot: classOfSlot, shards: shards, topicOfSlot: slotDevices.map { names[$0] },
            trackerIDOfSlot: slotDevices.map { names.trackerID($0) },
            idOfSlot: slotDevices.map { plan.fleet.deviceID($0) },
            osmAndPath: plan.osmAnd.map { $0.path.hasSuffix("/") ? String($0.path.dropLast()) : $0.path } ?? "",
            ownTracksPath: plan.ownTracksHTTP.map { $0.path.isEmpty ? "/" : $0.path } ?? "/")
    }

    /// Sends one location to every backend (the verifier told what to expect first).
    func send(_ location: FleetLocation, sentSeconds: Double) {
        let slot = location.device / shards
        if publisher != nil || ownTracksSender != nil {
            let payload = OwnTracksLocation(
                fix: location.fix, trackerID: trackerIDOfSlot[slot], batteryPercent: location.batteryPercent,
                trigger: nil
            ).json()
            if let publisher {
                verifier?.expect(device: location.device, payload: payload, sentSeconds: sentSeconds)
                publisher.send(topic: topicOfSlot[slot], payload: payload, slot: slot, device: location.device)
            }
            // The recorder takes the user and device from X-Limit-U and X-Limit-D, as the
            // iOS app sends them (owntracks/recorder, http.c, field(); dopublish()).
            ownTracksSender?.send(
                target: ownTracksPath, body: payload, headers: [("X-Limit-D", idOfSlot[slot])], slot: slot,
                device: location.device)
        }
        if let osmAndSender {
            let position = OsmAndLocation(
                deviceID: idOfSlot[slot], fix: location.fix, batteryPercent: location.batteryPercent)
            osmAndSender.send(target: osmAndPath + position.requestTarget(), slot: slot, device: location.device)
        }
    }

    /// Waits for what is still due (5 s at most each), closes, and gives the verifier's count.
    func finish() async -> MQTTDeliveryVerifier.Report? {
        await publisher?.finish(timeout: .seconds(5))
        await osmAndSender?.finish(timeout: .seconds(5))
        await ownTracksSender?.finish(timeout: .seconds(5))
        return await verifier?.finish(graceSeconds: 5)
    }

    /// The counts so far of each backend.
    func backends() -> [FleetSummary.Backend] {
        var backends: [FleetSummary.Backend] = []
        if let publisher {
            let counts = publisher.counts()
            backends.append(
                .init(
                    name: "mqtt", counts: counts.reduce(DeliveryCounts(), +), countsPerClass: counts,
                    connections: publisher.connectionCounts()))
        }
        for (name, sender) in [("osmand", osmAndSender), ("owntracks-http", ownTracksSender)] {
            guard let sender else { continue }
            let counts = sender.counts()
            backends.append(
                .init(
                    name: name, counts: counts.reduce(DeliveryCounts(), +), countsPerClass: counts,
                    connections: sender.connectionCounts()))
        }
        return backends
    }

    private static func startVerifier(
        _ mqtt: MQTTFleetPublisher.Options, plan: FleetRunPlan, elapsedSeconds: @escaping @Sendable () -> Double,
        notice: @escaping @Sendable (String) -> Void
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
            now: elapsedSeconds, notice: notice)
        do {
            try await verifier.start(
                mqtt, clientIdentifier: "trailcast-fleet-verify-\(fleet.shard.index)",
                filter: OwnTracksLocation.topicFilter(user: plan.ownTracksUser))
        } catch {
            throw RunFailure("--verify: \(error)", status: .unavailable)
        }
        return verifier
    }

    private static func makePublisher(
        _ mqtt: MQTTFleetPublisher.Options, plan: FleetRunPlan, deviceCount: Int,
        classOfDevice: @escaping @Sendable (Int) -> Int
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
}
