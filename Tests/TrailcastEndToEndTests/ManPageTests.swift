// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// trailcast(1), as deploy/make-manpage.py makes it for the release archive: the real exit
/// statuses, each option's values, no hyphenation, and nothing groff warns about.
/// The time limit is the suites' usual ceiling, not a measure: the test waits for a slot to
/// run its tools beside the suite's other spawned runs (5 minutes ran out on a loaded machine,
/// a clean-clone CI beside the suite); a hang is caught by each run's own deadline.
@Suite("The man page")
struct ManPageTests {
    @Test("made from the binary: every command and option, the values of closed sets, the exit statuses of the help")
    func page() async throws {
        let made = try await TrailcastBinary.runTool("python3", ["deploy/make-manpage.py", TrailcastBinary.url.path])
        try #require(made.status == 0, "\(made.stderr)")
        let page = made.stdout
        #expect(page.contains("\n.nh\n"), "no hyphenation mid-word")
        for command in ["replay", "report", "check", "inspect", "export", "fleet", "serve-weather"] {
            #expect(page.contains(".SS \"trailcast \(command)\""), "\(command)")
        }
        // A closed set whose help does not list its values gets them; one that does is left.
        #expect(
            page.contains(
                "\\fB\\-\\-prompt\\fR \\fIprompt\\fR\nThe simulated user's answer to a permission prompt. (default: allow) Values: allow, once, deny."
            ))
        #expect(
            page.contains(
                "\\fB\\-\\-gps\\fR \\fIPROFILE\\fR\nThe simulated GPS: perfect (the route itself), open\\-sky"))
        // The exit statuses: every one the help names, with the docs' words.
        let help = try await TrailcastBinary.run(arguments: ["--help"])
        let status = try #require(page.range(of: ".SH EXIT STATUS\n"))
        let section = String(page[status.upperBound...]).components(separatedBy: ".SH ")[0]
        let statuses = section.components(separatedBy: ".TP\n").dropFirst().compactMap {
            $0.split(separator: "\n").first.map {
                String($0).replacingOccurrences(of: "\\fB", with: "").replacingOccurrences(of: "\\fR", with: "")
            }
        }
        #expect(statuses == ["0", "1", "64", "65", "66", "69", "73", "74", "130, 143"])
        for code in ["0", "1", "64", "65", "66", "69", "73", "74", "130/143"] {
            // Words, not lines: the help wraps to the terminal's width.
            #expect(
                help.stdout.replacingOccurrences(of: "\n", with: " ").contains(" \(code) "),
                "--help names exit status \(code)")
        }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file(named: "trailcast.1", text: page)
        let groff = try await TrailcastBinary.runTool("groff", ["-man", "-Tutf8", "-ww", "-z", file.path])
        #expect(groff.status == 0)
        #expect(groff.stderr == "", "groff's warnings")
    }
}
