// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastWeather

/// Where network fetches running beside a real-time replay leave their outcomes, for
/// the replay to pick up between (or while waiting for) location events.
///
/// The fetches run in tasks of their own so that a slow or dead server never delays a
/// location; the timeline, though, has one writer, so they post here instead of recording.
final class WeatherInbox: Sendable {
    struct Delivery: Sendable {
        var ticket: WeatherFetchTicket
        var outcome: WeatherFetchOutcome
    }

    private struct State: WaitableState {
        var deliveries: [Delivery] = []
        var waiters = Waiters()
        var tasks: [Int: Task<Void, Never>] = [:]
        var nextTaskID = 0
    }

    private let state = LockedValue(State())

    /// Starts fetching `ticket` beside the replay; its outcome arrives in the inbox.
    func startFetch(_ ticket: WeatherFetchTicket, with fetcher: any WeatherFetcher) {
        state.withLock { state in
            let id = state.nextTaskID
            state.nextTaskID += 1
            state.tasks[id] = Task { [self] in
                let outcome = await fetcher.fetch(ticket.query)
                post(Delivery(ticket: ticket, outcome: outcome), finishing: id)
            }
        }
    }

    private func post(_ delivery: Delivery, finishing id: Int) {
        state.changeAndWake { state in
            state.tasks[id] = nil
            // A fetch cancelled with the run has nothing to report.
            if !Task.isCancelled { state.deliveries.append(delivery) }
        }
    }

    /// The outcomes that arrived since the last call, oldest first.
    func takeDeliveries() -> [Delivery] {
        state.withLock { state in
            defer { state.deliveries.removeAll() }
            return state.deliveries
        }
    }

    /// Returns when a delivery is waiting (at once if one is), or when the task is cancelled.
    func waitForDelivery() async {
        await state.wait { !$0.deliveries.isEmpty }
    }

    /// Cancels the fetches still running (the run was interrupted).
    func cancelAll() {
        let tasks = state.withLock { state in
            defer { state.tasks.removeAll() }
            return Array(state.tasks.values)
        }
        for task in tasks { task.cancel() }
    }
}
