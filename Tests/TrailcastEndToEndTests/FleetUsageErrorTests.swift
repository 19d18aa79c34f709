// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing

/// Every check `fleet` makes of its flags before it starts, each as the one line a person
/// reads: exit 64, nothing on standard output, and the words that say which flag and why.
/// The backends are unreachable on purpose (port 1): a check that let its flags through
/// would get as far as connecting and fail otherwise (69).
@Suite("fleet's usage errors, line by line")
struct FleetUsageErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var flags: [String]
        var line: String
        var environment: [String: String?] = ["JOB_COMPLETION_INDEX": nil]
        var testDescription: String { flags.joined(separator: " ") }
    }

    static let mqtt = ["--duration", "1s", "--mqtt", "mqtt://127.0.0.1:1"]
    static let osmand = ["--duration", "1s", "--osmand", "http://127.0.0.1:1"]
    static let virtual = ["--virtual", "--duration", "1s"]

    static let cases: [Case] = [
        Case(
            flags: ["--virtual"],
            line: "--virtual needs --duration: a virtual fleet runs as fast as it can, so it must end"),
        Case(
            flags: virtual + ["--mqtt", "mqtt://127.0.0.1:1"],
            line:
                "--virtual writes the messages instead of sending them: give it or --mqtt/--osmand/--owntracks-http, not both"
        ),
        Case(
            flags: ["--duration", "1s"],
            line: "give --mqtt URL, --osmand URL or --owntracks-http URL to send, or --virtual to write the messages"),
        Case(flags: virtual + ["--verify"], line: "--verify subscribes to the MQTT broker: it needs --mqtt"),
        Case(flags: osmand + ["--verify"], line: "--verify subscribes to the MQTT broker: it needs --mqtt"),
        Case(
            flags: virtual + ["--verify-store", "/tmp/store"],
            line: "--verify-store reads what an OwnTracks Recorder stored: it needs --mqtt or --owntracks-http"),
        Case(flags: osmand + ["--verify-store-wait", "5s"], line: "--verify-store-wait is for --verify-store"),
        Case(flags: mqtt + ["--output", "/tmp/fleet.jsonl"], line: "--output is for --virtual's messages"),
        Case(
            flags: mqtt + ["--format", "owntracks"],
            line: "--format is for --virtual's messages (a run that sends uses each backend's own)"),
        Case(
            flags: virtual + ["--summary", "/tmp/summary.json"],
            line: "--verify, --verify-store and --summary are for a run that sends (--mqtt)"),
        Case(flags: virtual + ["--quiet", "--progress"], line: "give --quiet or --progress, not both"),
        Case(flags: mqtt + ["--max-error-rate", "1.5"], line: "--max-error-rate must be a share from 0 to 1, not 1.5"),
        Case(flags: virtual + ["--speed", "2"], line: "--virtual and --speed 2 ask for different clocks: give one"),
        Case(flags: virtual + ["--shard", "0/2", "--shards", "2"], line: "give --shard I/N or --shards N, not both"),
        Case(flags: virtual + ["--shard", "02"], line: "--shard: '02' is not I/N, such as 0/4"),
        Case(
            flags: virtual + ["--shards", "2"],
            line:
                "--shards needs JOB_COMPLETION_INDEX in the environment (a Kubernetes Indexed Job sets it); or give --shard I/N"
        ),
        // The variable's name as the Job writes it: a name keeps its capitals.
        Case(
            flags: virtual + ["--shards", "2"], line: "JOB_COMPLETION_INDEX='x' is not a number",
            environment: ["JOB_COMPLETION_INDEX": "x"]),
        Case(flags: virtual + ["--mqtt-user", "bob"], line: "--mqtt-user is for the MQTT broker: it needs --mqtt"),
        Case(flags: osmand + ["--mqtt-ca", "/tmp/ca.pem"], line: "--mqtt-ca is for the MQTT broker: it needs --mqtt"),
        Case(
            flags: ["--duration", "1s", "--mqtt", "mqtt://alice@127.0.0.1:1", "--mqtt-user", "bob"],
            line: "--mqtt-user and the user in --mqtt's URL: give the user once"),
        Case(
            flags: mqtt + ["--connections", "many"],
            line: "--connections: 'many' is not per-device or a number of connections, such as 100"),
        Case(
            flags: mqtt + ["--connections", "0"],
            line: "--connections: '0' is not per-device or a number of connections, such as 100"),
        // A client certificate is no use without its key, nor a key without its certificate.
        Case(
            flags: ["--duration", "1s", "--mqtt", "mqtts://127.0.0.1:1", "--mqtt-cert", "client.pem"],
            line: "a client certificate needs its key: give --mqtt-cert and --mqtt-key together"),
        Case(
            flags: ["--duration", "1s", "--mqtt", "mqtts://127.0.0.1:1", "--mqtt-key", "client.key"],
            line: "a client certificate needs its key: give --mqtt-cert and --mqtt-key together"),
        Case(
            flags: osmand + ["--http-ca", "/tmp/ca.pem"],
            line: "--http-ca is for TLS: write --osmand or --owntracks-http as https://HOST[:PORT]"),
        Case(
            flags: virtual + ["--http-user", "bob"],
            line: "--http-user is for an HTTP backend: it needs --osmand or --owntracks-http"),
        Case(flags: osmand + ["--http-connections", "0"], line: "--http-connections must be 1 to 10000, not 0"),
        Case(
            flags: osmand + ["--http-connections", "10001"], line: "--http-connections must be 1 to 10000, not 10001"),
        // One past each end of a range (the ends themselves: `flagEnds`).
        Case(
            flags: mqtt + ["--connections", "1000001"],
            line: "--connections: '1000001' is not per-device or a number of connections, such as 100"),
        Case(
            flags: mqtt + ["--max-error-rate", "1.0001"],
            line: "--max-error-rate must be a share from 0 to 1, not 1.0001"),
        Case(
            flags: mqtt + ["--max-error-rate", "-0.1"], line: "--max-error-rate must be a share from 0 to 1, not -0.1"),
        Case(flags: mqtt + ["--reconnect-max", "99ms"], line: "--reconnect-max must be from 100ms to 10m, not 99ms"),
        Case(
            flags: mqtt + ["--reconnect-max", "10m1ms"], line: "--reconnect-max must be from 100ms to 10m, not 10m1ms"),
        Case(
            flags: ["--duration", "1s", "--osmand", "http://127.0.0.1:1/?id=1"],
            line: "--osmand http://127.0.0.1:1/?id=1: no query: each position is the query (/?id=...); "
                + "give a path only, such as http://proxy.example.com/osmand"),
    ]

    @Test("one line, exit 64, nothing on standard output", arguments: cases)
    func refused(_ testCase: Case) async throws {
        let run = try await TrailcastBinary.run(
            arguments: ["fleet", "gpx/", "--devices", "2"] + testCase.flags, environment: testCase.environment)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderrLines == ["trailcast: error: " + testCase.line])
        #expect(run.stdout.isEmpty)
    }

    /// The ends of each range are taken: the run gets past its flags to the route that is not
    /// there (66), where a refused flag would have stopped it (64).
    @Test(
        "each range's ends are taken: --connections 1 and 1000000, --http-connections 1 and 10000, --max-error-rate 0 and 1, --speed 1000, --reconnect-max 100ms and 10m",
        arguments: [
            mqtt + ["--connections", "1"], mqtt + ["--connections", "1000000"], osmand + ["--http-connections", "1"],
            osmand + ["--http-connections", "10000"], mqtt + ["--max-error-rate", "0"],
            mqtt + ["--max-error-rate", "1"],
            mqtt + ["--speed", "1000"], mqtt + ["--reconnect-max", "100ms"], mqtt + ["--reconnect-max", "10m"],
        ])
    func flagEnds(_ flags: [String]) async throws {
        let run = try await TrailcastBinary.run(arguments: ["fleet", "nope.gpx", "--devices", "1"] + flags)
        #expect(run.status == 66, "\(run.stderr)")
        #expect(run.stderrLines == ["nope.gpx: error: no such file"])
    }
}
