package import TrailcastDevice
package import TrailcastBasics
package import TrailcastSettings

/// The simulated device stepped in time: when the receiver reports each route fix, what
/// happens before it (the scheduled events and the receiver's own signal changes, merged),
/// and what the receiver measures, with the distance travelled along the true route.
///
/// One definition for both drivers: the replay engine (``Replay``, in real or virtual
/// time) and the testing library's `Simulation` (on demand) step the device through this
/// type, so they place fixes, merge happenings and measure by the same rules.
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
    package func moment(of routeFix: RouteFix) -> Moment {
        let time = receiver.deliveryTime(of: routeFix)
        return Moment(time: time, offset: time.seconds(since: startTime!))
    }

    /// The next scheduled event or signal change due at or before `offset`, the earliest
    /// first (a scheduled event before a signal change at the same moment). The receiver
    /// changes its signal only while the route lasts.
    package mutating func nextHappening(upTo offset: Double, routeLasts: Bool) -> HappeningQueue.Happening? {
        happenings.next(upTo: offset, startTime: startTime, receiver: &receiver, routeLasts: routeLasts)
    }

    /// A scheduled `signal=lost|restored` at `time`: the change it makes, if any.
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

/// When the receiver reports a route fix: simulated time, and seconds since the start.
package struct Moment: Sendable, Equatable {
    package var time: Timestamp
    package var offset: Double

    package init(time: Timestamp, offset: Double) {
        self.time = time
        self.offset = offset
    }
}
