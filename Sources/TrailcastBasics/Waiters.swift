// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Tasks waiting, without polling, for a change to state kept in a ``LockedValue``: the
/// one pattern behind the replay's control (commands from a server), the weather inbox
/// (fetches finishing beside the replay) and the live stream's journal (readers waiting
/// for more events).
///
/// The waiters live inside the guarded state, so that checking the condition and starting
/// to wait happen under one lock: a change made between the two cannot be missed.
///
/// ```swift
/// struct Mail: WaitableState { var letters: [String] = []; var waiters = Waiters() }
/// let box = LockedValue(Mail())
/// // A reader:
/// await box.wait { !$0.letters.isEmpty }
/// // A writer:
/// box.changeAndWake { $0.letters.append("hello") }
/// ```
package struct Waiters: Sendable {
    private var continuations: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextID = 0

    package init() {}

    fileprivate mutating func reserveID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    fileprivate mutating func add(_ continuation: CheckedContinuation<Void, Never>, id: Int) {
        continuations[id] = continuation
    }

    fileprivate mutating func remove(id: Int) -> CheckedContinuation<Void, Never>? {
        continuations.removeValue(forKey: id)
    }

    fileprivate mutating func removeAll() -> [CheckedContinuation<Void, Never>] {
        defer { continuations.removeAll() }
        return Array(continuations.values)
    }
}

/// State that tasks wait on: it keeps their ``Waiters``. Sendable, since a cancelled task's
/// handler reaches it from wherever the cancellation comes from.
package protocol WaitableState: Sendable {
    var waiters: Waiters { get set }
}

extension LockedValue where Value: WaitableState {
    /// Returns at once if `isReady` holds for the value (checked under the lock), else at
    /// the next ``changeAndWake(_:)`` or when the task is cancelled: callers look again.
    package func wait(until isReady: (Value) -> Bool) async {
        let id = withLock { $0.waiters.reserveID() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = withLock { value in
                    if isReady(value) || Task.isCancelled { return true }
                    value.waiters.add(continuation, id: id)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = withLock { $0.waiters.remove(id: id) }
            waiter?.resume()
        }
    }

    /// Changes the value under the lock, then wakes every waiting task (outside it): their
    /// ``wait(until:)`` returns, and they look again. Returns what `body` returns.
    @discardableResult
    package func changeAndWake<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        let (result, woken) = try withLock { value throws(Failure) in
            let result = try body(&value)
            return (result, value.waiters.removeAll())
        }
        for continuation in woken { continuation.resume() }
        return result
    }
}
