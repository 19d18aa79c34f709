// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastRoutes
import TrailcastTimeline

/// The completion scripts tried in real shells, as a person's Tab would: bash through its
/// own completion function (`complete -p`, `COMP_WORDS`), fish through `complete -C`, zsh in
/// a pseudo-terminal with Tab typed (its completion runs only inside its line editor:
/// Tests/Fixtures/shells/zsh-complete.zsh).
@Suite("Completions that complete, in bash, fish and zsh")
struct CompletionTests {
    /// Each partial command line and what Tab must offer (all of it, nothing else), typed in
    /// the repository's root.
    static let cases: [(words: [String], offers: [String])] = [
        // Route files by their formats' extensions, and directories to go into.
        (["replay", "gpx/sf-wa"], ["gpx/sf-waterfront-walk.gpx"]),
        (
            ["replay", "gpx/"],
            [
                "gpx/places", "gpx/route-no-times.gpx", "gpx/scenarios", "gpx/sf-waterfront-walk.gpx", "gpx/tools",
                "gpx/xcode-waypoints.gpx", "gpx/zurich-lake-ride.gpx",
            ]
        ),
        (["check", "gpx/scenarios/happy"], ["gpx/scenarios/happy-path.yaml"]),
        (
            ["replay", "--scenario", "gpx/scenarios/den"],
            ["gpx/scenarios/denied-at-first-prompt.yaml", "gpx/scenarios/denied-at-launch.yaml"]
        ),
        // Closed sets: the values.
        (["replay", "--gps", ""], ["indoor", "open-sky", "perfect", "suburban", "urban-canyon"]),
        (["replay", "--format", ""], TimelineFormatName.allCases.map(\.rawValue).sorted()),
        (["export", "x.gpx", "--format", "n"], ["nmea"]),
        (["replay", "--prompt", ""], ["allow", "deny", "once"]),
        // Subcommands.
        (["rep"], ["replay", "report"]),
    ]

    static func script(_ shell: String, in scratch: ScratchDirectory) async throws -> URL {
        let generated = try await TrailcastBinary.run(arguments: ["--generate-completion-script", shell])
        try #require(generated.status == 0, "\(generated.stderr)")
        return try scratch.file(named: "trailcast.\(shell)", text: generated.stdout)
    }

