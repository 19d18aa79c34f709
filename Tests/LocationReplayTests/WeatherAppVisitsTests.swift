// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastApps
import TrailcastCoreLocation

/// `--visits`: the weather app starts the visits service once it is authorized, never
/// before (Core Location would fail it with `denied`, an error the app did not cause).
@Suite("Weather app visits")
struct WeatherAppVisitsTests {
    static func launch(answer: PromptAnswer, visits: Bool) -> (events: AppOutput, monitors: Bool) {
        var app = WeatherAppModel(
            locationService: LocationService(configuration: .init(promptAnswer: answer)),
            services: ServicesUsed(visits: visits))
        var output = AppOutput()
        app.launch(into: &output)
        return (output, app.locationService.monitorsVisits)
    }

    @Test("refused at the launch prompt: the visits service is not started, and the timeline says nothing of it")
    func notStartedWhenDenied() {
        let withVisits = Self.launch(answer: .deny, visits: true)
        #expect(!withVisits.monitors)
        #expect(withVisits.events.events == Self.launch(answer: .deny, visits: false).events.events)
    }

    @Test("allowed at the launch prompt: the visits service runs")
    func startedWhenAllowed() {
        #expect(Self.launch(answer: .allow, visits: true).monitors)
        #expect(!Self.launch(answer: .allow, visits: false).monitors)
    }
}
