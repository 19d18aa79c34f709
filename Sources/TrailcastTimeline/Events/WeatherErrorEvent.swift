// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastWeather

extension WeatherFailure: TimelineEventBody {
    static let eventType = "weatherError"
    static let textColor = TimelineTextColor.boldRed
    static var example: WeatherFailure {
        WeatherFailure(
            cell: WeatherCell(latitude: 37.8, longitude: -122.4, sizeDegrees: 0.01),
            message: "HTTP 500", attempts: 3, httpStatus: 500, willRetry: true)
    }

    func writeFields(to fields: inout some TimelineFields) {
        fields.string("cell", cell.description)
        fields.string("message", message)
        fields.integer("attempts", attempts)
        fields.integer("httpStatus", httpStatus)
        fields.bool("willRetry", willRetry)
    }

    /// `cell 37.8,-122.4: HTTP 500 (3 attempts, will retry)`
    func appendText(to bytes: inout [UInt8]) {
        var text = "cell \(cell): \(message) (\(attempts) attempt\(attempts == 1 ? "" : "s")"
        text += willRetry ? ", will retry)" : ", will not retry)"
        bytes.append(contentsOf: text.utf8)
    }
}
