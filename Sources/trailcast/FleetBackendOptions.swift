// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import TrailcastFeeds
import TrailcastRun
import TrailcastSettings
import TrailcastWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `trailcast fleet`'s backends: where the messages go, how to log in, whom to trust.
struct FleetBackendOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Publish OwnTracks messages to this MQTT broker: mqtt://[USER@]HOST[:PORT] (port 1883), or mqtts:// for TLS (port 8883).",
            valueName: "URL"))
    var mqtt: String?

    @Option(
        name: .customLong("mqtt-user"),
        help: ArgumentHelp(
            "The broker's user name (or give it in the URL, mqtt://USER@HOST). The password: \(MQTTAccess.passwordVariable) in the environment, or --mqtt-password-file.",
            valueName: "USER"))
    var mqttUser: String?

    @Option(
        name: .customLong("mqtt-password-file"),
        help: ArgumentHelp(
            "Read the broker's password from the first line of FILE (never on the command line: ps shows it).",
            valueName: "FILE"), completion: .file())
    var mqttPasswordFile: String?

    @Option(
        name: .customLong("mqtt-ca"),
        help: ArgumentHelp(
            "With mqtts://: trust the CA certificates in this PEM file. (default: the system's)", valueName: "FILE"),
        completion: .file(extensions: ["pem", "crt"]))
    var mqttCA: String?

    @Option(
        name: .customLong("mqtt-cert"),
        help: ArgumentHelp(
            "With mqtts://: present this PEM client certificate, for a broker that requires one (with --mqtt-key).",
            valueName: "FILE"), completion: .file(extensions: ["pem", "crt"]))
    var mqttCert: String?

    @Option(
        name: .customLong("mqtt-key"),
        help: ArgumentHelp("The client certificate's PEM private key.", valueName: "FILE"),
        completion: .file(extensions: ["pem", "key"]))
    var mqttKey: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("MQTT quality of service: 0 or 1.", valueName: "0|1"))
    var qos: Int = 1

    @Option(
        help: ArgumentHelp(
            "per-device (each device its own connection, as phones connect), or N connections shared.",
            valueName: "per-device|N"), completion: .list(["per-device"]))
    var connections: String = "per-device"

    @Option(
        help: ArgumentHelp(
            "Send positions to a Traccar server in its OsmAnd protocol (GET /?id=...&lat=...): http://HOST[:PORT][/PATH], or https://.",
            valueName: "URL"))
    var osmand: String?

    @Option(
        name: .customLong("owntracks-http"),
        help: ArgumentHelp(
            "POST each OwnTracks message to this HTTP endpoint, as the apps' HTTP mode does (the recorder's http://HOST:8083/pub).",
            valueName: "URL"))
    var ownTracksHTTP: String?

    @Option(
        name: .customLong("http-ca"),
        help: ArgumentHelp(
            "With https:// (--osmand, --owntracks-http): trust the CA certificates in this PEM file. (default: the system's)",
            valueName: "FILE"), completion: .file(extensions: ["pem", "crt"]))
    var httpCA: String?

    @Option(
        name: .customLong("http-user"),
        help: ArgumentHelp(
            "Log in to --osmand's or --owntracks-http's server with HTTP basic authentication as USER (or https://USER@HOST/...). The password: \(HTTPAccess.passwordVariable) in the environment, or --http-password-file.",
            valueName: "USER"))
    var httpUser: String?

    @Option(
        name: .customLong("http-password-file"),
        help: ArgumentHelp(
            "Read the HTTP password from the first line of FILE (never on the command line: ps shows it).",
            valueName: "FILE"),
        completion: .file())
    var httpPasswordFile: String?

    @Option(
        name: .customLong("http-cert"),
        help: ArgumentHelp(
            "With https://: present this PEM client certificate, for a server that requires one (with --http-key).",
            valueName: "FILE"),
        completion: .file(extensions: ["pem", "crt"]))
    var httpCert: String?

    @Option(
        name: .customLong("http-key"),
        help: ArgumentHelp("The HTTP client certificate's PEM private key.", valueName: "FILE"),
        completion: .file(extensions: ["pem", "key"]))
    var httpKey: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "HTTP connections to --osmand's or --owntracks-http's server, one request in flight on each. (default: one per 25 of the shard's devices, at least 8)",
            valueName: "N"))
    var httpConnections: Int?

    @Option(
        name: .customLong("max-error-rate"), parsing: .unconditional,
        help: ArgumentHelp(
            "Exit 69 when more than this share of the messages sent failed (refused, lost, or answered with an error), 0...1; a run where nothing was acknowledged exits 69 whatever it says.",
            valueName: "R"))
    var maxErrorRate: Double = 0.1

    @Option(
        name: .customLong("verify-store"),
        help: ArgumentHelp(
            "After the run, read what an OwnTracks Recorder stored of it through its HTTP API (/api/0/locations) and count what is missing.",
            valueName: "URL"))
    var verifyStore: String?

    @Option(
        name: .customLong("verify-store-wait"),
        help: ArgumentHelp(
            "At most this long after the run for the recorder to store the rest: it takes one MQTT message per pass of its loop. (default: 60s)",
            valueName: "D"))
    var verifyStoreWait: String?

    @Option(
        name: .customLong("reconnect-max"),
        help: ArgumentHelp(
            "The longest wait before a device tries its backend again after a drop: backoff doubles from 0.5 s up to this, half of it at random. (default: 5s)",
            valueName: "D"))
    var reconnectMax: String?

    /// `--reconnect-max`: from 100 ms to 10 minutes.
    func reconnectMaximum() throws -> Duration {
        guard let reconnectMax else { return ReconnectBackoff.defaultMaximum }
        let milliseconds = try DurationArgument(
            option: "--reconnect-max", examples: "5s or 1m", minimumMilliseconds: 100, maximumMilliseconds: 600_000
        ).milliseconds(reconnectMax)
        return .milliseconds(milliseconds)
    }

    /// Whether any backend is named.
    var sends: Bool { mqtt != nil || osmand != nil || ownTracksHTTP != nil }

    /// `--mqtt` with `--qos`, `--connections`, and the login and TLS to read at the start.
    func mqttPlan() throws -> (MQTTFleetPublisher.Options, MQTTAccess)? {
        guard let mqtt else {
            let stray = [
                ("--mqtt-user", mqttUser), ("--mqtt-password-file", mqttPasswordFile), ("--mqtt-ca", mqttCA),
                ("--mqtt-cert", mqttCert), ("--mqtt-key", mqttKey),
            ].first { $0.1 != nil }
            if let stray { throw ValidationError("\(stray.0) is for the MQTT broker: it needs --mqtt") }
            return nil
        }
        let url = try runFailureAsValidation { () throws(RunFailure) in try BackendURL(parsing: mqtt, form: .mqtt) }
        if url.user != nil && mqttUser != nil {
            throw ValidationError("--mqtt-user and the user in --mqtt's URL: give the user once")
        }
        let mode: MQTTFleetPublisher.ConnectionMode
        if connections == "per-device" {
            mode = .perDevice
        } else if let count = Int(connections), count >= 1, count <= 1_000_000 {
            mode = .shared(count)
        } else {
            throw ValidationError(
                "--connections: '\(connections)' is not per-device or a number of connections, such as 100")
        }
        guard qos == 0 || qos == 1 else {
            throw ValidationError("--qos must be 0 or 1 (QoS 2 is not supported), not \(qos)")
        }
        var access = MQTTAccess()
        access.tls = url.isSecure
        access.user = url.user ?? mqttUser
        access.passwordFile = mqttPasswordFile
        access.passwordFromEnvironment = getenv(MQTTAccess.passwordVariable).map { String(cString: $0) }
        access.trustedCertificatesFile = mqttCA
        access.clientCertificateFile = mqttCert
        access.clientKeyFile = mqttKey
        if let problem = access.problem { throw ValidationError(problem) }
        let options = MQTTFleetPublisher.Options(
            host: url.host, port: url.port, qos: qos == 0 ? .atMostOnce : .atLeastOnce, connections: mode,
            reconnectMaximum: try reconnectMaximum())
        return (options, access)
    }

    /// `--osmand URL` with `--http-connections` (or the default for `shardDevices`).
    func osmAndPlan(shardDevices: Int) throws -> FleetHTTPBackend? {
        let secure = [osmand, ownTracksHTTP].contains(where: { $0?.lowercased().hasPrefix("https://") == true })
        for (option, value) in [("--http-ca", httpCA), ("--http-cert", httpCert), ("--http-key", httpKey)]
        where value != nil && !secure {
            throw ValidationError("\(option) is for TLS: write --osmand or --owntracks-http as https://HOST[:PORT]")
        }
        if osmand == nil && ownTracksHTTP == nil {
            let stray = [("--http-user", httpUser), ("--http-password-file", httpPasswordFile)].first { $0.1 != nil }
            if let stray {
                throw ValidationError("\(stray.0) is for an HTTP backend: it needs --osmand or --owntracks-http")
            }
        }
        guard let osmand else { return nil }
        let backend = try httpPlan(osmand, form: .osmAnd, shardDevices: shardDevices)
        if backend.path.contains("?") {
            throw ValidationError(
                "--osmand \(osmand): no query: each position is the query (/?id=...); give a path only, such as http://proxy.example.com/osmand"
            )
        }
        return backend
    }

    /// `--owntracks-http URL`, with the same connections as OsmAnd's.
    func ownTracksHTTPPlan(shardDevices: Int) throws -> FleetHTTPBackend? {
        guard let ownTracksHTTP else { return nil }
        return try httpPlan(ownTracksHTTP, form: .ownTracksHTTP, shardDevices: shardDevices)
    }

    private func httpPlan(_ text: String, form: BackendURL.Form, shardDevices: Int) throws -> FleetHTTPBackend {
        if let httpConnections, !(1...10_000).contains(httpConnections) {
            throw ValidationError("--http-connections must be 1 to 10000, not \(httpConnections)")
        }
        let url = try runFailureAsValidation { () throws(RunFailure) in try BackendURL(parsing: text, form: form) }
        let options = HTTPFleetSender.Options(
            host: url.host, port: url.port,
            connections: httpConnections ?? HTTPFleetSender.defaultConnections(devices: shardDevices),
            reconnectMaximum: try reconnectMaximum())
        var backend = FleetHTTPBackend(options: options, path: url.path)
        backend.tls = url.isSecure
        backend.trustedCertificatesFile = httpCA
        if url.user != nil && httpUser != nil {
            throw ValidationError("--http-user and the user in \(form.option)'s URL: give the user once")
        }
        backend.access.user = url.user ?? httpUser
        backend.access.passwordFile = httpPasswordFile
        backend.access.passwordFromEnvironment = getenv(HTTPAccess.passwordVariable).map { String(cString: $0) }
        backend.access.clientCertificateFile = httpCert
        backend.access.clientKeyFile = httpKey
        if let problem = backend.access.problem { throw ValidationError(problem) }
        return backend
    }

    private func runFailureAsValidation<T>(_ body: () throws(RunFailure) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw ValidationError(error.message)
        }
    }
}
