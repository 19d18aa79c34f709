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
import TrailcastWire
import TrailcastSettings

/// Runs a fleet as `trailcast fleet` does.
package enum FleetRunner {
    /// What a run did.
    package struct Totals: Sendable, Equatable {
        /// Devices this shard ran.
        package var devices = 0
        /// Messages the devices' apps sent.
        package var messages = 0
        /// Devices receiving fixes at the end.
        package var activeDevices = 0
    }

    /// `--virtual`: the fleet on virtual time, as fast as it goes, each message written as
    /// one line, in time order (device order within a moment): `TOPIC PAYLOAD` (as
    /// `mosquitto_sub -v` prints what it receives), or the OsmAnd request target
    /// (``FleetRunPlan/virtualFormat``). Byte-identical on every run of the same plan;
    /// the lines of a plan's shards together are its unsharded run's.
    ///
    /// - Parameter interrupted: asked between batches; true ends the run early, its output
    ///   whole lines.
    ///   - progress: a line each ``virtualProgressStepSeconds(duration:)`` of virtual time
    ///     passed, and one at the end: deterministic, as the run is.
    package static func runVirtual(
        _ plan: FleetRunPlan, progress: (String) -> Void = { _ in }, interrupted: () -> Bool = { false }
    ) throws(RunFailure) -> Totals {
        guard let durationSeconds = plan.durationSeconds else {
            throw RunFailure(
                "--virtual needs --duration (a virtual fleet runs as fast as it can, so it must end)", status: .usage)
        }
        if let problem = plan.fleet.problem { throw RunFailure(problem, status: .usage) }
        try PathGuard.check(plan.paths(virtual: true))
        let routes = try plan.loadRoutes()
        // Written beside its place and put there whole at the end (stopped early too: its
        // lines so far, as a stopped replay's timeline); a run that fails leaves the old file.
        let output = try plan.outputPath.map { path throws(RunFailure) in
            try StagedOutput(path, what: "the messages file")
        }
        defer { output?.discard() }
        let descriptor = output?.descriptor ?? STDOUT_FILENO

        var fleet = Fleet(plan: plan.fleet, routes: routes, start: plan.virtualStart)
        let end = Int64((durationSeconds * 1e9).rounded())
        // Made once per device, not once per message (the names are the same every time).
        let names = TopicNames(plan: plan)
        let shards = plan.fleet.shard.count
        let slotDevices = Array(plan.fleet.shard.devices(of: plan.fleet.deviceCount))
        let topicOfSlot = slotDevices.map { Array(names[$0].utf8) }
        let trackerIDOfSlot = slotDevices.map { names.trackerID($0) }
        let idOfSlot = slotDevices.map { plan.fleet.deviceID($0) }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 17)
        var totals = Totals(devices: fleet.deviceCount)
        var writeFailed: Int32?
        var steps = 0
        let progressStep = Int64(virtualProgressStepSeconds(duration: durationSeconds)) * 1_000_000_000
        var nextProgress = progressStep
        while let due = fleet.nextMomentNanoseconds, due < end {
            while due >= nextProgress {
                progress(
                    "fleet: \(nextProgress / 1_000_000_000)s virtual, active \(fleet.activeDevices), messages \(totals.messages)"
                )
                nextProgress += progressStep
            }
            fleet.advance { happening in
                guard case .location(let location) = happening else { return }
                totals.messages += 1
                let slot = location.device / shards
                switch plan.virtualFormat {
                case .ownTracks:
                    buffer.append(contentsOf: topicOfSlot[slot])
                    buffer.append(UInt8(ascii: " "))
                    JSONLineWriter.append(to: &buffer) { writer in
                        OwnTracksLocation(
                            fix: location.fix, trackerID: trackerIDOfSlot[slot],
                            batteryPercent: location.batteryPercent,
                            trigger: nil
                        ).write(into: &writer)
                    }
                case .osmAnd:
                    buffer.append(
                        contentsOf: OsmAndLocation(
                            deviceID: idOfSlot[slot], fix: location.fix, batteryPercent: location.batteryPercent
                        ).requestTarget().utf8)
                }
                buffer.append(UInt8(ascii: "\n"))
            }
            steps += 1
            if buffer.count >= 1 << 16 {
                writeFailed = flush(&buffer, to: descriptor)
                if writeFailed != nil { break }
            }
            if steps % 4096 == 0 && interrupted() { break }
        }
        if writeFailed == nil { writeFailed = flush(&buffer, to: descriptor) }
        if let writeFailed {
            throw RunFailure.cannotWrite(plan.outputPath, errno: writeFailed)
        }
        try output?.commit()
        totals.activeDevices = fleet.activeDevices
        progress(
            "fleet: done, \(SimulatedOffset(seconds: durationSeconds)) virtual, devices \(totals.activeDevices), messages \(totals.messages)"
        )
        return totals
    }

    /// How often a virtual run says how far it is: the longest of 1 s, 5 s, 10 s, 30 s, 1 m,
    /// 5 m, 10 m, 30 m and 1 h that still gives ten lines (a 2-hour run: every 10 minutes).
    package static func virtualProgressStepSeconds(duration: Double) -> Int {
        [3600, 1800, 600, 300, 60, 30, 10, 5].first { duration / Double($0) >= 10 } ?? 1
    }

    /// Writes the buffer's whole lines; the errno of a failed write, else nil.
    private static func flush(_ buffer: inout [UInt8], to descriptor: Int32) -> Int32? {
        defer { buffer.removeAll(keepingCapacity: true) }
        return buffer.withUnsafeBytes { DescriptorWrite.all($0, to: descriptor) }
    }
}

/// Each device's topic and tracker id, from its global index.
struct TopicNames {
    let plan: FleetRunPlan

    subscript(device: Int) -> String {
        OwnTracksLocation.topic(user: plan.ownTracksUser, device: plan.fleet.deviceID(device))
    }

    /// Two characters, as the iOS app's tracker id is when none is set (the last two of the
    /// device's name, owntracks/ios `Friend.effectiveTid`): here the last two digits of the
    /// index, so `device-7` is `07` rather than `-7`.
    func trackerID(_ device: Int) -> String {
        let digits = String(device)
        return String((digits.count < 2 ? "0" + digits : digits).suffix(2))
    }
}
