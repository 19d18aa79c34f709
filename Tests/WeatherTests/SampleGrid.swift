// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastWeather

/// A place and instant with the model's conditions there.
struct Sample: Sendable {
    var latitude: Double
    var longitude: Double
    var elevationMeters: Double
    var unixTime: Double
    var conditions: WeatherConditions
}

enum SampleGrid {
    /// 2024-01-01T00:00:00Z.
    static let january2024 = 1_704_067_200.0

    /// About 24 000 samples: every 6° of latitude from −84° to 84°, every 15° of longitude,
    /// 25 instants spread over 2024 (every 14 days 14 hours 37 minutes, so all times of
    /// day occur) and elevations of 0 and 1500 m.
    static let samples: [Sample] = {
        let model = WeatherModel()
        var samples: [Sample] = []
        for latitude in stride(from: -84.0, through: 84.0, by: 6.0) {
            for longitude in stride(from: -180.0, to: 180.0, by: 15.0) {
                for step in 0..<25 {
                    let time = january2024 + Double(step) * (14 * 86_400 + 14 * 3_600 + 37 * 60)
                    for elevation in [0.0, 1_500.0] {
                        let conditions = model.conditions(
                            latitude: latitude, longitude: longitude, elevationMeters: elevation, unixTime: time)
                        samples.append(
                            Sample(
                                latitude: latitude, longitude: longitude, elevationMeters: elevation,
                                unixTime: time, conditions: conditions))
                    }
                }
            }
        }
        return samples
    }()
}
