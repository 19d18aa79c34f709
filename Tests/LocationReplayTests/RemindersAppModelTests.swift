// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastApps
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice

/// The reminders app's words for each region event: an arrival and a leaving each say which,
/// anything else says nothing.
@Suite("Reminders app: what each region event says")
struct RemindersAppModelTests {
    static let pharmacy = CircularRegion(
        identifier: "pharmacy", center: Coordinate(latitude: 37.79, longitude: -122.39), radiusMeters: 100,
        notifyOnEntry: true, notifyOnExit: true)

    @Test(
        "enter is an arrival, exit a leaving, each naming the place; the rest say nothing",
        arguments: [
            (RegionEvent.Change.enter, "Reminder: you arrived at pharmacy."),
            (.exit, "Reminder: you left pharmacy."), (.inside, nil), (.outside, nil), (.started, nil), (.stopped, nil),
        ] as [(RegionEvent.Change, String?)])
    func words(change: RegionEvent.Change, said: String?) {
        #expect(RemindersAppModel.reminder(RegionEvent(region: Self.pharmacy, change: change)) == said)
    }
}
