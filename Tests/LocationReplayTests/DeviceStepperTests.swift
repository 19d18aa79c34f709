// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastDevice
import TrailcastEngine
import TrailcastSettings

/// The device's next step, which the replay engine and `Simulation` both take: what is due
/// before a fix comes first, a scheduled change before a signal change at the same moment,
/// and a scheduled signal change is the receiver's.
@Suite("DeviceStepper: the next step")
struct DeviceStepperTests {
    static let start = Timestamp(secondsSince1970: 1_781_366_400)

    static func routeFix(at seconds: Double) -> RouteFix {
        RouteFix(fix: LocationFix(time: start.adding(seconds: seconds), latitude: 37.8, longitude: -122.4))
    }

    static func stepper(_ events: String...) throws -> DeviceStepper {
        var stepper = DeviceStepper(
            configuration: ReplayConfiguration(
                events: try events.map { try ScheduledEvent(parsing: $0) }))
        stepper.begin(at: start)
        return stepper
    }

    /// Each step as a short word: what it is and its offset.
    static func describe(_ step: DeviceStep?) -> String {
        switch step {
        case nil: return "nothing"
        case .fix(let moment)?: return "fix@\(moment.offset)"
        case .happening(let happening)?:
            switch happening.what {
            case .change: return "change@\(happening.offset)"
            case .signal(let change?): return "signal \(change.state)@\(happening.offset)"
            case .signal(nil): return "signal unchanged@\(happening.offset)"
            case .inUseGraceEnds: return "grace ends@\(happening.offset)"
            }
        }
    }

    @Test("what is due by a fix's moment comes before it, in order; the fix then")
    func happeningsBeforeTheFix() throws {
        var stepper = try Self.stepper("10s:signal=lost", "10s:authorization=denied", "20s:signal=restored")
        let fix = Self.routeFix(at: 10)
        var steps: [String] = []
        while let step = stepper.nextStep(upcoming: fix, upTo: .infinity, current: 0) {
            steps.append(Self.describe(step))
            if case .fix = step { break }
        }
        // The scheduled events keep their given order at the same offset; the fix is last;
        // the restore at 20 s is not due before the fix at 10 s.
        #expect(steps == ["signal lost@10.0", "change@10.0", "fix@10.0"])
    }

    @Test("a scheduled signal change that changes nothing still comes, as nil")
    func aSignalChangeThatChangesNothing() throws {
        var stepper = try Self.stepper("5s:signal=restored")
        let step = stepper.nextStep(upcoming: Self.routeFix(at: 10), upTo: .infinity, current: 0)
        #expect(Self.describe(step) == "signal unchanged@5.0")
    }

    @Test("up to a limit before the fix: the happenings due, then nothing; a passed moment happens now")
    func aLimitBeforeTheFix() throws {
        var stepper = try Self.stepper("3s:app=background", "30s:app=foreground")
        let fix = Self.routeFix(at: 20)
        #expect(Self.describe(stepper.nextStep(upcoming: fix, upTo: 15, current: 8)) == "change@8.0")
        #expect(Self.describe(stepper.nextStep(upcoming: fix, upTo: 15, current: 8)) == "nothing")
        #expect(Self.describe(stepper.nextStep(upcoming: fix, upTo: 25, current: 15)) == "fix@20.0")
    }

    @Test("a fix due exactly at the limit is stepped; a limit a hair before it steps nothing")
    func aLimitAtTheFix() throws {
        var stepper = try Self.stepper("30s:app=foreground")
        let fix = Self.routeFix(at: 20)
        #expect(Self.describe(stepper.nextStep(upcoming: fix, upTo: (20.0).nextDown, current: 0)) == "nothing")
        #expect(Self.describe(stepper.nextStep(upcoming: fix, upTo: 20, current: 0)) == "fix@20.0")
    }

    @Test("after the route, the schedule goes on and the receiver changes nothing")
    func afterTheRoute() throws {
        var stepper = try Self.stepper("1h:authorization=denied")
        let step = stepper.nextStep(upcoming: nil, upTo: .infinity, current: 0)
        guard case .happening(let happening)? = step, case .change = happening.what else {
            Issue.record("expected the scheduled change, got \(Self.describe(step))")
            return
        }
        #expect(happening.offset == 3600)
        #expect(Self.describe(stepper.nextStep(upcoming: nil, upTo: .infinity, current: 3600)) == "nothing")
    }
}
