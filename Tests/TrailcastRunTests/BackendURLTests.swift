// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastRun

/// `--mqtt` and `--osmand` URLs as people write them.
@Suite("Backend URLs")
struct BackendURLTests {
    @Test("the scheme's default port, a user, a trailing slash, IPv6 in brackets, a percent-encoded user")
    func accepted() throws {
        let cases: [(String, BackendURL.Form, BackendURL)] = [
            ("mqtt://127.0.0.1", .mqtt, .init(scheme: "mqtt", user: nil, host: "127.0.0.1", port: 1883, path: "")),
            (
                "mqtts://broker.example.com", .mqtt,
                .init(scheme: "mqtts", user: nil, host: "broker.example.com", port: 8883, path: "")
            ),
            (
                "MQTTS://fleet@broker:9883/", .mqtt,
                .init(scheme: "mqtts", user: "fleet", host: "broker", port: 9883, path: "")
            ),
            ("mqtt://[::1]:1884", .mqtt, .init(scheme: "mqtt", user: nil, host: "::1", port: 1884, path: "")),
            ("mqtt://ops%40acme@h", .mqtt, .init(scheme: "mqtt", user: "ops@acme", host: "h", port: 1883, path: "")),
            (
                "http://127.0.0.1:5055", .osmAnd,
                .init(scheme: "http", user: nil, host: "127.0.0.1", port: 5055, path: "")
            ),
            (
                "http://proxy.example.com/osmand/", .osmAnd,
                .init(scheme: "http", user: nil, host: "proxy.example.com", port: 80, path: "/osmand/")
            ),
            // A login for a server behind basic authentication (its password elsewhere).
            (
                "https://fleet@recorder.example.com/pub", .ownTracksHTTP,
                .init(scheme: "https", user: "fleet", host: "recorder.example.com", port: 443, path: "/pub")
            ),
        ]
        for (text, form, expected) in cases {
            #expect(try BackendURL(parsing: text, form: form) == expected, "\(text)")
        }
        // The ends of the port's range.
        #expect(try BackendURL(parsing: "mqtt://h:1", form: .mqtt).port == 1)
        #expect(try BackendURL(parsing: "http://h:65535", form: .osmAnd).port == 65535)
        #expect(try BackendURL(parsing: "mqtts://h", form: .mqtt).isSecure)
        #expect(try BackendURL(parsing: "mqtt://[::1]:1884", form: .mqtt).authority == "[::1]:1884")
    }

    @Test("refused with the option's own example; a password in the URL is refused for where it would show")
    func refused() {
        let expected =
            "expected mqtt://[USER@]HOST[:PORT] or mqtts://..., such as mqtts://fleet@broker.example.com:8883"
        let cases: [(String, BackendURL.Form, String)] = [
            ("tcp://h:1883", .mqtt, "--mqtt tcp://h:1883: \(expected)"),
            ("127.0.0.1:1883", .mqtt, "--mqtt 127.0.0.1:1883: \(expected)"),
            ("mqtt://h:0", .mqtt, "--mqtt mqtt://h:0: \(expected)"),
            ("mqtt://h:65536", .mqtt, "--mqtt mqtt://h:65536: \(expected)"),
            ("mqtt://::1", .mqtt, "--mqtt mqtt://::1: \(expected)"),
            ("mqtt://h/owntracks", .mqtt, "--mqtt mqtt://h/owntracks: mqtt:// takes no path; \(expected)"),
            (
                "mqtt://u:p@h", .mqtt,
                "--mqtt: no password in the URL, where `ps` shows it to everyone: give it in TRAILCAST_MQTT_PASSWORD or --mqtt-password-file FILE"
            ),
            ("mqtt://@h", .mqtt, "--mqtt mqtt://@h: \(expected)"),
            ("mqtt://%zz@h", .mqtt, "--mqtt mqtt://%zz@h: \(expected)"),
            (
                "ftp://h", .osmAnd,
                "--osmand ftp://h: expected http://[USER@]HOST[:PORT][/PATH] or https://..., such as http://127.0.0.1:5055"
            ),
            (
                "mqtt://h", .ownTracksHTTP,
                "--owntracks-http mqtt://h: expected http://[USER@]HOST[:PORT][/PATH] or https://..., such as http://127.0.0.1:8083/pub"
            ),
            (
                "h:8083", .recorderStore,
                "--verify-store h:8083: expected http://HOST[:PORT][/PATH] or https://..., such as http://127.0.0.1:8083"
            ),
            (
                "http://u:p@h", .osmAnd,
                "--osmand: no password in the URL, where `ps` shows it to everyone: give it in TRAILCAST_HTTP_PASSWORD or --http-password-file FILE"
            ),
        ]
        for (text, form, message) in cases {
            #expect(throws: RunFailure.self, "\(text)") { try BackendURL(parsing: text, form: form) }
            do {
                _ = try BackendURL(parsing: text, form: form)
            } catch {
                #expect(error.message == message)
                #expect(error.status == .usage)
            }
        }
    }
}
