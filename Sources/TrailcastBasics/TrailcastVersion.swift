// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Trailcast's version: what `trailcast --version` prints and the Open-Meteo client names in
/// its `User-Agent`. Set here, and only here, when a release is cut (CONTRIBUTING.md's
/// "Cutting a release"); CHANGELOG.md says what each version changed.
package enum TrailcastVersion {
    /// The version, as semantic versioning writes it: `MAJOR.MINOR.PATCH`.
    package static let current = "0.1.0"

    /// `MAJOR.MINOR`: what a `User-Agent` names, since a patch changes nothing a server
    /// would tell apart.
    package static var majorAndMinor: String {
        current.split(separator: ".").prefix(2).joined(separator: ".")
    }
}
