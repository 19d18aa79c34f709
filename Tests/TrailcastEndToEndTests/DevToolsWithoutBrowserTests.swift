// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `replay --browser` against a stand-in DevTools endpoint (Tests/Fixtures/browser/fake-devtools.py)
/// that checks each message against the protocol and logs it: the feed's messages and socket
/// are tested whatever Chromium the machine has, message for message.
@Suite("replay --browser against a DevTools endpoint that checks the protocol, no browser")
struct DevToolsWithoutBrowserTests {
    /// Starts the stand-in with `pages` pages; its port, its process and its log.
    static func endpoint(pages: Int, closedBeforeAttach: Int? = nil) async throws -> (
        port: Int, process: ToolProcess, log: URL, scratch: ScratchDirectory
    ) {
        let scratch = try ScratchDirectory()
        let log = scratch.url.appendingPathComponent("devtools.jsonl")
        let process = try ToolProcess(
            "python3",
            [Repository.url("Tests/Fixtures/browser/fake-devtools.py").path, log.path, "--pages", String(pages)]
                + (closedBeforeAttach.map { ["--closed-before-attach", String($0)] } ?? []))
        try await process.wait(for: "the endpoint's port") { process.output.contains("\n") }
        let port = try #require(Int(process.output.split(separator: "\n")[0]))
        return (port, process, log, scratch)
    }

