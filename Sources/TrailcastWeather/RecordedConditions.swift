// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Weather recorded earlier for some places and times (a weather cache on disk), which a
/// weather server answers with where it has them, and from its model elsewhere.
package protocol RecordedConditions: Sendable {
    /// The recorded conditions covering this place and moment, if any.
    func conditions(latitude: Double, longitude: Double, unixTime: Double) -> WeatherConditions?
}
