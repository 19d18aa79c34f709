// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Subprocess)
import Subprocess
#endif
package import TrailcastCoreLocation
package import TrailcastDevice
import TrailcastBasics
import TrailcastWire

/// `--simulator DEVICE`: moves a booted iOS Simulator along the device stream with
/// `xcrun simctl location DEVICE set LAT,LON`, and (with a bundle id) mirrors the
/// permission changes onto it with `xcrun simctl privacy DEVICE grant|revoke|reset
/// location|location-always BUNDLE`.
///
/// The commands run one at a time, in order, beside the run: a slow `simctl` never holds
/// the run back. A location still waiting when a newer one comes is replaced by it (the
/// Simulator only needs to be where the device is now). A command that fails ends the run
/// at the next fix with one error line.
package final class SimulatorFeed: Feed {
    /// What `simctl privacy` can say about location for an app.
    package enum Privacy: Equatable, Sendable {
        case grant(always: Bool)
        case revoke
        case reset
    }

    package let device: String
    package let bundleID: String?
    private let runner: CommandQueue

    /// Finds `xcrun` on `PATH`; throws ``FeedError/peerFailed(_:)`` when there is none
    /// (the iOS Simulator exists on macOS only).
    package init(device: String, bundleID: String?) async throws {
        self.device = device
        self.bundleID = bundleID
        runner = try await CommandQueue()
    }

    package func deviceReported(_ epoch: DeviceEpoch) throws {
        if let failure = runner.failure { throw FeedError.peerFailed(failure) }
        // No fix: the Simulator stays where it was, as a device without a signal does.
        guard let fix = epoch.fix else { return }
        runner.enqueue(
            [
                "simctl", "location", device, "set",
                "\(NMEAEncoder.decimal(fix.latitude, digits: 7)),\(NMEAEncoder.decimal(fix.longitude, digits: 7))",
            ],
            replacingPendingLocation: true)
    }

    /// The app's permission changed (in Settings, or at launch): the same on the Simulator.
    package func privacyChanged(_ privacy: Privacy) throws {
        if let failure = runner.failure { throw FeedError.peerFailed(failure) }
        guard let bundleID else { return }
        let arguments: [String]
        switch privacy {
        case .grant(let always): arguments = ["grant", always ? "location-always" : "location"]
        case .revoke: arguments = ["revoke", "location"]
        case .reset: arguments = ["reset", "location"]
        }
        runner.enqueue(["simctl", "privacy", device] + arguments + [bundleID], replacingPendingLocation: false)
    }

    /// With a bundle id it mirrors the app's permission (without one, a failed command is
    /// still reported at the next change, as at the next fix).
    package var mirrorsAuthorization: Bool { true }

    /// What simctl can express: When In Use (`grant location`), Always (`grant
    /// location-always`), Denied (`revoke location`), Not Determined (`reset location`).
    /// Not: Restricted, Allow Once (it reads as When In Use), reduced accuracy, or Location
    /// Services off for the whole device (the app sees Denied; nothing is sent).
    package func authorizationChanged(_ change: AuthorizationChange) throws {
        guard change.cause != .services else { return }
        switch change.to {
        case .authorizedWhenInUse: try privacyChanged(.grant(always: false))
        case .authorizedAlways: try privacyChanged(.grant(always: true))
        case .denied: try privacyChanged(.revoke)
        case .notDetermined: try privacyChanged(.reset)
        case .restricted: break
        }
    }

    package func deviceStreamEnded() throws {
        if let failure = runner.failure { throw FeedError.peerFailed(failure) }
    }

    /// Waits for the commands still queued, then reports a failure among them, if any.
    package func finish() async throws {
        await runner.drain()
        if let failure = runner.failure { throw FeedError.peerFailed(failure) }
    }
}

