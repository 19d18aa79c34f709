# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Headless Chromium for the benchmarks: started with a DevTools port of its own, and one
DevTools connection to it (browser-latency.py, live-pages.py).

Needs Python's websocket-client (pip install websocket-client).
"""
import json
import os
import subprocess
import tempfile
import time
import urllib.request

import websocket


class DevTools:
    """A DevTools connection (no Origin header: Chromium refuses one that sends it)."""

    def __init__(self, url):
        self.socket = websocket.create_connection(url, suppress_origin=True, timeout=120)
        self.next_id = 0

    def call(self, method, params, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def evaluate(self, session, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
        return result["result"].get("value")


class HeadlessChromium:
    """Chromium with `--remote-debugging-port=0` in a profile of its own; `prefix` runs it
    under another command (`["chrt", "--idle", "0"]`)."""

    def __init__(self, prefix=()):
        self.profile = tempfile.TemporaryDirectory(prefix="trailcast-bench-chromium-")
        self.process = subprocess.Popen(
            list(prefix) + ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                            "--disable-dev-shm-usage", f"--user-data-dir={self.profile.name}",
                            "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Chromium writes its port to this file once it listens.
        port_file = os.path.join(self.profile.name, "DevToolsActivePort")
        deadline = time.monotonic() + 60
        while not (os.path.exists(port_file) and "\n" in open(port_file).read()):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("Chromium did not start")
            time.sleep(0.05)
        self.port = int(open(port_file).read().split("\n")[0])
        version = json.load(urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/version"))
        self.version = version["Browser"]
        self.devtools = DevTools(version["webSocketDebuggerUrl"])

    def open_window(self, url, browser_context=None, before_load=None):
        """A page in a window of its own (Chromium pauses geolocation for a hidden tab);
        returns its flat session id. `before_load`: a script run in the page's document
        before its own scripts (opened on about:blank first, then navigated, so the first
        document already has it)."""
        params = {"url": "about:blank" if before_load else url, "newWindow": True}
        if browser_context:
            params["browserContextId"] = browser_context
        target = self.devtools.call("Target.createTarget", params)["targetId"]
        session = self.devtools.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        if before_load:
            # Without Page.enable the script is accepted and never run (Chromium 156).
            self.devtools.call("Page.enable", {}, session)
            self.devtools.call("Page.addScriptToEvaluateOnNewDocument", {"source": before_load}, session)
            self.devtools.call("Page.navigate", {"url": url}, session)
        return session

    def quit(self):
        self.process.terminate()
        self.process.wait()
        self.profile.cleanup()
