// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// The model's conditions by place and hour, shared by every request to one server: an
/// app's requests repeat the same few cells and hours, and the model's noise is most of
/// what a forecast costs. Bounded: when full it starts again empty (a busy server's
/// working set is far smaller than the bound).
final class ModelConditionsCache: Sendable {
    private struct Key: Hashable {
        var latitude: UInt64
        var longitude: UInt64
        var elevation: UInt64
        var unixTime: Int
    }

    static let capacity = 16_384

    private let model: WeatherModel
    private let entries = LockedValue<[Key: WeatherConditions]>([:])

    init(model: WeatherModel) {
        self.model = model
    }

    func conditions(latitude: Double, longitude: Double, elevationMeters: Double, unixTime: Int) -> WeatherConditions {
        let key = Key(
            latitude: latitude.bitPattern, longitude: longitude.bitPattern,
            elevation: elevationMeters.bitPattern, unixTime: unixTime)
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let computed = model.conditions(
            latitude: latitude, longitude: longitude, elevationMeters: elevationMeters, unixTime: Double(unixTime))
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = computed
        }
        return computed
    }
}