/// Runs `xcrun` commands one at a time, in the order given, in a task of its own.
///
/// Each starts through swift-subprocess, which resets every signal to its default and
/// empties the mask in the child (posix_spawn's SETSIGDEF and SETSIGMASK): a running replay
/// ignores SIGPIPE and SIGQUIT, and an ignored signal stays ignored across exec, so simctl
/// started with both before (SimulatorFeedTests.childSignals). Not Foundation's `Process`:
/// on Linux it resets neither. simctl's standard output and error both go to trailcast's
/// standard error, so that nothing it prints lands inside the timeline.
private final class CommandQueue: Sendable {
    private struct State {
        var queue: [(arguments: [String], isLocation: Bool)] = []
        var worker: Task<Void, Never>?
        var failure: String?
    }

    #if canImport(Subprocess)
    private let xcrun: Executable
    #endif
    private let state = LockedValue(State())

    /// Finds `xcrun` on `PATH`.
    init() async throws {
        #if canImport(Subprocess)
        do {
            self.xcrun = .path(try await Executable.name("xcrun").resolveExecutablePath(in: .inherit))
        } catch {
            throw FeedError.peerFailed(
                "--simulator needs Xcode's xcrun, which is not on PATH (the iOS Simulator runs on macOS only)")
        }
        #else
        throw FeedError.peerFailed("--simulator needs Xcode's xcrun, and runs on macOS only")
        #endif
    }

    var failure: String? { state.withLock { $0.failure } }

    func enqueue(_ arguments: [String], replacingPendingLocation: Bool) {
        state.withLock { state in
            // After a failure nothing more runs: the run ends with that failure.
            guard state.failure == nil else { return }
            if replacingPendingLocation, let last = state.queue.last, last.isLocation {
                state.queue[state.queue.count - 1] = (arguments, true)
            } else {
                state.queue.append((arguments, replacingPendingLocation))
            }
            if state.worker == nil { state.worker = Task { await self.runQueued() } }
        }
    }

    /// Waits until everything queued so far has run.
    func drain() async {
        while let worker = state.withLock({ $0.worker }) { await worker.value }
    }

    private func runQueued() async {
        while true {
            let next = state.withLock { state -> [String]? in
                guard !state.queue.isEmpty else {
                    state.worker = nil
                    return nil
                }
                return state.queue.removeFirst().arguments
            }
            guard let arguments = next else { return }
            let status = await run(arguments)
            if status != 0 {
                // The first failure ends the queue: the commands after it are dropped, not
                // run while the replay reports the failure and exits (one ran on, orphaned,
                // printing after trailcast's error line).
                state.withLock { state in
                    state.failure = "xcrun \(arguments.joined(separator: " ")) failed (exit status \(status))"
                    state.queue.removeAll()
                    state.worker = nil
                }
                return
            }
        }
    }

    /// Starts `xcrun` with `arguments` and waits: its exit status, 128 + the signal that
    /// killed it, or 127 when it could not be started.
    private func run(_ arguments: [String]) async -> Int32 {
        #if canImport(Subprocess)
        do {
            let result = try await Subprocess.run(
                xcrun, arguments: Arguments(arguments), output: .currentStandardError, error: .currentStandardError)
            switch result.terminationStatus {
            case .exited(let code): return Int32(code)
            case .signaled(let signal): return 128 + Int32(signal)
            }
        } catch {
            return 127
        }
        #else
        return 127
        #endif
    }
}

/// `--simulator DEVICE` (`--bundle-id ID`): a booted iOS Simulator to move, and the app
/// whose permission it mirrors.
public struct SimulatorFeedRequest: FeedRequest {
    /// The Simulator to move, as `xcrun simctl` names it: `booted`, or a device's UDID.
    public var device: String
    /// The app whose location permission is mirrored with `simctl privacy` (`--bundle-id`); nil
    /// mirrors none.
    public var bundleID: String?

    /// A request to move `device`, and to mirror the app's permission onto `bundleID` when one is given.
    public init(device: String, bundleID: String?) {
        self.device = device
        self.bundleID = bundleID
    }

    public func problem(speed: Double) -> String? {
        Self.needsRealTime("--simulator drives a live Simulator and needs", speed: speed)
    }

    public func start(speed: Double, messages: @escaping @Sendable (String) -> Void) async throws -> any Feed {
        try await SimulatorFeed(device: device, bundleID: bundleID)
    }
}
