// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
package import TrailcastCoreLocation
package import TrailcastDevice
import Dispatch
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
    package init(device: String, bundleID: String?) throws {
        guard let xcrun = Self.findOnPath("xcrun") else {
            throw FeedError.peerFailed(
                "--simulator needs Xcode's xcrun, which is not on PATH (the iOS Simulator runs on macOS only)")
        }
        self.device = device
        self.bundleID = bundleID
        runner = CommandQueue(executable: xcrun)
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

    static func findOnPath(_ name: String) -> String? {
        guard let path = getenv("PATH").map({ String(cString: $0) }) else { return nil }
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}

/// Runs commands one at a time on a thread of its own (each waited for with waitpid),
/// in the order given.
private final class CommandQueue: Sendable {
    private struct State {
        var queue: [(arguments: [String], isLocation: Bool)] = []
        var running = false
        var failure: String?
    }

    private let executable: String
    private let state = LockedValue(State())
    private let worker = DispatchQueue(label: "trailcast.simctl")

    init(executable: String) {
        self.executable = executable
    }

    var failure: String? { state.withLock { $0.failure } }

    func enqueue(_ arguments: [String], replacingPendingLocation: Bool) {
        let start = state.withLock { state -> Bool in
            // After a failure nothing more runs: the run ends with that failure.
            guard state.failure == nil else { return false }
            if replacingPendingLocation, let last = state.queue.last, last.isLocation {
                state.queue[state.queue.count - 1] = (arguments, true)
            } else {
                state.queue.append((arguments, replacingPendingLocation))
            }
            guard !state.running else { return false }
            state.running = true
            return true
        }
        if start { worker.async { self.runQueued() } }
    }

    /// Waits until everything queued so far has run.
    func drain() async {
        while state.withLock({ $0.running }) {
            await withCheckedContinuation { continuation in worker.async { continuation.resume() } }
        }
    }

    private func runQueued() {
        while true {
            let next = state.withLock { state -> [String]? in
                guard !state.queue.isEmpty else {
                    state.running = false
                    return nil
                }
                return state.queue.removeFirst().arguments
            }
            guard let arguments = next else { return }
            let status = Self.run(executable, arguments)
            if status != 0 {
                // The first failure ends the queue: the commands after it are dropped, not
                // run while the replay reports the failure and exits (one ran on, orphaned,
                // printing after trailcast's error line).
                state.withLock { state in
                    state.failure = "xcrun \(arguments.joined(separator: " ")) failed (exit status \(status))"
                    state.queue.removeAll()
                    state.running = false
                }
                return
            }
        }
    }

    /// Spawns and waits; the exit status (or 127 when it cannot be started).
    ///
    /// The child starts with the signals a shell would give it: a running replay ignores
    /// SIGPIPE and SIGQUIT (`SigIgn: 1004` in its /proc/PID/status; SIGINT and SIGTERM are
    /// caught, for its `end` line), and an ignored signal stays ignored across exec
    /// (posix_spawn(3)): simctl started with both. Nothing blocked either, whatever thread
    /// spawns it.
    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid = pid_t()
        guard posix_spawn(&pid, executable, nil, &attributes, argv, environ) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, spelled out: the C macros are not imported into Swift.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
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
        try SimulatorFeed(device: device, bundleID: bundleID)
    }
}
