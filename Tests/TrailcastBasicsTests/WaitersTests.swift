// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics

@Suite("Waiting on a locked value")
struct WaitersTests {
    struct Mail: WaitableState {
        var letters: [String] = []
        var closed = false
        var waiters = Waiters()
    }

    @Test func returnsAtOnceWhenAlreadyReady() async {
        let box = LockedValue(Mail(letters: ["first"]))
        await box.wait { !$0.letters.isEmpty }
        #expect(box.withLock { $0.letters } == ["first"])
    }

    @Test func aChangeWakesEveryWaiter() async {
        let box = LockedValue(Mail())
        await withTaskGroup(of: [String].self) { group in
            for _ in 0..<3 {
                group.addTask {
                    while true {
                        let letters = box.withLock { $0.letters }
                        if !letters.isEmpty { return letters }
                        await box.wait { !$0.letters.isEmpty }
                    }
                }
            }
            box.changeAndWake { $0.letters.append("hello") }
            var seen: [[String]] = []
            for await letters in group { seen.append(letters) }
            #expect(seen == [["hello"], ["hello"], ["hello"]])
        }
    }

    @Test func cancellingTheWaitingTaskEndsItsWait() async {
        let box = LockedValue(Mail())
        let waiting = Task { await box.wait { $0.closed } }
        waiting.cancel()
        await waiting.value
        #expect(box.withLock { $0.closed } == false)
    }

    @Test func changeAndWakeReturnsAndRethrows() throws {
        struct Full: Error {}
        let box = LockedValue(Mail())
        let count = box.changeAndWake { mail -> Int in
            mail.letters.append("one")
            return mail.letters.count
        }
        #expect(count == 1)
        #expect(throws: Full.self) {
            try box.changeAndWake { (_: inout Mail) throws(Full) in throw Full() }
        }
    }
}