    static func messages(_ log: URL) throws -> [[String: Any]] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("a page the feed cannot reach (gone before its attach) is named once on stderr; the others hear the run")
    func unreachablePage() async throws {
        let (port, process, log, scratch) = try await Self.endpoint(pages: 2, closedBeforeAttach: 2)
        defer { process.stop(); scratch.remove() }
        let (routeScratch, gpx) = try BrowserFeedTests.route(seconds: 30)
        defer { routeScratch.remove() }
        let run = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--format", "jsonl", "--speed", "60", "--weather", "none", "--browser",
            "http://127.0.0.1:\(port)",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderrLines == [
                "trailcast: driving the geolocation of FakeChrome/1.0's pages",
                "trailcast: warning: cannot reach the browser page http://127.0.0.1/page-2.html (No target with given id found): it does not hear the run",
            ])
        let overrides = try Self.messages(log).filter { $0["method"] as? String == "Emulation.setGeolocationOverride" }
        #expect(
            !overrides.isEmpty && overrides.allSatisfy { $0["sessionId"] as? String == "session-1" }, "page-1's only")
    }

    /// A WebDriver BiDi endpoint that takes the WebSocket and the feed's `session.new`, then
    /// closes without an answer (a Firefox that dies, or a proxy that gives up). The run
    /// ends on that in one line: no warning that the browser feed ends and the run goes on
    /// beside it, which the feed says only once a session began. (The feed says the warning,
    /// if at all, before the session's failure reaches the run: a deterministic order.)
    @Test("a BiDi endpoint closing before it answers session.new: exit 69 in one line, no warning beside it")
    func bidiClosedBeforeTheSession() async throws {
        let endpoint = try ToolProcess(
            "python3",
            [
                "-c",
                """
                import base64, hashlib, socket
                server = socket.create_server(("127.0.0.1", 0))
                print(server.getsockname()[1], flush=True)
                connection, _ = server.accept()
                request = b""
                while b"\\r\\n\\r\\n" not in request:
                    request += connection.recv(4096)
                key = [line.split(b":", 1)[1].strip() for line in request.split(b"\\r\\n") if line.lower().startswith(b"sec-websocket-key:")][0]
                accept = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
                connection.sendall(b"HTTP/1.1 101 Switching Protocols\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\nSec-WebSocket-Accept: " + accept + b"\\r\\n\\r\\n")
                print("session.new" if b"" != connection.recv(65536) else "nothing", flush=True)
                connection.close()
                """,
            ])
        defer { endpoint.stop() }
        try await endpoint.wait(for: "the endpoint's port") { endpoint.output.contains("\n") }
        let port = try #require(Int(endpoint.output.split(separator: "\n")[0]))
        let (routeScratch, gpx) = try BrowserFeedTests.route(seconds: 30)
        defer { routeScratch.remove() }
        let run = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--speed", "60", "--weather", "none", "--browser", "ws://127.0.0.1:\(port)/session",
            "--browser-protocol", "bidi",
        ])
        #expect(run.status == 69)
        #expect(
            run.stderrLines == [
                "trailcast: error: the browser closed the WebDriver BiDi connection before the session began"
            ])
        #expect(endpoint.output.contains("session.new"), "the feed's first message came: \(endpoint.output)")
    }

    @Test(
        "every message in the protocol's form: targets discovered, each page attached once, each fix to each page in order, the permission on every change"
    )
    func conversation() async throws {
        let (port, process, log, scratch) = try await Self.endpoint(pages: 2)
        defer { process.stop(); scratch.remove() }
        let (routeScratch, gpx) = try BrowserFeedTests.route(seconds: 120)
        defer { routeScratch.remove() }
        let run = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--format", "jsonl", "--speed", "60", "--seed", "3", "--weather", "none",
            "--browser", "http://127.0.0.1:\(port)", "--event", "40s:authorization=denied", "--event",
            "70s:authorization=whenInUse",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderrLines == ["trailcast: driving the geolocation of FakeChrome/1.0's pages"], "no command refused")
        let messages = try Self.messages(log)
        let methods = messages.map { $0["method"] as? String ?? "" }
        #expect(methods.first == "Target.setDiscoverTargets")
        // Each id once, from 1 (the protocol asks no more: a page's attach, made as its target
        // is heard, can pass a command numbered before it on the wire).
        #expect(messages.map { $0["id"] as? Int ?? 0 }.sorted() == Array(1...messages.count), "ids from 1, each once")
        let attached = messages.filter { $0["method"] as? String == "Target.attachToTarget" }.compactMap {
            ($0["params"] as? [String: Any])?["targetId"] as? String
        }
        #expect(attached == ["page-1", "page-2"])
        // Every change to the default browser context, and to the pages' own (context-1) from
        // when the first page in it is attached: Browser.setPermission reaches only the one
        // context it names (the default when none).
        let permissions = messages.filter { $0["method"] as? String == "Browser.setPermission" }.compactMap {
            $0["params"] as? [String: Any]
        }
        let toDefault = permissions.filter { $0["browserContextId"] == nil }.compactMap { $0["setting"] as? String }
        let toPages = permissions.filter { $0["browserContextId"] as? String == "context-1" }.compactMap {
            $0["setting"] as? String
        }
        #expect(toDefault == ["prompt", "granted", "denied", "granted"])
        #expect(toPages.count >= 3 && toPages == Array(toDefault.suffix(toPages.count)), "\(toPages)")
        #expect(permissions.count == toDefault.count + toPages.count)

        // Each page's overrides are the device's fixes, in order, as `export` writes them for
        // the same settings (the stream goes on while the app is denied: the page is the
        // browser's, and its permission says what it may hear), from the one current when the
        // page was attached: a page attached after the first fixes (a sanitizer's slow start)
        // gets the latest at once, then every one after it.
        let export = try await TrailcastBinary.run(arguments: ["export", gpx, "--to", "csv", "--seed", "3"])
        try #require(export.status == 0, "\(export.stderr)")
        let device = export.stdoutLines.dropFirst().map { $0.split(separator: ",").map { Double($0) } }
        for session in ["session-1", "session-2"] {
            let overrides = messages.filter {
                $0["method"] as? String == "Emulation.setGeolocationOverride" && $0["sessionId"] as? String == session
            }.compactMap { $0["params"] as? [String: Any] }
            try #require(overrides.count > device.count / 2, "\(session): \(overrides.count) of \(device.count)")
            for (params, row) in zip(overrides, device.suffix(overrides.count)) {
                // time,lat,lon,altitude,horizontalAccuracy,verticalAccuracy,speed,course,...
                #expect(abs((params["latitude"] as? Double ?? 0) - (row[1] ?? 0)) < 1e-7)
                #expect(abs((params["longitude"] as? Double ?? 0) - (row[2] ?? 0)) < 1e-7)
                #expect((params["accuracy"] as? Double) == row[4])
                #expect(abs((params["speed"] as? Double ?? -1) - (row[6] ?? 0)) < 0.006)
            }
        }
    }

    /// The stand-in must refuse what Chromium refuses, or the test above proves little: each
    /// answer here is Chromium's (the protocol's error codes and its dispatcher's words).
    @Test(
        "the stand-in refuses as Chromium does: an unknown method, a page's method on the browser, a bad session, a wrong type, an unknown target"
    )
    func theStandInRefuses() async throws {
        let (port, process, _, scratch) = try await Self.endpoint(pages: 1)
        defer { process.stop(); scratch.remove() }
        let client = """
            import json, sys, websocket
            ws = websocket.create_connection(f"ws://127.0.0.1:{sys.argv[1]}/devtools/browser/fake")
            for number, line in enumerate(sys.argv[2:], 1):
                message = json.loads(line)
                message["id"] = number
                ws.send(json.dumps(message))
                while True:
                    answer = json.loads(ws.recv())
                    if answer.get("id") == number:
                        break
                error = answer.get("error")
                print(f"{error['code']} {error['message']}" if error else "ok")
            """
        let requests = [
            #"{"method": "Emulation.setGeolocationOverrides", "params": {}}"#,
            #"{"method": "Emulation.setGeolocationOverride", "params": {"latitude": 1, "longitude": 2, "accuracy": 3}}"#,
            #"{"method": "Emulation.setGeolocationOverride", "params": {}, "sessionId": "nobody"}"#,
            #"{"method": "Target.setDiscoverTargets", "params": {"discover": "yes"}}"#,
            #"{"method": "Target.attachToTarget", "params": {"targetId": "page-9", "flatten": true}}"#,
            #"{"method": "Target.attachToTarget", "params": {"targetId": "page-1", "flatten": true}}"#,
            #"{"method": "Emulation.setGeolocationOverride", "params": {"latitude": "37.8"}, "sessionId": "session-1"}"#,
            #"{"method": "Browser.setPermission", "params": {"permission": {"name": "geolocation"}, "setting": "allowed"}}"#,
        ]
        let result = try await TrailcastBinary.runTool("python3", ["-c", client, String(port)] + requests)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdoutLines == [
                "-32601 'Emulation.setGeolocationOverrides' wasn't found",
                "-32601 'Emulation.setGeolocationOverride' wasn't found",
                "-32001 Session with given id not found.",
                "-32602 Invalid parameters",
                "-32602 No target with given id found",
                "ok",
                "-32602 Invalid parameters",
                "-32602 Invalid parameters",
            ])
    }
}
