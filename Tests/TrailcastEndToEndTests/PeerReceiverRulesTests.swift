// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// The stand-in receivers (Tests/Fixtures/peers/) hold their real peers' rules: the fleet's
/// tests are only as good as what they accept and refuse. Each is asked directly here.
@Suite("The peers' stand-ins: the rules of Traccar's OsmAnd port and of the OwnTracks Recorder")
struct PeerReceiverRulesTests {
    /// `method url` with `body`: the status, the answer read whole.
    static func request(_ url: String, method: HTTPMethod = .GET, body: String? = nil) async throws -> Int {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let body {
            request.body = .bytes(ByteBuffer(string: body))
            request.headers.add(name: "Content-Type", value: "application/json")
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(300))
        _ = try await response.body.collect(upTo: 1 << 16)
        return Int(response.status.code)
    }

    @Test(
        "OsmAnd's yyyy-MM-dd HH:mm:ss is the server's own local time, as Traccar reads it; ISO 8601 and numbers are instants",
        arguments: [("America/St_Johns", 9000), ("UTC", 0), ("Europe/Zurich", -7200)])
    func osmAndTextTimeInTheServersZone(zone: String, secondsAfterUTC: Int) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let portFile = scratch.url.appendingPathComponent("port")
        let positionsFile = scratch.url.appendingPathComponent("positions.jsonl")
        // The JVM takes its default zone from TZ, as Python's local time does.
        let receiver = try ToolProcess(
            "env",
            [
                "TZ=\(zone)", "python3", Repository.url("Tests/Fixtures/peers/osmand_receiver.py").path,
                "--port-file", portFile.path, "--out", positionsFile.path, "--devices", "walker",
            ])
        try await receiver.wait(for: "the receiver's port") { FileManager.default.fileExists(atPath: portFile.path) }
        let base =
            "http://127.0.0.1:\(try String(contentsOf: portFile, encoding: .utf8))/?id=walker&lat=47&lon=8&timestamp="
        // 2026-06-15T12:00:00Z.
        for timestamp in ["2026-06-15%2012:00:00", "2026-06-15T12:00:00Z", "1781524800", "1781524800000"] {
            #expect(try await Self.request(base + timestamp) == 200, "\(timestamp)")
        }
        let times = try String(contentsOf: positionsFile, encoding: .utf8).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["timeMs"] as? Int
        }
        let noon: Int = 1_781_524_800_000
        #expect(times == [noon + secondsAfterUTC * 1000, noon, noon, noon], "\(zone)")
    }

    @Test(
        "the OwnTracks receiver stores a location with the booklet's types and a tid; each other one is answered and not stored, saying why"
    )
    func ownTracksBookletTypes() async throws {
        let (receiver, port, out, scratch) = try await FleetOwnTracksHTTPTests.receiver()
        defer { scratch.remove() }
        let good =
            #""_type":"location","tst":1781524800,"lat":47.0,"lon":8.5,"acc":5,"alt":408,"vel":4,"cog":90,"batt":83"#
        let cases: [(body: String, refusal: String?)] = [
            ("{\(good),\"tid\":\"07\"}", nil),
            ("{\(good)}", "no tid"),
            ("{\(good),\"tid\":7}", "tid is 7, not a string"),
            (
                #"{"_type":"location","tid":"07","tst":1781524800,"lat":47.0,"lon":8.5,"acc":5.5}"#,
                "acc is 5.5, not an integer"
            ),
            (
                #"{"_type":"location","tid":"07","tst":"1781524800","lat":47.0,"lon":8.5}"#,
                #"tst is "1781524800", not an integer"#
            ),
            (
                #"{"_type":"location","tid":"07","tst":1781524800.5,"lat":47.0,"lon":8.5}"#,
                "tst is 1781524800.5, not an integer"
            ),
            (#"{"_type":"location","tid":"07","lat":47.0,"lon":8.5}"#, "no tst"),
            (
                #"{"_type":"location","tid":"07","tst":1781524800,"lat":"47.0","lon":8.5}"#,
                #"lat is "47.0", not a number"#
            ),
            (
                #"{"_type":"location","tid":"07","tst":1781524800,"lat":47.0,"lon":8.5,"batt":true}"#,
                "batt is true, not an integer"
            ),
        ]
        for (body, _) in cases {
            // The recorder answers every POST to /pub alike, stored or not.
            #expect(
                try await Self.request("http://127.0.0.1:\(port)/pub?u=team&d=phone", method: .POST, body: body) == 200,
                "\(body)")
        }
        let stored = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(stored.count == 1)
        #expect(stored.first?["topic"] as? String == "owntracks/team/phone")
        #expect((stored.first?["payload"] as? [String: Any])?["tid"] as? String == "07")
        let printed = receiver.output.split(separator: "\n").map(String.init)
        #expect(printed == cases.compactMap { $0.refusal.map { "not stored: " + $0 } })
    }
}
