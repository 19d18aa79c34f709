// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastSettings

/// Each setting is declared once, in `ReplaySetting.all`: its flag on `trailcast replay`
/// and the default its help names are held to that declaration and to what a default run's
/// `start` event records, so a flag added, renamed or given another default without the
/// other is caught.
@Suite("replay's flags against the settings' declarations")
struct SettingFlagsTests {
    /// The help's options by flag: `--travel-speed` -> its help text on one line.
    static func options() async throws -> [String: String] {
        let help = try await TrailcastBinary.run(arguments: ["replay", "--help"])
        #expect(help.status == 0)
        var options: [String: String] = [:]
        var current: String?
        for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  --") {
                let flag = String(line.dropFirst(2).prefix { $0 != " " })
                current = flag
                options[flag] = line.dropFirst(2 + flag.count).trimmingCharacters(in: .whitespaces)
            } else if let flag = current, line.hasPrefix("      ") {
                options[flag, default: ""] += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                current = nil
            }
        }
        return options
    }

    /// A setting's flag: its key in kebab case (`promptAlways` -> `--prompt-always`);
    /// `events` is given one at a time, as `--event`.
    static func flag(_ key: String) -> String {
        if key == "events" { return "--event" }
        return "--" + key.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
    }

    @Test("every setting has its flag, and every flag of the settings' groups is a setting")
    func flagsAreSettings() async throws {
        let options = try await Self.options()
        let keys = ReplaySetting.all.map { "\($0.key)" }
        for key in keys {
            #expect(options[Self.flag(key)] != nil, "the setting \(key) has no flag \(Self.flag(key))")
        }
        // Flags that shape a run but are not one of its settings: the weather client's own
        // (its archive, its timeout, a copy of its events) and --weather local's server faults.
        let notSettings: Set = [
            "--weather-archive-url", "--weather-timeout", "--weather-log", "--server-fail-rate", "--server-latency",
            "--server-timeout-rate", "--server-malformed-rate", "--server-rate-limit", "--server-seed",
            // Another way to say --speed 0, the setting `speed`.
            "--virtual",
        ]
        let settingFlags = Set(keys.map(Self.flag))
        let help = try await TrailcastBinary.run(arguments: ["replay", "--help"])
        // The groups of settings: from ROUTE, USER AND SYSTEM to the end of WEATHER.
        let groups = help.stdout.components(separatedBy: "ROUTE, USER AND SYSTEM:")[1]
            .components(separatedBy: "\n\n").prefix(4).joined(separator: "\n")
        let flags = groups.split(separator: "\n").filter { $0.hasPrefix("  --") }
            .map { String($0.dropFirst(2).prefix { $0 != " " }) }
        #expect(flags.count > 30)
        for flag in flags where !notSettings.contains(flag) {
            #expect(settingFlags.contains(flag), "\(flag) is in a group of settings but no setting's flag")
        }
    }

    @Test("the default a flag's help names is what a default run records")
    func helpDefaultsAreTheRecordedOnes() async throws {
        let options = try await Self.options()
        let run = try await TrailcastBinary.run(arguments: [
            "replay", "gpx/sf-waterfront-walk.gpx", "--format", "jsonl",
        ])
        #expect(run.status == 0)
        let start = try #require(run.stdout.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(start.utf8)) as? [String: Any])
        let settings = try #require(object["settings"] as? [String: Any])
        var compared = 0
        for (key, value) in settings {
            guard let help = options[Self.flag(key)], let range = help.range(of: "(default: ") else { continue }
            let named = String(help[range.upperBound...].prefix { $0 != ")" })
            // (A switch on both: Foundation on Linux reads a JSON 0 or 1 as a Bool too.)
            if let text = value as? String {
                #expect(named == text, "\(Self.flag(key)): the help says \(named), a run records \(text)")
            } else if let number = value as? Double {
                #expect(
                    Self.seconds(named) == number, "\(Self.flag(key)): the help says \(named), a run records \(number)")
            } else {
                continue
            }
            compared += 1
        }
        // Every default the help names for a setting a run records (--places-limit's 5 is
        // the app's, recorded as null when not given).
        #expect(compared == 18, "\(compared) defaults compared")
    }

    /// A number, or a duration as the flags write it (`5m`, `15m`, `1h`) in seconds.
    static func seconds(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        if let unit = text.last, let scale = units[unit], let value = Double(text.dropLast()) { return value * scale }
        return Double(text)
    }
}
