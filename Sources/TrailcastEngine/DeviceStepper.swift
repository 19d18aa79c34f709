// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
package import TrailcastBasics
package import TrailcastSettings

/// The simulated device stepped in time: when the receiver reports each route fix, what
/// happens before it (the scheduled events and the receiver's own signal changes, merged),
/// and what the receiver measures, with the distance travelled along the true route.
///
/// The device half of the engine's ``Phone``, which both drivers step: the replay
/// (``Replay``, in real or virtual time) and the testing library's `Simulation` (on
/// demand), so they place fixes, merge happenings and measure by the same rules.
package struct DeviceStepper: Sendable {
    private var receiver: GPSReceiver
    private var happenings: HappeningQueue
    /// Simulated time of the route's first fix: offset 0; nil before it.
    package private(set) var startTime: Timestamp?
    /// Distance along the true route (every fix, measured or not, without the GPS error).
    package private(set) var distanceMeters = 0.0
    private var previousTruth: Coordinate?

    package init(configuration: ReplayConfiguration) {
        receiver = GPSReceiver(configuration: configuration.receiver)
        happenings = HappeningQueue(configuration.events)
    }

    /// The route's first fix: offset 0, and the receiver's dropouts count from here.
    package mutating func begin(at time: Timestamp) {
        startTime = time
        receiver.begin(at: time)
    }

    /// A new loop over the route: the jump back to its start is not travelled.
    package mutating func beginPass() {
        previousTruth = nil
    }

    /// When the receiver reports `routeFix` (its time plus any jitter), and that moment's
    /// offset. Call ``begin(at:)`` first.
    private func moment(of routeFix: RouteFix) -> Moment {
        let time = receiver.deliveryTime(of: routeFix)
        return Moment(time: time, offset: time.seconds(since: startTime!))
    }

    /// What the device does next, at or before `limit`: a scheduled change of the user's or
    /// the system's, a change of the receiver's signal (its own, or a scheduled
    /// `signal=lost|restored`), or the report of `upcoming`, the route's next fix; nil when
    /// nothing is due. What is due by the fix's moment comes before it (a scheduled change
    /// before a signal change at the same moment); the receiver changes its signal only
    /// while the route lasts (`upcoming`).
    ///
    /// Both drivers step through this, by way of the phone: the replay (the next fix always
    /// given, `limit` infinite) and `Simulation` (up to the moment a test asked for).
    ///
    /// - Parameter current: the driver's simulated present; a happening due earlier (a
    ///   moment already passed) happens now.
    package mutating func nextStep(upcoming: RouteFix?, upTo limit: Double, current: Double) -> DeviceStep? {
        let moment = upcoming.map { self.moment(of: $0) }
        if let happening = happenings.next(
            upTo: min(moment?.offset ?? .infinity, limit), startTime: startTime, receiver: &receiver,
            routeLasts: upcoming != nil
        ) {
            let offset = max(happening.offset, current)
            switch happening.what {
            case .signal(let change):
                return .happening(DeviceHappening(what: .signal(change), offset: offset))
            case .scheduled(let event):
                guard case .signal(let state) = event.change else {
                    return .happening(DeviceHappening(what: .change(event.change), offset: offset))
                }
                // A scheduled loss or return of the signal is the receiver's to make.
                let change = receiver.setSignal(state, at: startTime!.adding(seconds: offset))
                return .happening(DeviceHappening(what: .signal(change), offset: offset))
            }
        }
        guard let moment, moment.offset <= limit else { return nil }
        return .fix(moment)
    }

    /// A `signal=lost|restored` the user's code performs now, at `time`: the change it
    /// makes, if any.
    package mutating func setSignal(_ state: SignalState, at time: Timestamp) -> SignalChange? {
        receiver.setSignal(state, at: time)
    }

    /// The device reaches `routeFix` at `moment`: the distance grows, and the receiver
    /// reports a fix, or nothing while its signal is lost.
    package mutating func measure(_ routeFix: RouteFix, at moment: Moment) -> LocationFix? {
        let truth = Coordinate(latitude: routeFix.fix.latitude, longitude: routeFix.fix.longitude)
        if let previousTruth {
            distanceMeters += GreatCircle.distanceMeters(
                latitude1: previousTruth.latitude, longitude1: previousTruth.longitude,
                latitude2: truth.latitude, longitude2: truth.longitude)
        }
        previousTruth = truth
        return receiver.measure(routeFix, at: moment.time)
    }
}

/// One step of the device (``DeviceStepper/nextStep(upcoming:upTo:current:)``), for the
/// driver to carry out on the phone: Core Location and the app.
package enum DeviceStep: Sendable {
    /// Something happens before the next fix.
    case happening(DeviceHappening)
    /// The route's next fix is due: measure it (``DeviceStepper/measure(_:at:)``).
    case fix(Moment)
}

/// A change between the route's fixes, at simulated seconds since the start.
package struct DeviceHappening: Sendable {
    package enum What: Sendable {
        /// The user's or the system's, from the schedule: Settings, Location Services, the
        /// app's state, a tap.
        case change(ScheduledEvent.Change)
        /// The receiver lost or regained its signal; nil for a scheduled change that changed
        /// nothing (time moves on all the same).
        case signal(SignalChange?)
        /// The system's: the app's few seconds of "in use" after leaving the foreground
        /// end (the phone's, merged into the device's steps).
        case inUseGraceEnds
    }

    package var what: What
    package var offset: Double
}

/// When the receiver reports a route fix: simulated time, and seconds since the start.
package struct Moment: Sendable, Equatable {
    package var time: Timestamp
    package var offset: Double

    package init(time: Timestamp, offset: Double) {
        self.time = time
        self.offset = offset
    }
}
