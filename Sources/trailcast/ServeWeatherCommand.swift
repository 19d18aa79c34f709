// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import TrailcastBasics
import Logging
import TrailcastOpenMeteo
import TrailcastWeatherServer
import TrailcastWeather
import TrailcastRun
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `trailcast serve-weather`: an Open-Meteo-compatible server backed by the built-in model.
struct ServeWeatherCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-weather",
        abstract: "Serve Open-Meteo-compatible weather from the built-in model.",
        usage: "trailcast serve-weather [--port N] [--cache DIR] [<faults>]",
        discussion: """
              trailcast serve-weather --port 0                  # any free port
              trailcast serve-weather --fail-rate 0.1 --latency 250ms --seed 7
              trailcast serve-weather --cache weather-cache/    # recorded hours first
              curl '127.0.0.1:8080/v1/forecast?latitude=47&longitude=8&daily=weather_code'

            Answers /v1/forecast and /v1/archive as Open-Meteo does (JSON, CSV, FlatBuffers), \
            and /health. The first line says where it listens; a log line per request goes \
            to standard error (LOG_LEVEL=debug: more). The same --seed and requests give the \
            same faults. Ctrl-C stops it, exit 0. docs/weather.md has every parameter.
            """)

    @Option(
        help: ArgumentHelp(
            "A weather cache recorded by `replay --weather-cache`: its answers where it has the cell and hour, the model elsewhere.",
            valueName: "DIR"), completion: .directory)
    var cache: String?

    @Option(help: "The address to listen on; anything but 127.0.0.1 or ::1 opens it to the network.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one (read it from the first line).")
    var port = 8080

    @Option(help: ArgumentHelp("The share of requests answered with HTTP 500, 0...1.", valueName: "P"))
    var failRate = 0.0

    @Option(help: ArgumentHelp("Delay added to every weather answer: 250ms, 2s, 1m.", valueName: "DURATION"))
    var latency = Latency(duration: .zero)

    @Option(
        help: ArgumentHelp(
            "The share of requests held without an answer until the client gives up, 0...1.", valueName: "P"))
    var timeoutRate = 0.0

    @Option(help: ArgumentHelp("The share of requests answered with truncated JSON, 0...1.", valueName: "P"))
    var malformedRate = 0.0

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Answer at most N weather requests per minute, then HTTP 429 as Open-Meteo does.", valueName: "N"))
    var rateLimit: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The seed of the fault draws (1, as in replay and fleet).", valueName: "N"))
    var seed: UInt64 = 1

    /// A `--latency` value: a duration as people type it.
    struct Latency: ExpressibleByArgument {
        var duration: Duration

        init(duration: Duration) {
            self.duration = duration
        }

        init?(argument: String) {
            guard let duration = DurationText.parse(argument) else { return nil }
            self.duration = duration
        }

        var defaultValueDescription: String { "0ms" }
    }

    /// EX_UNAVAILABLE: the server cannot start (the port is taken, the host is not local).
    static let cannotListen = ExitCode(69)

    var faults: WeatherServerFaults {
        WeatherServerFaults(
            failRate: failRate, latency: latency.duration, timeoutRate: timeoutRate,
            malformedRate: malformedRate, rateLimitPerMinute: rateLimit, seed: seed)
    }

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be from 0 to 65535, not \(port)")
        }
        // The flag named, in replay's words for its --server-* faults.
        for (flag, rate) in [
            ("--fail-rate", failRate), ("--timeout-rate", timeoutRate), ("--malformed-rate", malformedRate),
        ]
        where !(0...1).contains(rate) {
            throw ValidationError("\(flag) must be a share between 0 and 1, not \(rate.asGiven)")
        }
        if let rateLimit, rateLimit < 0 { throw ValidationError("--rate-limit must be 0 or more, not \(rateLimit)") }
        if let problem = faults.problem {
            throw ValidationError(problem)
        }
    }

    func run() async throws {
        // Log lines to standard error, keeping standard output for the one `listening` line;
        // in batches, with every line out before the command ends.
        LoggingSystem.bootstrap(BufferedLogHandler.init)
        defer { BufferedStandardError.shared.flush() }
        var logger = Logger(label: "trailcast.serve-weather")
        if let level = getenv("LOG_LEVEL").flatMap({ Logger.Level(rawValue: String(cString: $0).lowercased()) }) {
            logger.logLevel = level
        }
        var recorded: RecordedWeather?
        if let cache {
            do {
                recorded = try RecordedWeather.load(directory: cache) { StandardStreams.writeError($0.description) }
            } catch {
                StandardStreams.writeError(error.description)
                throw ExitCode(RunExitStatus.noInput)
            }
            StandardStreams.writeError("serve-weather: \(recorded!.count) recorded answers from \(cache)")
        }
        let server = WeatherServer(host: host, port: port, faults: faults, recorded: recorded, logger: logger)
        let host = self.host
        do {
            try await server.run(handlesSignals: true) { port in
                StandardStreams.writeOutput(
                    "serve-weather: listening on http://\(WeatherServer.authority(host: host, port: port))\n")
            }
        } catch let error as WeatherServerError {
            BufferedStandardError.shared.flush()
            StandardStreams.writeError("error: \(error)")
            throw Self.cannotListen
        } catch {
            BufferedStandardError.shared.flush()
            StandardStreams.writeError("error: \(error)")
            throw ExitCode.failure
        }
    }
}
