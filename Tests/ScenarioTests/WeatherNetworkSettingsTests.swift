// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastSettings

/// `WeatherNetworkSettings.problem`, the Swift API's own guard (the flags and the scenario
/// reader check first, in their words).
@Suite("Weather network settings: what cannot work")
struct WeatherNetworkSettingsTests {
    @Test("a URL of ten characters (http://a.b) is taken; nine (http://ab) is no URL")
    func shortestURL() {
        #expect(WeatherNetworkSettings(forecastURL: "http://a.b").problem == nil)
        #expect(
            WeatherNetworkSettings(forecastURL: "http://ab").problem
                == "the weather url must be an http:// or https:// URL, not 'http://ab'")
        #expect(
            WeatherNetworkSettings(archiveURL: "https://x").problem
                == "the weather archive url must be an http:// or https:// URL, not 'https://x'")
    }

    @Test("a timeout of 1 ms is taken; a microsecond less is refused")
    func shortestTimeout() {
        #expect(WeatherNetworkSettings(timeout: .milliseconds(1)).problem == nil)
        #expect(
            WeatherNetworkSettings(timeout: .microseconds(999)).problem == "the weather timeout must be at least 1 ms")
    }
}
