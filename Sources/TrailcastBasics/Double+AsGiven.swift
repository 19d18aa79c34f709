// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
extension Double {
    /// The number as a person types it, for messages that quote the value given
    /// (`--speed must be ..., not -1`): whole numbers without Swift's `.0`.
    package var asGiven: String {
        isFinite && self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
