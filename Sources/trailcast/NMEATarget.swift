import ArgumentParser

/// Where `--nmea` sends the device stream: a file, a TCP port that clients (gpsd) connect
/// to, or a UDP address datagrams go to.
enum NMEATarget: Equatable {
    case file(String)
    case tcp(host: String, port: Int)
    case udp(host: String, port: Int)

    /// `FILE`, `tcp://HOST:PORT` (`[::1]:PORT` for IPv6; port 0 picks a free one), or
    /// `udp://HOST:PORT`.
    init(parsing text: String) throws {
        guard let schemeEnd = text.range(of: "://") else {
            self = .file(text)
            return
        }
        let scheme = text[..<schemeEnd.lowerBound]
        let address = text[schemeEnd.upperBound...]
        guard scheme == "tcp" || scheme == "udp" else {
            throw ValidationError("--nmea \(text): unknown scheme '\(scheme)'; use tcp://HOST:PORT, udp://HOST:PORT or a file name")
        }
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]),
              (0...65535).contains(port)
        else {
            throw ValidationError("--nmea \(text): expected \(scheme)://HOST:PORT, such as \(scheme)://127.0.0.1:10110")
        }
        var host = String(address[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw ValidationError("--nmea \(text): the host is missing; use tcp://127.0.0.1:\(port)") }
        if scheme == "udp" {
            guard port > 0 else { throw ValidationError("--nmea \(text): a UDP destination needs a port other than 0") }
            self = .udp(host: host, port: port)
        } else {
            self = .tcp(host: host, port: port)
        }
    }

    /// Whether the feed needs real time (a client reads it as it happens).
    var isLive: Bool {
        if case .file = self { return false }
        return true
    }
}
