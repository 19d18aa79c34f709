// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// How one named weather model's answers differ from the built-in model's, so that a request
/// for several models (`models=icon_global,icon_eu`) gets answers that differ as real models'
/// do, and each model the same on every request.
///
/// The project's reading, not a forecast: a model is the same world (the same weather
/// systems) seen with a small bias of its own, drawn from its name by SplitMix64: air up to
/// 1 °C warmer or cooler, wind 15 % stronger or weaker and turned by up to 10°, cloud
/// 10 points more or less. The bias is put into the atmosphere before anything is derived
/// from it, so each model's weather code, apparent temperature, dew point and gusts agree
/// with its own temperature, wind and cloud. `best_match` is the built-in model unchanged.
package struct ModelVariation: Sendable, Equatable {
    var temperatureOffsetCelsius: Double
    var windFactor: Double
    var windTurnDegrees: Double
    var cloudOffset: Double

    /// No bias: the built-in model.
    package static let none = ModelVariation(
        temperatureOffsetCelsius: 0, windFactor: 1, windTurnDegrees: 0, cloudOffset: 0)

    init(temperatureOffsetCelsius: Double, windFactor: Double, windTurnDegrees: Double, cloudOffset: Double) {
        self.temperatureOffsetCelsius = temperatureOffsetCelsius
        self.windFactor = windFactor
        self.windTurnDegrees = windTurnDegrees
        self.cloudOffset = cloudOffset
    }

    /// The bias of the model named `name` (`best_match`: none).
    package init(modelNamed name: String) {
        guard name != "best_match" else {
            self = .none
            return
        }
        // FNV-1a of the name seeds the generator: the same name, the same bias, everywhere.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        var random = SplitMix64(seed: hash)
        func uniform() -> Double { random.nextUniform(in: -1...1) }
        self.init(
            temperatureOffsetCelsius: (uniform() * 10).rounded() / 10, windFactor: 1 + 0.15 * uniform(),
            windTurnDegrees: 10 * uniform(), cloudOffset: 0.1 * uniform())
    }

    func apply(to state: inout AtmosphereState) {
        guard self != .none else { return }
        state.temperatureCelsius += temperatureOffsetCelsius
        state.windSpeedMps *= windFactor
        state.windDirectionDegrees = (state.windDirectionDegrees + windTurnDegrees + 360).truncatingRemainder(
            dividingBy: 360)
        state.cloudFraction = min(1, max(0, state.cloudFraction + cloudOffset))
    }
}
