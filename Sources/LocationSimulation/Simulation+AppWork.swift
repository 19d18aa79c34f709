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
    /// Each turn is a `Task.yield()`: work on the main actor that awaits nothing but other
    /// main-actor work finishes within as many turns as it has steps, in order, every run.
    /// Work that waits for I/O (a request to a server, even a local one) or runs on other
    /// threads is not waited for: await the app's own task for it (the example app's
    /// `settle()` does), as no turn count makes real I/O deterministic.
    nonisolated(nonsending)
        public func yieldToApp(turns: Int = 100) async
    {
        for _ in 0..<max(turns, 0) { await Task.yield() }
    }
}
