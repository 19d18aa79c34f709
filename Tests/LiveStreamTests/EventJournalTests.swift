// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastLive
import Testing
import TrailcastBasics
import TrailcastTimeline

/// The journal behind `GET /events`: what a reader at any point gets, through the
/// recorder that writes it and the stream a client is sent.
@Suite("Event journal")
struct EventJournalTests {
    /// `count` alert events, recorded and flushed every `flushEvery`.
    static func journal(events count: Int, flushEvery: Int = 100) throws -> EventJournal {
        let journal = try EventJournal()
        var recorder = LiveEventRecorder(journal: journal)
        for number in 1...count {
            try recorder.record(
                TimelineEvent(
                    time: Timestamp(secondsSince1970: 1_781_366_400 + Int64(number)), offsetSeconds: Double(number),
                    kind: .alert(message: "event \(number)")))
            if number % flushEvery == 0 { try recorder.flush() }
        }
        try recorder.flush()
        return journal
    }

    /// The whole stream from a reader's point on, split into its events.
    static func events(in journal: EventJournal, after lastEventID: Int) -> [ServerSentEvent] {
        var offset = journal.position(after: lastEventID)
        var bytes: [UInt8] = []
        while true {
            let chunk = journal.read(from: offset, maximumCount: 1000)
            if chunk.isEmpty { break }
            bytes += chunk
            offset += chunk.count
        }
        return ServerSentEvent.parse(String(decoding: bytes, as: UTF8.self))
    }

    @Test func eachEventIsSentWithItsIDTypeAndJSONLine() throws {
        let journal = try Self.journal(events: 3)
        let events = Self.events(in: journal, after: 0)
        #expect(events.map(\.id) == [1, 2, 3])
        #expect(events.allSatisfy { $0.type == "alert" })
        #expect(events[1].data == #"{"t":"2026-06-13T16:00:02.000Z","offset":2,"type":"alert","message":"event 2"}"#)
        #expect(journal.eventCount == 3)
    }

    /// Across several index strides (256 events each), for every boundary and its neighbours.
    @Test func aReaderResumingAfterAnyIDGetsExactlyTheEventsAfterIt() throws {
        let journal = try Self.journal(events: 1000, flushEvery: 37)
        for lastID in [1, 2, 254, 255, 256, 257, 511, 512, 513, 768, 998, 999] {
            let events = Self.events(in: journal, after: lastID)
            #expect(events.map(\.id) == Array((lastID + 1)...1000), "after \(lastID)")
            #expect(events.first?.data.contains("\"message\":\"event \(lastID + 1)\"") == true)
        }
        #expect(Self.events(in: journal, after: 0).count == 1000, "no Last-Event-ID: from the start")
        #expect(Self.events(in: journal, after: 1000).isEmpty, "up to date")
        #expect(Self.events(in: journal, after: 5000).isEmpty, "an id this run never reached: from now on")
    }

    @Test func aWaitingReaderWakesWhenEventsArriveAndWhenTheJournalFinishes() async throws {
        let journal = try EventJournal()
        var recorder = LiveEventRecorder(journal: journal)
        let end = journal.position(after: 0)
        let waiter = Task { await journal.waitForMore(after: end, keepAliveTick: journal.keepAliveTick) }
        try recorder.record(
            TimelineEvent(time: Timestamp(secondsSince1970: 0), offsetSeconds: 0, kind: .alert(message: "a")))
        #expect(journal.eventCount == 0, "nothing is visible before the flush")
        try recorder.flush()
        await waiter.value
        #expect(journal.eventCount == 1)

        let offset = journal.position(after: 1)
        #expect(!journal.isExhausted(at: offset))
        // A keep-alive moment wakes every reader, and only a moment after the one it saw.
        let tick = journal.keepAliveTick
        let keptAlive = Task { await journal.waitForMore(after: offset, keepAliveTick: tick) }
        journal.tickKeepAlive()
        await keptAlive.value
        #expect(journal.keepAliveTick == tick + 1)
        #expect(journal.read(from: offset, maximumCount: 1).isEmpty, "woken by the moment, with nothing new")

        let finishing = Task { await journal.waitForMore(after: offset, keepAliveTick: journal.keepAliveTick) }
        journal.finish()
        await finishing.value
        #expect(journal.isExhausted(at: offset))
    }
}
