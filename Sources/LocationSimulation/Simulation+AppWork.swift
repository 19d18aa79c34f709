// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Letting the app's own asynchronous work run after a step: the tasks its delegate started
/// (a fetch, a save, a hop to the main actor) run only when the test awaits.
extension Simulation {
    /// Gives the app's tasks `turns` turns to run, from the test's own actor (usually the
    /// main actor, where a view model's tasks run), then returns:
    ///
    /// ```swift
    /// try simulation.advance(by: 60)
    /// await simulation.yieldToApp()      // the tasks the fixes started have run
    /// #expect(model.places.count == 20)
    /// ```
    ///
    /// Each turn is a `Task.yield()`. On Linux a yield, and each hop of the app's own work
    /// (a `Task.yield()`, a call into another actor or a nonisolated async function), passes
    /// through the shared thread pool before it comes back to the main actor, so the turns
    /// are a budget, not an order: with two busy loops per core, 100 turns left one of 43
    /// three-hop tasks unfinished in about one run of 300, 1,000 turns none in 600 (the
    /// project's measure, 2026-12-01). Hence the default of 1,000, a few milliseconds. Work
    /// that waits for I/O (a request to a server, even a local one) is not waited for: await
    /// the app's own task for it (the example app's `settle()` does), as no turn count makes
    /// real I/O deterministic.
    nonisolated(nonsending)
        public func yieldToApp(turns: Int = 1_000) async
    {
        for _ in 0..<max(turns, 0) { await Task.yield() }
    }
}