    @Test("bash: the registered function offers files by extension, closed sets' values and subcommands")
    func bash() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let script = try await Self.script("bash", in: scratch)
        for (words, offers) in Self.cases {
            // The function `complete -p` names, called as bash calls it on Tab.
            let program = """
                source '\(script.path)'
                function=$(complete -p trailcast | sed -E 's/.* -F ([^ ]+) .*/\\1/')
                COMP_WORDS=(trailcast "$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
                "$function" trailcast "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try await TrailcastBinary.runTool("bash", ["-c", program, "bash"] + words)
            #expect(result.status == 0, "\(words): \(result.stderr)")
            #expect(Set(result.stdoutLines.filter { !$0.isEmpty }) == Set(offers), "bash, Tab after \(words)")
        }
    }

    /// What each file argument's Tab offers, as the parser hands it to every shell's script:
    /// routes by every format's extension in both cases, certificates as `.pem` or `.crt`,
    /// keys as `.pem` or `.key`, the rest any file.
    @Test("every file argument's extensions: routes, scenarios, timelines, places, regions, certificates, keys")
    func fileExtensions() async throws {
        let dump = try await TrailcastBinary.run(arguments: ["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var found: [String: [String]] = [:]
        for command in (root["command"] as? [String: Any])?["subcommands"] as? [[String: Any]] ?? [] {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                guard let file = (argument["completionKind"] as? [String: Any])?["file"] as? [String: Any] else {
                    continue
                }
                let long = (argument["names"] as? [[String: Any]] ?? []).first { $0["kind"] as? String == "long" }
                let name =
                    "\(command["commandName"] ?? "?") " + ((long?["name"] as? String).map { "--" + $0 } ?? "ROUTE")
                found[name] = file["extensions"] as? [String] ?? []
            }
        }
        let routes = [
            "gpx", "GPX", "kml", "KML", "kmz", "KMZ", "geojson", "GEOJSON", "tcx", "TCX", "fit", "FIT", "nmea", "NMEA",
            "csv", "CSV", "json", "JSON",
        ]
        let certificates = ["pem", "crt"], keys = ["pem", "key"]
        var expected: [String: [String]] = [
            "replay ROUTE": routes, "inspect ROUTE": routes, "export ROUTE": routes, "fleet ROUTE": routes,
            "replay --scenario": ["yaml", "yml"], "check ROUTE": ["yaml", "yml"], "report ROUTE": ["jsonl"],
            "replay --places": ["geojson", "json", "csv", "gpx"], "replay --regions": ["csv", "geojson", "json"],
            "fleet --mqtt-ca": certificates, "fleet --mqtt-cert": certificates, "fleet --mqtt-key": keys,
            "fleet --http-ca": certificates, "fleet --http-cert": certificates, "fleet --http-key": keys,
        ]
        for name in [
            "replay --output", "replay --report", "replay --weather-log", "replay --nmea", "report --output",
            "check --output", "inspect --output", "export --output", "fleet --output", "fleet --summary",
            "fleet --mqtt-password-file", "fleet --http-password-file",
        ] {
            expected[name] = []
        }
        #expect(found == expected)
    }

    @Test("bash: a path option offers files (the registration keeps -o filenames)")
    func bashRegistration() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let script = try await Self.script("bash", in: scratch)
        let result = try await TrailcastBinary.runTool(
            "bash", ["-c", "source '\(script.path)'; complete -p trailcast"])
        #expect(result.stdoutLines.first?.hasPrefix("complete -o filenames -F ") == true, "\(result.stdout)")
    }

    @Test("fish: complete -C offers the same")
    func fish() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let script = try await Self.script("fish", in: scratch)
        for (words, offers) in Self.cases {
            let line = (["trailcast"] + words).joined(separator: " ")
            let result = try await TrailcastBinary.runTool(
                "fish", ["--no-config", "-c", "source '\(script.path)'; complete -C '\(line)'"])
            #expect(result.status == 0, "\(words): \(result.stderr)")
            // fish prints each candidate, a tab, and its description; a directory ends in `/`.
            let offered = Set(
                result.stdoutLines.map { line in
                    let candidate = line.prefix { $0 != "\t" }
                    return String(candidate.hasSuffix("/") ? candidate.dropLast() : candidate)
                }.filter { !$0.isEmpty })
            #expect(offered == Set(offers), "fish, Tab after \(words)")
        }
    }

    @Test("zsh: Tab in zsh's line editor offers the route file, the scenario, closed sets' values and subcommands")
    func zshTab() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let generated = try await TrailcastBinary.run(arguments: ["--generate-completion-script", "zsh"])
        try #require(generated.status == 0)
        // zsh finds a completion function by its file's name on fpath.
        _ = try scratch.file(named: "_trailcast", text: generated.stdout)
        // A folder of every kind of name: a path argument offers its own kinds and folders,
        // and nothing else (zsh's all-files group is only for a folder without them).
        let folder = scratch.url.appendingPathComponent("routes")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("older"), withIntermediateDirectories: true)
        // A device's own folder names its files in capitals (`ACTIVITY/RUN.FIT`).
        for name in [
            "walk.gpx", "ride.KML", "run.fit", "park.geojson", "notes.md", "s.yaml", "clinics.csv", "run.jsonl",
        ] {
            _ = try scratch.file(named: "routes/\(name)", text: "x\n")
        }
        let typed = folder.path + "/"
        // zsh offers a file by its name in the folder typed (the folder is the prefix).
        for (line, offers) in [
            ("trailcast replay \(typed)", ["walk.gpx", "ride.KML", "run.fit", "park.geojson", "clinics.csv", "older"]),
            (
                "trailcast inspect \(typed)",
                ["walk.gpx", "ride.KML", "run.fit", "park.geojson", "clinics.csv", "older"]
            ),
            ("trailcast check \(typed)", ["s.yaml", "older"]),
            ("trailcast report \(typed)", ["run.jsonl", "older"]),
            ("trailcast replay --places \(typed)", ["walk.gpx", "park.geojson", "clinics.csv", "older"]),
            ("trailcast replay --weather-cache \(typed)", ["older"]),
            ("trailcast fleet \(typed)", ["walk.gpx", "ride.KML", "run.fit", "park.geojson", "clinics.csv", "older"]),
            (
                "trailcast replay --output \(typed)",
                [
                    "walk.gpx", "ride.KML", "run.fit", "park.geojson", "notes.md", "s.yaml", "clinics.csv", "run.jsonl",
                    "older",
                ]
            ),
            ("trailcast replay --gps ", ["indoor", "open-sky", "perfect", "suburban", "urban-canyon"]),
            ("trailcast replay --format ", TimelineFormatName.allCases.map(\.rawValue).sorted()),
            ("trailcast rep", ["replay", "report"]),
            ("trailcast replay gpx/sf-wa", ["sf-waterfront-walk.gpx"]),
            ("trailcast check gpx/scenarios/happy", ["happy-path.yaml"]),
            ("trailcast replay --scenario gpx/scenarios/approx", ["approximate-location.yaml"]),
        ] {
            let result = try await TrailcastBinary.runTool(
                "zsh", ["-f", Repository.url("Tests/Fixtures/shells/zsh-complete.zsh").path, scratch.url.path, line])
            #expect(result.status == 0, "\(line): \(result.stderr)")
            #expect(Set(result.stdoutLines.filter { !$0.isEmpty }) == Set(offers), "zsh, Tab after '\(line)'")
        }
    }

    @Test("zsh: the script loads under compinit; route files by extension, directories, closed sets' values")
    func zsh() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let script = try await Self.script("zsh", in: scratch)
        let loaded = try await TrailcastBinary.runTool(
            "zsh",
            ["-f", "-c", "autoload -U compinit && compinit -u -D && source '\(script.path)' && whence -w _trailcast"])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(loaded.stdout == "_trailcast: function\n")
        let text = try String(contentsOf: script, encoding: .utf8)
        // Every format's extension in both cases (`RouteFormat.completionExtensions`), and
        // `.json` for GeoJSON and Takeout: `*.gpx *.GPX *.kml *.KML ... *.json *.JSON`.
        let patterns = RouteFormat.completionExtensions.map { "*.\($0)" }.joined(separator: " ")
        #expect(patterns.hasPrefix("*.gpx *.GPX *.kml *.KML") && patterns.hasSuffix("*.json *.JSON"))
        #expect(text.contains(#":route-file:_files -g '\''"# + patterns + #"'\''"#))
        #expect(text.contains(#":scenario.yaml:_files -g '\''*.yaml *.yml'\''"#))
        #expect(text.contains(":DIR:_files -/"), "--weather-cache and --cache offer directories")
        #expect(text.contains("local -ar ___gps=('perfect' 'open-sky' 'suburban' 'urban-canyon' 'indoor')"))
        #expect(text.contains(#":PROFILE:{__trailcast_complete "${___gps[@]}"}"#))
    }
}
