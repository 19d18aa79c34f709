// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// `[HOST:]PORT` as the feed options take it (`8080`, `127.0.0.1:8080`, `[::1]:8080`);
/// the host is 127.0.0.1 when left out, so nothing is exposed to the network by default.
public struct HostAndPort: Equatable, Sendable {
    /// The host name or address, without an IPv6 address's brackets; 127.0.0.1 when the text gives
    /// only a port.
    public var host: String
    /// The port, 1-65535, or 0 (a free port the system picks) where the option allows it.
    public var port: Int

    /// - Parameters:
    ///   - text: `PORT`, `HOST:PORT` or `[IPv6]:PORT`; the host is 127.0.0.1 when left out.
    ///   - option: the flag, for the message (`--serve`).
    ///   - allowsPortZero: whether 0 (a free port, chosen by the system) is accepted.
    public init(parsing text: String, option: String, allowsPortZero: Bool = false) throws(RunFailure) {
        var hostPart: Substring?
        var portPart = Substring(text)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            // [v6]:port
            hostPart = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            portPart = rest.hasPrefix(":") ? rest.dropFirst() : ""
        } else if let colon = text.lastIndex(of: ":") {
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        let lowest = allowsPortZero ? 0 : 1
        // An IPv6 host needs its brackets: otherwise its last group would read as the port.
        let hostIsValid = hostPart.map { !$0.isEmpty && (text.hasPrefix("[") || !$0.contains(":")) } ?? true
        guard let port = Int(portPart), (lowest...65535).contains(port), hostIsValid else {
            throw RunFailure(
                "\(option) \(text): expected PORT or HOST:PORT, such as \(allowsPortZero ? 8080 : 5554) or 127.0.0.1:\(allowsPortZero ? 8080 : 5554)",
                status: .usage)
        }
        host = hostPart.map(String.init) ?? "127.0.0.1"
        self.port = port
    }
}
