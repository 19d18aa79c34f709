// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import TrailcastBasics

/// What an OwnTracks Recorder stored of a run's messages, read back after the run through its
/// HTTP API (`GET /api/0/locations?user=U&device=D&from=...&to=...&fields=tst`,
/// owntracks/recorder's API.md): acknowledged by the broker is not stored. The recorder
/// takes one MQTT packet per pass of its loop, which also serves HTTP, so a backlog can sit
/// in the broker for minutes after the run; the check waits while the count grows.
package struct RecorderStoreCheck: Sendable {
    /// What was found when the waiting ended.
    package struct Report: Sendable, Equatable {
        /// Messages the fleet had acknowledged by the backends the recorder reads.
        package var expected: Int
        /// Records of the run's devices with a `tst` in the run's span.
        package var stored: Int
        /// From the run's end to the last read.
        package var waitedSeconds: Double
        /// Records added a second over that wait: the recorder's own pace.
        package var storedPerSecond: Double
        /// Why the store could not be read (then `stored` is what was read before), or nil.
        package var error: String?

        package var missing: Int { max(0, expected - stored) }
        package var extra: Int { max(0, stored - expected) }
    }

    /// `http://HOST:PORT` and any path before `/api/0` (a recorder behind a proxy's prefix).
    package var base: BackendAddress
    /// The user level of the topics (`owntracks/USER/DEVICE`), the recorder's user.
    package var user: String
    /// The device level of each of this shard's devices.
    package var devices: [String]
    /// At most this long after the run for the store to catch up.
    package var maximumWait: Duration
    /// The store counts as caught up once it has not grown for this long.
    package var settle: Duration

    /// An address in pieces, as the fleet's HTTP senders take theirs.
    package struct BackendAddress: Sendable {
        package var host: String
        package var port: Int
        package var path: String
        package var isSecure: Bool

        package init(host: String, port: Int, path: String, isSecure: Bool) {
            self.host = host
            self.port = port
            self.path = path
            self.isSecure = isSecure
        }

        var url: String {
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            return "\(isSecure ? "https" : "http")://\(urlAuthority(host: host, port: port))\(trimmed)"
        }
    }

    package init(
        base: BackendAddress, user: String, devices: [String], maximumWait: Duration, settle: Duration = .seconds(5)
    ) {
        self.base = base
        self.user = user
        self.devices = devices
        self.maximumWait = maximumWait
        self.settle = settle
    }

    /// Whether the recorder answers its API (`/api/0/version`) before the run: a check that
    /// cannot read at the end would only say so after the whole run.
    package func probe() async throws(RecorderStoreError) {
        // AsyncHTTPClient tries a refused connection again until the deadline: 5 s, as the
        // backends' own probes allow.
        _ = try await get("/api/0/version", client: .shared, timeout: .seconds(5))
    }

    /// Reads the store until it holds `expected` records of the run's span
    /// (`runStart...runEnd`, Unix seconds), stops growing for ``settle``, or ``maximumWait``
    /// has passed; `notice` gets a line after each read that found more.
    package func run(expected: Int, runStart: Int, runEnd: Int, notice: @Sendable (String) -> Void) async -> Report {
        let client = HTTPClient.shared
        let started = ContinuousClock.now
        var report = Report(expected: expected, stored: 0, waitedSeconds: 0, storedPerSecond: 0)
        var first: Int?, previous: Int?
        var lastGrowth = started
        while true {
            do {
                report.stored = try await count(runStart: runStart, runEnd: runEnd, client: client)
            } catch {
                report.error = error.description
                break
            }
            let now = ContinuousClock.now
            report.waitedSeconds = (now - started).totalSeconds
            // Growth since the last read restarts the settling; none lets it run out.
            if let previous, report.stored > previous { lastGrowth = now }
            previous = report.stored
            if let first, report.stored > first, report.waitedSeconds > 0 {
                report.storedPerSecond = Double(report.stored - first) / report.waitedSeconds
            }
            if first == nil { first = report.stored }
            if report.stored >= expected || now - started >= maximumWait || now - lastGrowth >= settle { break }
            notice("fleet: --verify-store: \(report.stored) of \(expected) stored so far")
            try? await Task.sleep(for: .seconds(1))
        }
        return report
    }

    /// One pass over the devices: the records each has in the span.
    func count(runStart: Int, runEnd: Int, client: HTTPClient) async throws(RecorderStoreError) -> Int {
        // The recorder keeps a record when from < its time < to (storage.c, locations()).
        let from = Self.isoSecond(runStart - 1), to = Self.isoSecond(runEnd + 2)
        var total = 0
        for device in devices {
            let body = try await get(
                "/api/0/locations?user=\(Self.escaped(user))&device=\(Self.escaped(device))&from=\(from)&to=\(to)&fields=tst",
                client: client)
            total += Self.times(in: body).count { (runStart...runEnd + 1).contains($0) }
        }
        return total
    }

    private func get(_ target: String, client: HTTPClient, timeout: TimeAmount = .seconds(30))
        async throws(RecorderStoreError) -> [UInt8]
    {
        let url = base.url + target
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: timeout)
            let body = try await response.body.collect(upTo: 256 << 20)
            guard response.status == .ok else {
                throw RecorderStoreError(
                    url: url, reason: "answered \(response.status.code) \(response.status.reasonPhrase)")
            }
            return Array(body.readableBytesView)
        } catch let error as RecorderStoreError {
            throw error
        } catch {
            throw RecorderStoreError(url: url, reason: connectFailureReason(error))
        }
    }

    /// The `tst` values of an answer `{"count":N,"data":[{"tst":T},...]}`.
    static func times(in body: [UInt8]) -> [Int] {
        let key = Array(#""tst":"#.utf8)
        var times: [Int] = []
        var index = 0
        while index + key.count <= body.count {
            guard body[index..<index + key.count].elementsEqual(key) else {
                index += 1
                continue
            }
            index += key.count
            var value = 0, digits = 0
            while index < body.count, let digit = body[index].asciiDigit {
                value = value * 10 + digit
                digits += 1
                index += 1
            }
            if digits > 0 { times.append(value) }
        }
        return times
    }

    /// A query value: letters, digits and `-._~` as they are, the rest percent-encoded.
    static func escaped(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                result += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return result
    }

    /// `2026-11-30T00:33:10`, UTC: the recorder reads its `from` and `to` so.
    static func isoSecond(_ unixTime: Int) -> String {
        let days = Int64(unixTime).floorDivided(by: 86_400)
        let (year, month, day) = CivilDate.date(daysSince1970: days)
        let second = Int64(unixTime) - days * 86_400
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))"
    }
}

/// The recorder's store could not be read: the URL asked and why, in its words.
package struct RecorderStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    package var url: String
    package var reason: String

    package var description: String { "cannot read the OwnTracks Recorder's store at \(url): \(reason)" }
}

extension UInt8 {
    fileprivate var asciiDigit: Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) ? Int(self - UInt8(ascii: "0")) : nil
    }
}
