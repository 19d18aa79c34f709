// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
package import TrailcastCoreLocation
package import TrailcastSettings
import TrailcastTimeline

/// The places app (a vaccination-centre finder): the Core Location handling of the weather
/// app, and a list of places sorted by distance from each location it receives.
///
/// It keeps the weather app's lookup at each location (a weather line beside the list),
/// so that a places run's timeline has the weather events it always had.
///
/// - On each location it looks up the `limit` nearest places (a k-d tree, not a sort of
///   everything per fix) and shows them (a `places` event) only when the list or its order
///   changed, not on every fix.
/// - Without location (denied, restricted, services off) it shows the list in file order
///   and its one alert, as the apps did.
/// - Taps: as ``WeatherAppModel``'s, and `refresh` shows the list sorted again from the
///   last location (even unchanged), or the alert and the file order.
package struct PlacesAppModel: ModelApp {
    package static let accessOffAlert =
        "Location is not allowed: places are listed in file order. Allow location in Settings to sort them by distance."

    private var core: WeatherAppModel
    package let places: [Place]
    package let limit: Int
    private let index: NearestPlaces
    /// The list last shown: its order and the places in it.
    private var shown: (order: PlacesList.Order, places: [Int])?
    private var lastFix: LocationFix?

    package init(
        locationService: LocationService, request: AuthorizationRequest = .whenInUse, places: [Place], limit: Int,
        services: ServicesUsed = ServicesUsed()
    ) {
        core = WeatherAppModel(
            locationService: locationService, request: request, accessOffMessage: Self.accessOffAlert,
            services: services)
        self.places = places
        self.limit = max(limit, 1)
        index = NearestPlaces(places)
    }

    package var locationService: LocationService { core.locationService }

    package mutating func launch(into events: inout AppOutput) {
        let first = events.items.count
        core.launch(into: &events)
        react(to: &events, from: first)
    }

    package mutating func apply(_ change: ScheduledEvent.Change, into events: inout AppOutput) {
        let first = events.items.count
        if case .tap(.refresh) = change {
            events.append(.tap(.refresh))
            if locationService.authorizationStatus.isAuthorized, let lastFix {
                show(nearest: lastFix, always: true, into: &events)
            } else {
                events.append(.alert(message: Self.accessOffAlert))
                showFileOrder(always: true, into: &events)
            }
            return
        }
        core.apply(change, into: &events)
        react(to: &events, from: first)
    }

    package mutating func deviceMoved(to fix: LocationFix, into events: inout AppOutput) {
        let first = events.items.count
        core.deviceMoved(to: fix, into: &events)
        react(to: &events, from: first)
    }

    package mutating func deviceSignalChanged(_ change: SignalChange, into events: inout AppOutput) {
        let first = events.items.count
        core.deviceSignalChanged(change, into: &events)
        react(to: &events, from: first)
    }

    package mutating func inUseGraceEnded(into events: inout AppOutput) {
        let first = events.items.count
        core.inUseGraceEnded(into: &events)
        react(to: &events, from: first)
    }

    package mutating func terminate(into events: inout AppOutput) {
        let first = events.items.count
        core.terminate(into: &events)
        react(to: &events, from: first)
    }

    /// What the app does with what Core Location just said: a location sorts the list, the
    /// loss of access shows it in file order (after the alert).
    private mutating func react(to events: inout AppOutput, from first: Int) {
        var position = first
        while position < events.items.count {
            let item = events.items[position]
            position += 1
            var added = AppOutput()
            switch item {
            case .event(.location(let fix)):
                lastFix = fix
                // The weather for this location first (the core app's lookup), then the list.
                if position < events.items.count, events.items[position] == .effect(.lookUpWeather(fix)) {
                    position += 1
                }
                show(nearest: fix, always: false, into: &added)
            case .event(.alert(let message)) where message == Self.accessOffAlert:
                lastFix = nil
                showFileOrder(always: false, into: &added)
            default:
                break
            }
            events.items.insert(contentsOf: added.items, at: position)
            position += added.items.count
        }
    }

    private mutating func show(nearest fix: LocationFix, always: Bool, into events: inout AppOutput) {
        let found = index.nearest(limit, latitude: fix.latitude, longitude: fix.longitude)
        let indices = found.map(\.index)
        if !always, let shown, shown.order == .distance, shown.places == indices { return }
        shown = (.distance, indices)
        events.append(
            .places(
                PlacesList(
                    order: .distance,
                    nearest: found.map { entry in
                        let place = places[entry.index]
                        return PlacesList.Entry(
                            name: place.name, latitude: place.latitude, longitude: place.longitude,
                            distanceMeters: entry.distanceMeters)
                    },
                    total: places.count)))
    }

    private mutating func showFileOrder(always: Bool, into events: inout AppOutput) {
        let indices = Array(places.indices.prefix(limit))
        if !always, let shown, shown.order == .file { return }
        shown = (.file, indices)
        events.append(
            .places(
                PlacesList(
                    order: .file,
                    nearest: indices.map {
                        PlacesList.Entry(
                            name: places[$0].name, latitude: places[$0].latitude, longitude: places[$0].longitude,
                            distanceMeters: nil)
                    },
                    total: places.count)))
    }
}
