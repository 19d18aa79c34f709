#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""A stand-in for a Chromium's DevTools endpoint, for the browser feed's tests without a
browser: it checks each message the feed sends against the protocol, and logs it.

    fake-devtools.py LOG [--pages N] [--closed-before-attach K]

Listens on 127.0.0.1 at a free port and prints it. `GET /json/version` answers as Chromium
does (`webSocketDebuggerUrl` ws://.../devtools/browser/ID); that path upgrades to a WebSocket
(RFC 6455: the client's frames masked, the server's not). Each message received is one JSON
line in LOG. What it answers, from the protocol (https://chromedevtools.github.io/
devtools-protocol/, the domains Target, Browser, Emulation) and Chromium's dispatcher
(third_party/inspector_protocol's words, as Chromium's own layout tests print them):

- An unknown method, or a page's method sent to the browser (no `sessionId`):
  -32601 "'METHOD' wasn't found".
- A `sessionId` no attach made: -32001 "Session with given id not found.".
- Parameters of the wrong type, or a required one missing: -32602 "Invalid parameters",
  with `data` naming the field ("Failed to deserialize params.NAME - BINDINGS: ...").
- `Target.setDiscoverTargets` (`discover`, a boolean): {}, then `Target.targetCreated` for
  each of the N pages (`page-1` ... at http://127.0.0.1/page-K.html).
- `Target.attachToTarget` (`targetId`, a known one; `flatten` true): `Target.attachedToTarget`
  with a new session, then {"sessionId": ...}; an unknown target: -32602 "No target with
  given id found" (and so page K with `--closed-before-attach K`: told of, then gone before
  the attach, as a tab closed at once).
- `Emulation.setGeolocationOverride` on a page's session: latitude, longitude and accuracy
  numbers (all three, or none: position unavailable), altitude, altitudeAccuracy, heading,
  speed numbers if given: {}.
- `Browser.setPermission` (`permission.name` a string, `setting` granted|denied|prompt): {}.
- `Runtime.evaluate` on a page's session: {"result": {"type": "undefined"}}.
"""
import argparse
import base64
import hashlib
import itertools
import json
import socket
import struct
import threading

MAGIC = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
PAGE_METHODS = {"Emulation.setGeolocationOverride", "Runtime.evaluate"}
BROWSER_METHODS = {"Target.setDiscoverTargets", "Target.attachToTarget", "Browser.setPermission"}
NUMBER = (int, float)


def invalid(name, expected):
    return {"code": -32602, "message": "Invalid parameters",
            "data": f"Failed to deserialize params.{name} - BINDINGS: {expected} value expected"}


def check(params, fields):
    """The first field of `fields` (name, types, required) that params gets wrong, as an error."""
    for name, types, required, expected in fields:
        if name not in params:
            if required:
                return invalid(name, expected)
            continue
        value = params[name]
        if isinstance(value, bool) and bool not in types or not isinstance(value, types):
            return invalid(name, expected)
    return None


class Connection:
    def __init__(self, sock, log, pages, gone=None):
        self.sock = sock
        self.log = log
        self.pages = pages
        self.gone = gone
        self.sessions = {}
        self.counter = itertools.count(1)

    def send(self, message):
        data = json.dumps(message).encode()
        header = bytes([0x81])
        if len(data) < 126:
            header += bytes([len(data)])
        elif len(data) < 65536:
            header += bytes([126]) + struct.pack(">H", len(data))
        else:
            header += bytes([127]) + struct.pack(">Q", len(data))
        self.sock.sendall(header + data)

    def read_exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.sock.recv(count - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def frames(self):
        while True:
            first, second = self.read_exactly(2)
            opcode = first & 0x0F
            if not second & 0x80:
                raise ValueError("a client frame must be masked (RFC 6455, 5.1)")
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self.read_exactly(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self.read_exactly(8))[0]
            mask = self.read_exactly(4)
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(self.read_exactly(length)))
            if opcode == 0x8:
                self.sock.sendall(bytes([0x88, 0]))
                return
            if opcode == 0x9:
                self.sock.sendall(bytes([0x8A, len(payload)]) + payload)
                continue
            if opcode == 0x1:
                yield payload.decode()

    def answer(self, message):
        method = message.get("method")
        params = message.get("params", {})
        session = message.get("sessionId")
        if session is not None and session not in self.sessions:
            return {"error": {"code": -32001, "message": "Session with given id not found."}}
        known = PAGE_METHODS if session is not None else BROWSER_METHODS
        if method not in known:
            return {"error": {"code": -32601, "message": f"'{method}' wasn't found"}}
        if method == "Target.setDiscoverTargets":
            error = check(params, [("discover", (bool,), True, "boolean")])
            if error:
                return {"error": error}
            events = [{"method": "Target.targetCreated", "params": {"targetInfo": self.target(k)}}
                      for k in range(1, self.pages + 1)]
            return {"result": {}, "after": events}
        if method == "Target.attachToTarget":
            error = check(params, [("targetId", (str,), True, "string"), ("flatten", (bool,), False, "boolean")])
            if error:
                return {"error": error}
            ids = {self.target(k)["targetId"]: k for k in range(1, self.pages + 1) if k != self.gone}
            if params["targetId"] not in ids:
                return {"error": {"code": -32602, "message": "No target with given id found"}}
            new = f"session-{next(self.counter)}"
            self.sessions[new] = params["targetId"]
            event = {"method": "Target.attachedToTarget",
                     "params": {"sessionId": new, "targetInfo": self.target(ids[params["targetId"]]),
                                "waitingForDebugger": False}}
            return {"result": {"sessionId": new}, "before": [event]}
        if method == "Emulation.setGeolocationOverride":
            fields = [(name, NUMBER, False, "double") for name in
                      ("latitude", "longitude", "accuracy", "altitude", "altitudeAccuracy", "heading", "speed")]
            error = check(params, fields)
            if error:
                return {"error": error}
            return {"result": {}}
        if method == "Browser.setPermission":
            permission = params.get("permission")
            if not isinstance(permission, dict) or not isinstance(permission.get("name"), str):
                return {"error": invalid("permission", "object")}
            if params.get("setting") not in ("granted", "denied", "prompt"):
                return {"error": invalid("setting", "string")}
            # Chromium's BrowserHandler: a context id it does not know is refused.
            context = params.get("browserContextId")
            if context is not None and context != "context-1":
                return {"error": {"code": -32602, "message": f"Failed to find browser context for id {context}"}}
            return {"result": {}}
        return {"result": {"result": {"type": "undefined"}}}

    def target(self, k):
        return {"targetId": f"page-{k}", "type": "page", "title": f"page {k}",
                "url": f"http://127.0.0.1/page-{k}.html", "attached": False, "canAccessOpener": False,
                "browserContextId": "context-1"}

    def run(self):
        for text in self.frames():
            self.log.write(text + "\n")
            self.log.flush()
            message = json.loads(text)
            outcome = self.answer(message)
            for event in outcome.pop("before", []):
                self.send(event)
            after = outcome.pop("after", [])
            reply = {"id": message.get("id"), **outcome}
            if "sessionId" in message:
                reply["sessionId"] = message["sessionId"]
            self.send(reply)
            for event in after:
                self.send(event)


def serve(client, port, log, pages, gone=None):
    request = b""
    while b"\r\n\r\n" not in request:
        chunk = client.recv(4096)
        if not chunk:
            return
        request += chunk
    head = request.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    target = head[0].split(" ")[1]
    headers = {line.split(":", 1)[0].strip().lower(): line.split(":", 1)[1].strip() for line in head[1:] if ":" in line}
    if target == "/json/version":
        body = json.dumps({"Browser": "FakeChrome/1.0", "Protocol-Version": "1.3",
                           "webSocketDebuggerUrl": f"ws://127.0.0.1:{port}/devtools/browser/fake"}).encode()
        # It closes after answering, and says so: a client that kept the connection for its
        # next request (trailcast asks twice, to detect the protocol and to connect) found it
        # closed under it (`remoteConnectionClosed`, in a CI run).
        client.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: %d\r\n"
                       b"Connection: close\r\n\r\n%s" % (len(body), body))
        client.close()
        return
    if target != "/devtools/browser/fake" or headers.get("upgrade", "").lower() != "websocket":
        client.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        client.close()
        return
    accept = base64.b64encode(hashlib.sha1(headers["sec-websocket-key"].encode() + MAGIC).digest())
    client.sendall(b"HTTP/1.1 101 WebSocket Protocol Handshake\r\nUpgrade: WebSocket\r\nConnection: Upgrade\r\n"
                   b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n")
    try:
        Connection(client, log, pages, gone).run()
    except (EOFError, ConnectionError):
        pass
    finally:
        client.close()


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("log")
    arguments.add_argument("--pages", type=int, default=1)
    arguments.add_argument("--closed-before-attach", type=int)
    options = arguments.parse_args()
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    port = server.getsockname()[1]
    print(port, flush=True)
    log = open(options.log, "a")
    while True:
        client, _ = server.accept()
        threading.Thread(target=serve, args=(client, port, log, options.pages, options.closed_before_attach), daemon=True).start()


if __name__ == "__main__":
    main()
