// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// The Traccar-rules OsmAnd receiver (Tests/Fixtures/peers/osmand_receiver.py) running
/// beside a test, with the connection habits its options give it.
struct OsmAndReceiver {
    let process: ToolProcess
    let port: Int
    let positionsFile: URL
    private let scratch: ScratchDirectory

    /// - Parameters:
    ///   - devices: the ids it knows (others are answered 400, as Traccar answers).
    ///   - options: the receiver's own flags (`--connection-close`, `--delay-ms 20`, ...).
    static func start(devices: [String], options: [String] = []) async throws -> OsmAndReceiver {
        let scratch = try ScratchDirectory()
        let portFile = scratch.url.appendingPathComponent("port")
        let positionsFile = scratch.url.appendingPathComponent("positions.jsonl")
        let process = try ToolProcess(
            "python3",
            [
                Repository.url("Tests/Fixtures/peers/osmand_receiver.py").path, "--port-file", portFile.path,
                "--out", positionsFile.path, "--devices", devices.joined(separator: ","),
            ] + options)
        try await process.wait(for: "the receiver's port") { FileManager.default.fileExists(atPath: portFile.path) }
        let port = try #require(Int(try String(contentsOf: portFile, encoding: .utf8)))
        return OsmAndReceiver(process: process, port: port, positionsFile: positionsFile, scratch: scratch)
    }

    /// The positions it accepted, one JSON object each, in the order it wrote them.
    func positions() throws -> [[String: Any]] {
        guard FileManager.default.fileExists(atPath: positionsFile.path) else { return [] }
        return try String(contentsOf: positionsFile, encoding: .utf8).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func remove() { scratch.remove() }

    /// The ids of devices 0..<count as the fleet names them by default.
    static func deviceIDs(_ count: Int) -> [String] { (0..<count).map { String(format: "device-%06d", $0) } }
}

/// The summary's totals of one backend, and the rule every backend's must keep.
struct BackendTotals {
    var sent, acknowledged, refused, lost, errors, inFlight: Int
    var connections: [String: Int]

    init(summary: [String: Any], backend: String) throws {
        let counts = try #require((summary["backends"] as? [String: Any])?[backend] as? [String: Any])
        func count(_ key: String) throws -> Int { try #require(counts[key] as? Int, "\(backend).\(key)") }
        sent = try count("sent")
        acknowledged = try count("acknowledged")
        refused = try count("refused")
        lost = try count("lost")
        errors = try count("errors")
        inFlight = try count("inFlight")
        connections = try #require(counts["connections"] as? [String: Any]).compactMapValues { $0 as? Int }
    }

    /// `sent = acknowledged + refused + lost + errors + inFlight`.
    var addsUp: Bool { sent == acknowledged + refused + lost + errors + inFlight }

    /// Whether every progress line's totals of `backend` add up the same way.
    static func progressAddsUp(_ stderr: String, backend: String) -> Bool {
        let lines = stderr.split(separator: "\n").filter { $0.hasPrefix("fleet: ") && $0.contains(" | ") }
        return !lines.isEmpty
            && lines.allSatisfy { line in
                guard let part = line.split(separator: "|").first(where: { $0.hasPrefix(" \(backend) ") }) else {
                    return false
                }
                let words = part.split(separator: " ")
                var values: [String: Int] = [:]
                for index in stride(from: 1, to: words.count - 1, by: 2) {
                    values[String(words[index])] = Int(words[index + 1])
                }
                guard let sent = values["sent"] else { return false }
                return sent
                    == ["acknowledged", "refused", "lost", "errors", "inFlight"].reduce(0) {
                        $0 + (values[$1] ?? -1_000_000)
                    }
            }
    }
}
