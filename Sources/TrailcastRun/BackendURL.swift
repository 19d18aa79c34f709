// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// A backend's address as people write it: `SCHEME://[USER@]HOST[:PORT][/PATH]`, with an
/// IPv6 host in brackets, a user name percent-encoded, and the port the scheme's default
/// when left out (`mqtts://broker` is port 8883).
package struct BackendURL: Equatable, Sendable {
    package var scheme: String
    package var user: String?
    package var host: String
    package var port: Int
    /// `/` and what follows, query included; "" when there is none.
    package var path: String

    /// What an option accepts: its schemes with their default ports, whether a path may
    /// follow, and an example for the message when the text is not such a URL.
    package struct Form: Sendable {
        package var option: String
        package var defaultPorts: [(scheme: String, port: Int)]
        package var allowsPath: Bool
        package var example: String
        /// Where the password goes instead of the URL (`TRAILCAST_MQTT_PASSWORD`); nil: the
        /// backend takes no login.
        package var passwordHint: String?

        package init(
            option: String, defaultPorts: [(scheme: String, port: Int)], allowsPath: Bool, example: String,
            passwordHint: String? = nil
        ) {
            self.option = option
            self.passwordHint = passwordHint
            self.defaultPorts = defaultPorts
            self.allowsPath = allowsPath
            self.example = example
        }

        /// `mqtt://[USER@]HOST[:PORT] or mqtts://...`
        var expected: String {
            let schemes = defaultPorts.map(\.scheme)
            let first =
                "\(schemes[0])://\(passwordHint == nil ? "" : "[USER@]")HOST[:PORT]\(allowsPath ? "[/PATH]" : "")"
            return schemes.count == 1
                ? first : first + " or " + schemes.dropFirst().map { "\($0)://..." }.joined(separator: " or ")
        }
    }

    /// Whether the scheme is the form's TLS one (`mqtts`, `https`).
    package var isSecure: Bool { scheme.hasSuffix("s") }

    /// `host:port` as a URL writes it (IPv6 in brackets).
    package var authority: String { urlAuthority(host: host, port: port) }

    package init(scheme: String, user: String?, host: String, port: Int, path: String) {
        self.scheme = scheme
        self.user = user
        self.host = host
        self.port = port
        self.path = path
    }

    package init(parsing text: String, form: Form) throws(RunFailure) {
        let usage = RunFailure(
            "\(form.option) \(text): expected \(form.expected), such as \(form.example)", status: .usage)
        guard let separator = text.firstRange(of: "://") else { throw usage }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard let defaultPort = form.defaultPorts.first(where: { $0.scheme == scheme })?.port else { throw usage }
        var rest = text[separator.upperBound...]
        let pathStart = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var path = String(rest[pathStart...])
        rest = rest[..<pathStart]
        if path == "/" { path = "" }
        if !path.isEmpty && !form.allowsPath {
            throw RunFailure(
                "\(form.option) \(text): \(scheme):// takes no path; expected \(form.expected), such as \(form.example)",
                status: .usage)
        }
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            guard let passwordHint = form.passwordHint else {
                throw RunFailure(
                    "\(form.option) \(text): this backend takes no login; expected \(form.expected), such as \(form.example)",
                    status: .usage)
            }
            if userInfo.contains(":") {
                throw RunFailure(
                    "\(form.option): no password in the URL, where `ps` shows it to everyone: give it in \(passwordHint)",
                    status: .usage)
            }
            guard let user = Self.percentDecoded(userInfo), !user.isEmpty else { throw usage }
            self.user = user
        } else {
            user = nil
        }
        var host = Substring(rest)
        var portText: Substring?
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { throw usage }
            portText = after.isEmpty ? nil : after.dropFirst()
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        }
        guard !host.isEmpty, !host.contains(":") || rest.hasPrefix("["), !host.contains("[") else { throw usage }
        var port = defaultPort
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number) else { throw usage }
            port = number
        }
        self.scheme = scheme
        self.host = String(host)
        self.port = port
        self.path = path
    }

    /// `%XX` escapes decoded (a user name may hold `@` or `:` that way); nil when an
    /// escape is not two hex digits or the result is not UTF-8.
    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard index != utf8.endIndex, utf8.index(after: index) != utf8.endIndex,
                let high = hexValue(utf8[index]), let low = hexValue(utf8[utf8.index(after: index)])
            else { return nil }
            bytes.append(high << 4 | low)
            index = utf8.index(index, offsetBy: 2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension BackendURL.Form {
    /// `--mqtt`: MQTT on 1883, over TLS on 8883 (IANA's registrations, which mosquitto's
    /// and OwnTracks' defaults follow).
    package static let mqtt = BackendURL.Form(
        option: "--mqtt", defaultPorts: [("mqtt", 1883), ("mqtts", 8883)], allowsPath: false,
        example: "mqtts://fleet@broker.example.com:8883",
        passwordHint: "\(MQTTAccess.passwordVariable) or --mqtt-password-file FILE")
    /// `--osmand`: Traccar's OsmAnd port is 5055 (its default.xml); a path for a proxy in front.
    package static let osmAnd = BackendURL.Form(
        option: "--osmand", defaultPorts: [("http", 80), ("https", 443)], allowsPath: true,
        example: "http://127.0.0.1:5055", passwordHint: "\(HTTPAccess.passwordVariable) or --http-password-file FILE")
    /// `--owntracks-http`: the OwnTracks recorder's HTTP port is 8083 (its `--http-port`
    /// default), its endpoint `/pub`.
    package static let ownTracksHTTP = BackendURL.Form(
        option: "--owntracks-http", defaultPorts: [("http", 80), ("https", 443)], allowsPath: true,
        example: "http://127.0.0.1:8083/pub",
        passwordHint: "\(HTTPAccess.passwordVariable) or --http-password-file FILE")
    /// `--verify-store`: the OwnTracks Recorder's HTTP API, 8083 by default; a path for a
    /// proxy's prefix before `/api/0`. Its API takes no login (API.md): none here either.
    package static let recorderStore = BackendURL.Form(
        option: "--verify-store", defaultPorts: [("http", 80), ("https", 443)], allowsPath: true,
        example: "http://127.0.0.1:8083")
}
