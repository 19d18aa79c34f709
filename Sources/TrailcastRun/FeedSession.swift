// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import TrailcastEngine
import TrailcastFeeds
import TrailcastSettings
import TrailcastTimeline

/// One replay with its feeds, whichever they are: started before the first fix, in the
/// plan's order (in the task that runs the replay, which alone calls them), then the
/// replay, then, the last started first, each feed finished (when the run succeeded) and
/// closed, so that their consumers see the end.
enum FeedSession {
    static func run(
        _ replay: Replay, feeds plan: FeedPlan, outputs: Outputs, messages: @escaping RunMessages
    ) async throws -> ReplaySummary {
        var feeds: [any Feed] = []
        do {
            for request in plan.feeds {
                feeds.append(try await request.start(speed: replay.configuration.speed, messages: messages))
            }
        } catch {
            for feed in feeds.reversed() { await feed.close() }
            throw error
        }
        let files: [any DeviceStreamObserver] = outputs.nmeaFiles.map {
            NMEAFileFeed(descriptor: $0.descriptor, destination: $0.name)
        }
        let device = DeviceFeeds(files + feeds.map { $0 as any DeviceStreamObserver })

        let result: Result<ReplaySummary, ReplayError>
        do throws(ReplayError) {
            result = .success(
                try await TimelineOutputs.replay(
                    replay, outputs: outputs, device: device, feeds: feeds, messages: messages))
        } catch {
            result = .failure(error)
        }
        if case .success = result, !feeds.isEmpty, let hold = plan.holdAtEnd {
            await holdConnections(for: hold, messages: messages)
        }
        // What the peers still owe (an emulator's answers, a KO among them ending the run
        // with 69; simctl's last commands), then their connections let go.
        var unfinished: (any Error)?
        for feed in feeds.reversed() {
            if case .success = result, unfinished == nil {
                do { try await feed.finish() } catch { unfinished = error }
            }
            await feed.close()
        }
        if let unfinished { throw unfinished }
        return try result.get()
    }

    /// The run has ended; the feeds stay connected until `hold` has passed or the task is
    /// cancelled (Ctrl-C, SIGTERM), which ends the hold as it would the run.
    private static func holdConnections(for hold: Duration, messages: RunMessages) async {
        messages(holdNotice(for: hold))
        if hold == .zero {
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
        } else {
            try? await Task.sleep(for: hold)
        }
    }

    /// What standard error says as the hold begins: `--browser-hold 10m` holds `for 10m`,
    /// spelt as the flag takes it, to the millisecond; 0 holds until Ctrl-C.
    package static func holdNotice(for hold: Duration) -> String {
        guard hold != .zero else {
            return "trailcast: the run has ended; the feeds keep the last position and permission until Ctrl-C"
        }
        let milliseconds = hold.components.seconds * 1000 + hold.components.attoseconds / 1_000_000_000_000_000
        return "trailcast: the run has ended; the feeds keep the last position and permission for "
            + "\(SimulatedOffset(milliseconds: milliseconds)) (Ctrl-C ends it sooner)"
    }
}
