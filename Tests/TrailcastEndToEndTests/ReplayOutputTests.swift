// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast replay` in text and CSV, `--output`, and colour.
@Suite("trailcast replay: text, CSV and --output")
struct ReplayOutputTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"
    /// A run with every event type.
    static let story = [
        "--prompt", "once", "--event", "5m:app=background", "--event", "6m:app=foreground",
        "--event", "10m:authorization=denied",
    ]
    static let csvHeader = """
        t,offset,type,file,source,points,settings,from,to,accuracy,servicesEnabled,cause,request,answer,\
        lat,lon,altitude,horizontalAccuracy,verticalAccuracy,speed,course,index,code,message,state,\
        locations,distanceMeters,simulatedSeconds,wallSeconds,\
        cell,stale,temperatureCelsius,apparentTemperatureCelsius,relativeHumidity,precipitationMm,\
        cloudCover,weatherCode,condition,windSpeedMps,windDirectionDegrees,isDay,attempts,fetchMs,\
        httpStatus,willRetry,weatherLookups,weatherNetworkFetches,weatherCacheHits,weatherErrors,truthLat,truthLon,\
        action,paused,multiplier,method,manager,reason,fixes,since,until,path,order,nearest,total,identifier,change,centerLat,centerLon,radius,arrival,departure,cached
        """

    @Test("text: one aligned line per event, the type in a 15-column field, no colour in a pipe")
    func textShape() async throws {
        let jsonl = try await ReplayTimeline.run(Self.walk, Self.story)
        let text = try await TrailcastBinary.run(arguments: ["replay", Self.walk] + Self.story)
        #expect(text.status == 0)
        #expect(text.stderr == "")
        let lines = text.stdoutLines
        #expect(lines.count == jsonl.lines.count)
        #expect(!text.stdout.contains("\u{1B}"))
        for (line, type) in zip(lines, jsonl.types) {
            // ` +H:MM:SS.mmm  TYPE<pad to 15>DETAILS`: details always start at column 30.
            let characters = Array(line)
            try #require(characters.count > 30, "\(line)")
            #expect(String(characters[0..<2]) == " +", "\(line)")
            #expect(String(characters[13..<15]) == "  ", "\(line)")
            #expect(String(characters[15..<30]).trimmingCharacters(in: .whitespaces) == type, "\(line)")
            #expect(characters[30] != " " || type == "location", "\(line)")
        }
        #expect(lines.first == " +0:00:00.000  start          gpx/sf-waterfront-walk.gpx: track points, virtual time")
        #expect(
            lines.contains(
                " +0:05:05.000  authorization  authorizedWhenInUse -> notDetermined, accuracy full, services on (expired)"
            ))
        #expect(lines.contains(" +0:10:00.000  alert          \"\(ReplayTimeline.alertMessage)\""))
        #expect(lines.contains(" +0:10:00.000  locationError  denied: \(ReplayTimeline.deniedMessage)"))
        #expect(lines.contains(" +0:06:00.000  app            foreground"))
        #expect(
            lines[4]
                == " +0:00:00.000  location        37.795403, -122.394253  alt    4.5 m  ±   5 m    1.33 m/s  319°  #0")
        let end = try #require(lines.last)
        // 187 fixes and the last known one, handed over as updates start again at 6 min.
        #expect(
            end.hasPrefix(" +1:26:06.000  end            1840 points read, 188 locations, 7080.6 m, 5166 s simulated; ")
        )
        #expect(end.contains(" s simulated; weather 188 lookups, 0 network, "))
        #expect(
            lines.filter { $0.hasPrefix(" +0:06:00.000  location") && $0.contains("  cached, from 2026-06-13T16:0") }
                .count == 1)
        #expect(end.hasSuffix(" s wall (finished)"))
        // Location lines line up column for column.
        let locationLines = zip(lines, jsonl.types).filter { $1 == "location" }.map(\.0)
        let widths = Set(locationLines.map { $0.split(separator: "#")[0].count })
        #expect(widths.count == 1, "location lines of different widths before the index: \(widths)")
    }

    @Test("colour: --color always colours the type; auto stays plain in a pipe and with NO_COLOR")
    func colourChoices() async throws {
        let always = try await TrailcastBinary.run(arguments: [
            "replay", "gpx/xcode-waypoints.gpx", "--color", "always",
        ])
        let lines = always.stdoutLines
        #expect(lines[0].hasPrefix(" +0:00:00.000  \u{1B}[1mstart\u{1B}[0m          gpx/xcode-waypoints.gpx"))
        #expect(lines[2].hasPrefix(" +0:00:00.000  \u{1B}[35mprompt\u{1B}[0m         whenInUse"))
        #expect(lines[4].hasPrefix(" +0:00:00.000  \u{1B}[32mlocation\u{1B}[0m        37.332700"))
        #expect(lines.allSatisfy { $0.contains("\u{1B}[0m") })
        for choice in ["never", "auto"] {
            let plain = try await TrailcastBinary.run(arguments: [
                "replay", "gpx/xcode-waypoints.gpx", "--color", choice,
            ])
            #expect(!plain.stdout.contains("\u{1B}"), "--color \(choice)")
            #expect(plain.stdoutLines.count == lines.count)
        }
        // --format jsonl and csv are never coloured.
        for format in ["jsonl", "csv"] {
            let result = try await TrailcastBinary.run(
                arguments: ["replay", "gpx/xcode-waypoints.gpx", "--format", format, "--color", "always"])
            #expect(!result.stdout.contains("\u{1B}"), "\(format)")
        }
    }

    struct Terminal: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var environment: [String: String?]
        var colored: Bool
        var testDescription: String { "\(arguments) \(environment) -> \(colored ? "colour" : "plain")" }
    }

    @Test(
        "on a terminal, auto colours unless NO_COLOR is set or TERM is dumb",
        arguments: [
            Terminal(arguments: [], environment: ["NO_COLOR": nil, "TERM": "xterm"], colored: true),
            Terminal(arguments: ["--color", "auto"], environment: ["NO_COLOR": "1", "TERM": "xterm"], colored: false),
            // no-color.org: "when present and not an empty string"; an empty one is no request.
            Terminal(arguments: [], environment: ["NO_COLOR": "", "TERM": "xterm"], colored: true),
            Terminal(arguments: [], environment: ["NO_COLOR": nil, "TERM": "dumb"], colored: false),
            Terminal(
                arguments: ["--color", "never"], environment: ["NO_COLOR": nil, "TERM": "xterm"], colored: false),
            Terminal(arguments: ["--color", "always"], environment: ["NO_COLOR": "1", "TERM": "dumb"], colored: true),
        ])
    func terminal(case terminal: Terminal) async throws {
        let process = try ReplayProcess(
            // Wide enough for every line: wrapping to the terminal is tested on its own.
            arguments: ["replay", "gpx/xcode-waypoints.gpx"] + terminal.arguments,
            output: .terminal, environment: terminal.environment.merging(["COLUMNS": "400"]) { $1 })
        let (status, _) = try await process.waitForExit()
        #expect(status == 0)
        let lines = process.stdout.split(separator: "\n")
        #expect(lines.count == 21)
        #expect(process.stdout.contains("\u{1B}[32mlocation\u{1B}[0m") == terminal.colored)
        #expect(process.stdout.contains("\u{1B}") == terminal.colored)
    }

    @Test("CSV: the header, one row per event, the same 72 columns in every row, quoted settings")
    func csvShape() async throws {
        let jsonl = try await ReplayTimeline.run(Self.walk, Self.story)
        let csv = try await TrailcastBinary.run(arguments: ["replay", Self.walk, "--format", "csv"] + Self.story)
        #expect(csv.status == 0)
        #expect(csv.stderr == "")
        let rows = try Self.csvRows(csv.stdout)
        #expect(rows.first?.joined(separator: ",") == Self.csvHeader)
        #expect(rows.count == jsonl.lines.count + 1)
        #expect(rows.allSatisfy { $0.count == 72 }, "\(Set(rows.map(\.count)))")
        let header = rows[0]
        for (row, event) in zip(rows.dropFirst(), jsonl.events) {
            // Every CSV cell holds the JSON value (strings unquoted, null empty), and
            // cells of keys the event type does not have are empty.
            for (column, cell) in zip(header, row) {
                let expected: String
                switch event[column] {
                case .string(let text): expected = text
                case .number(let text): expected = text
                case .bool(let value): expected = String(value)
                case .null, nil: expected = ""
                case .object, .array: continue
                }
                if column == "wallSeconds" { continue }
                #expect(cell == expected, "\(column) of \(event["type"]!)")
            }
        }
        // settings is the JSON object, in one quoted cell.
        let settings = try OrderedJSON(parsing: rows[1][6])
        #expect(settings == jsonl.events[0]["settings"])
        #expect(csv.stdoutLines[1].contains(#","{""travelSpeed"":1.4,""interval"":null,"#))
    }

    @Test("CSV quotes a file name with a comma and a quote")
    func csvQuotesFileNames() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let name = #"walk, "the long one".gpx"#
        let file = try scratch.file(named: name, contents: Data(contentsOf: Repository.url("gpx/xcode-waypoints.gpx")))
        let csv = try await TrailcastBinary.run(arguments: ["replay", file.path, "--format", "csv"])
        #expect(csv.status == 0)
        let quoted = "\"" + file.path.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        #expect(csv.stdoutLines[1].hasPrefix("2026-06-13T17:00:00.000Z,0,start,\(quoted),waypoints,,"))
        let rows = try Self.csvRows(csv.stdout)
        #expect(rows[1][3] == file.path)
        #expect(rows.allSatisfy { $0.count == 72 })
    }

    @Test("--output FILE writes what stdout would have, and nothing to stdout", arguments: ["jsonl", "text", "csv"])
    func outputFile(format: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("timeline.\(format)")
        let arguments = ["replay", Self.walk, "--format", format, "--color", "always"] + Self.story
        let toStdout = try await TrailcastBinary.run(arguments: arguments)
        let toFile = try await TrailcastBinary.run(arguments: arguments + ["--output", file.path])

        #expect(toFile.status == 0)
        #expect(toFile.stdout == "")
        #expect(toFile.stderr == "")
        let written = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(Self.withoutWallSeconds(written) == Self.withoutWallSeconds(toStdout.stdout))
        #expect(written.hasSuffix("\n"))
        #expect(written.split(separator: "\n").count == toStdout.stdoutLines.count)
    }

    @Test("--output replaces an existing file rather than appending to it")
    func outputTruncates() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file(named: "old.jsonl", text: String(repeating: "old line\n", count: 10_000))
        let result = try await TrailcastBinary.run(
            arguments: ["replay", "gpx/xcode-waypoints.gpx", "--format", "jsonl", "--output", file.path])
        #expect(result.status == 0)
        let timeline = try ReplayTimeline(text: String(decoding: try Data(contentsOf: file), as: UTF8.self))
        timeline.expectWellFormed()
        #expect(timeline.lines.count == 21)
    }

    /// The output with the `end` event's wall time (the one figure that varies) blanked,
    /// whatever the format.
    static func withoutWallSeconds(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 2 else { return text }
        var last = lines[lines.count - 2]
        if last.contains("\"wallSeconds\":") {
            last = ReplayTimeline.withoutWallSeconds(last)
        } else if let range = last.range(of: #"[0-9.]+ s wall"#, options: .regularExpression) {
            last.replaceSubrange(range, with: "_ s wall")
        } else if let column = csvHeader.split(separator: ",").firstIndex(of: "wallSeconds") {
            // The CSV `end` row has no quoted cells: plain commas split it.
            var cells = last.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if cells.count > column { cells[column] = "_" }
            last = cells.joined(separator: ",")
        }
        lines[lines.count - 2] = last
        return lines.joined(separator: "\n")
    }

    /// RFC 4180 rows: fields split on commas outside quotes, `""` inside quotes is `"`.
    static func csvRows(_ text: String) throws -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var atFieldStart = true
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            if quoted {
                if character == "\"" {
                    guard let next = iterator.next() else { quoted = false; break }
                    if next == "\"" { field.append("\""); continue }
                    quoted = false
                    guard next == "," || next == "\n" else {
                        throw CSVError(message: "text after a closing quote: \(field)")
                    }
                    row.append(field); field = ""; atFieldStart = true
                    if next == "\n" { rows.append(row); row = [] }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where atFieldStart: quoted = true; atFieldStart = false
            case "\"": throw CSVError(message: "a quote inside an unquoted field: \(field)")
            case ",": row.append(field); field = ""; atFieldStart = true
            case "\n": row.append(field); field = ""; atFieldStart = true; rows.append(row); row = []
            default: field.append(character); atFieldStart = false
            }
        }
        guard !quoted, row.isEmpty, field.isEmpty else { throw CSVError(message: "the last row is not whole") }
        return rows
    }

    struct CSVError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
