// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import Testing
import TrailcastBasics

/// Losing and regaining the signal: scheduled, drawn from the profile, and at recording pauses.
@Suite("GPS receiver: signal")
struct SignalTests {
    static let start = Timestamp(iso8601: "2026-06-13T16:00:00Z")!

    static func routeFix(_ seconds: Double, resumes: Double? = nil) -> RouteFix {
        RouteFix(
            fix: LocationFix(time: start.adding(seconds: seconds), latitude: 47, longitude: 8),
            recordingResumesAt: resumes.map { start.adding(seconds: $0) })
    }

    /// Every signal change and measured fix time, in order, over a route fix every second.
    static func run(
        _ receiver: inout GPSReceiver, seconds: Int, pauses: [Int: Double] = [:], skip: ClosedRange<Int>? = nil
    ) -> (changes: [SignalChange], fixSeconds: [Double]) {
        receiver.begin(at: start)
        var changes: [SignalChange] = []
        var fixSeconds: [Double] = []
        for second in 0..<seconds where !(skip?.contains(second) ?? false) {
            let routeFix = Self.routeFix(Double(second), resumes: pauses[second])
            let time = receiver.deliveryTime(of: routeFix)
            while let change = receiver.nextSignalChange(notAfter: time) { changes.append(change) }
            if let fix = receiver.measure(routeFix, at: time) { fixSeconds.append(fix.time.seconds(since: start)) }
        }
        return (changes, fixSeconds)
    }

    @Test func scheduledLossStopsFixesUntilRestored() {
        var receiver = GPSReceiver()
        receiver.begin(at: Self.start)
        let lost = receiver.setSignal(.lost, at: Self.start.adding(seconds: 5))
        #expect(lost == SignalChange(state: .lost, cause: .event, time: Self.start.adding(seconds: 5)))
        #expect(receiver.setSignal(.lost, at: Self.start.adding(seconds: 6)) == nil, "already lost")
        #expect(receiver.measure(Self.routeFix(7), at: Self.start.adding(seconds: 7)) == nil)
        #expect(receiver.setSignal(.restored, at: Self.start.adding(seconds: 8))?.state == .restored)
        #expect(receiver.measure(Self.routeFix(9), at: Self.start.adding(seconds: 9)) != nil)
        #expect(receiver.setSignal(.restored, at: Self.start.adding(seconds: 10)) == nil, "already there")
    }

    @Test func aRecordingPauseLosesTheSignalOneCadenceLaterAndRestoresItWithTheNextFix() {
        var receiver = GPSReceiver(configuration: .init(cadenceSeconds: 1))
        let (changes, fixes) = Self.run(&receiver, seconds: 200, pauses: [10: 100], skip: 11...99)
        #expect(
            changes == [
                SignalChange(state: .lost, cause: .gap, time: Self.start.adding(seconds: 11)),
                SignalChange(state: .restored, cause: .gap, time: Self.start.adding(seconds: 100)),
            ])
        #expect(fixes.count == 11 + 100)
    }

    @Test func aPauseShorterThanTheCadenceIsNotALoss() {
        var receiver = GPSReceiver(configuration: .init(cadenceSeconds: 5))
        receiver.begin(at: Self.start)
        _ = receiver.measure(Self.routeFix(0, resumes: 4), at: Self.start)
        #expect(receiver.nextSignalChange(notAfter: Self.start.adding(seconds: 4)) == nil)
    }

    /// At the edge: a pause exactly one cadence long misses no fix (the next comes when it
    /// was due), so it is no loss; one a hundredth longer is.
    @Test func aPauseOfExactlyOneCadenceIsNotALossAndALongerOneIs() {
        var receiver = GPSReceiver(configuration: .init(cadenceSeconds: 5))
        receiver.begin(at: Self.start)
        _ = receiver.measure(Self.routeFix(0, resumes: 5), at: Self.start)
        #expect(receiver.nextSignalChange(notAfter: Self.start.adding(seconds: 5)) == nil)
        var later = GPSReceiver(configuration: .init(cadenceSeconds: 5))
        later.begin(at: Self.start)
        _ = later.measure(Self.routeFix(0, resumes: 5.01), at: Self.start)
        #expect(
            later.nextSignalChange(notAfter: Self.start.adding(seconds: 5.01))
                == SignalChange(state: .lost, cause: .gap, time: Self.start.adding(seconds: 5)))
    }

    @Test func theUrbanCanyonDropsOutAFewTimesAnHourForFiveToSixtySeconds() {
        var receiver = GPSReceiver(configuration: .init(profile: .urbanCanyon, seed: 11))
        let (changes, fixes) = Self.run(&receiver, seconds: 6 * 3600)
        let losses = changes.filter { $0.state == .lost }
        #expect(losses.count >= 10 && losses.count <= 45, "\(losses.count) in 6 hours")
        #expect(changes.allSatisfy { $0.cause == .profile })
        for (lost, restored) in zip(changes, changes.dropFirst()) where lost.state == .lost {
            let seconds = restored.time.seconds(since: lost.time)
            #expect(restored.state == .restored && seconds >= 5 && seconds <= 60)
        }
        #expect(fixes.count < 6 * 3600 && fixes.count > 5 * 3600)
    }

    @Test func overlappingCausesMakeOneLossAndOneRestoration() {
        var receiver = GPSReceiver(configuration: .init(cadenceSeconds: 1))
        receiver.begin(at: Self.start)
        _ = receiver.measure(Self.routeFix(0, resumes: 50), at: Self.start)
        #expect(receiver.setSignal(.lost, at: Self.start.adding(seconds: 0.5))?.cause == .event)
        #expect(
            receiver.nextSignalChange(notAfter: Self.start.adding(seconds: 20)) == nil, "the pause starts while lost")
        #expect(receiver.setSignal(.restored, at: Self.start.adding(seconds: 30)) == nil, "the pause still holds")
        let back = receiver.nextSignalChange(notAfter: Self.start.adding(seconds: 50))
        #expect(back == SignalChange(state: .restored, cause: .gap, time: Self.start.adding(seconds: 50)))
    }

    @Test func thePerfectAndOpenSkyProfilesNeverDropOut() {
        for profile in [GPSProfile.perfect, .openSky] {
            var receiver = GPSReceiver(configuration: .init(profile: profile))
            #expect(Self.run(&receiver, seconds: 3600).changes.isEmpty)
        }
    }
}
