// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// What the simulated user taps in the app (`--event OFFSET:tap=ACTION`), as the apps this
/// project started from offer it.
public enum TapAction: String, Sendable, CaseIterable, Hashable {
    /// The map's "current location" button: a one-shot `requestLocation()` when allowed,
    /// an alert when not.
    case currentLocation
    /// Pull to refresh: the list sorted again from the last location, or the alert.
    case refresh
    /// "Ask for permission again": a prompt only while the status is notDetermined;
    /// otherwise Core Location ignores the request, and the app offers Settings instead.
    case requestPermission
    /// "Open Settings": the app goes to the background; the next `authorization=` event is
    /// what the user does there, and `app=foreground` brings them back.
    case openSettings
}
