// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// `--app`: which model app sits in the phone.
public enum ModelAppChoice: Sendable, Equatable {
    /// The weather app: weather for every new location.
    case weather
    /// The places app: the places of `file` sorted by distance, the first `limit` shown.
    case places(file: String, limit: Int)
    /// The reminders app: "remind me when I arrive at / leave a place", for the `--regions`.
    case reminders

    /// How many places the places app shows when `--places-limit` does not say.
    package static let defaultPlacesLimit = 5

    package var isPlaces: Bool {
        if case .places = self { true } else { false }
    }

    /// The app's name as `--app` takes it and the `start` event records it: `weather`, `places` or `reminders`.
    package var name: String {
        switch self {
        case .weather: return "weather"
        case .places: return "places"
        case .reminders: return "reminders"
        }
    }
}
