#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""The walk tracker (index.html) in headless Chromium, its position driven by Trailcast.

What a web team would put in its own CI: it serves the page, starts `trailcast
serve-weather` for its weather and a headless Chromium with a DevTools port, then replays a
walk into the page with `trailcast replay --browser`: a tunnel from 5 to 12 minutes in, the
person denying location at 20 minutes and allowing it again at 25. It reads what the page shows through the
DevTools protocol (Runtime.evaluate) and fails, with a reason, on anything a user would see
go wrong.

    python3 test_in_chromium.py [--trailcast PATH] [--chromium PATH] [--route GPX] [--speed N]

Needs Python 3.9+, `pip install websocket-client`, Chromium and the trailcast binary.
Exits 0 when every check passes, 1 with the failed check on stderr otherwise.
"""
import argparse
import contextlib
import ctypes
import functools
import http.server
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import websocket  # pip install websocket-client

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_ROUTE = HERE.parent.parent / "gpx" / "sf-waterfront-walk.gpx"
# Every wait has a bound: a page that never shows a thing fails, it does not hang CI.
PATIENCE_SECONDS = 90


class CheckFailed(Exception):
    pass


def die_with_parent():
    """Children get SIGTERM when this script dies, however it dies (Linux)."""
    with contextlib.suppress(OSError, AttributeError):
        PR_SET_PDEATHSIG = 1
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def start(arguments, **options):
    return subprocess.Popen(arguments, preexec_fn=die_with_parent if sys.platform == "linux" else None, **options)


STARTED = time.monotonic()


def until(what, check, patience=PATIENCE_SECONDS):
    """Polls `check` until it returns something truthy, and returns that."""
    deadline = time.monotonic() + patience
    while True:
        result = check()
        if result:
            print(f"{time.monotonic() - STARTED:5.1f} s: {what}", file=sys.stderr)
            return result
        if time.monotonic() > deadline:
            raise CheckFailed(f"waited {patience} s for {what}")
        time.sleep(0.05)


def serve_page():
    """The page on http://127.0.0.1:PORT/, as any static server would serve it."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *arguments):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(HERE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class DevTools:
    """One DevTools connection to the browser, with one page attached (flat session)."""

    def __init__(self, port):
        version = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version", timeout=10))
        # No Origin header: Chromium refuses DevTools connections that send one.
        self.socket = websocket.create_connection(version["webSocketDebuggerUrl"], suppress_origin=True, timeout=30)
        self.next_id = 0
        self.session = None
        self.console_errors = []

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise CheckFailed(f"{method}: {answer['error']}")
                return answer["result"]
            self.note(answer)

    def note(self, event):
        """Keeps the page's console errors and uncaught exceptions."""
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            self.console_errors.append(params["exceptionDetails"].get("text", "exception"))
        elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
            self.console_errors.append(" ".join(str(a.get("value", a.get("description"))) for a in params.get("args", [])))
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            self.console_errors.append(params["entry"]["text"])

    def open_page(self, url):
        # Its own window: Chromium gives no geolocation to a hidden tab.
        target = self.call("Target.createTarget", {"url": "about:blank", "newWindow": True})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Runtime.enable", session=self.session)
        self.call("Log.enable", session=self.session)
        self.call("Page.enable", session=self.session)
        self.call("Page.navigate", {"url": url}, session=self.session)
        until("the page to load", lambda: self.loaded())

    def loaded(self):
        # Until the navigation commits, the old document (or none) answers.
        with contextlib.suppress(CheckFailed):
            return self.evaluate('document.readyState === "complete" && document.querySelector("#status") !== null')
        return False

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                           session=self.session)
        if "exceptionDetails" in result:
            raise CheckFailed(f"the page could not evaluate {expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def shown(self):
        """What the page shows, as a user reads it (and the position's full values)."""
        return self.evaluate("""({
            state: document.querySelector("#status").dataset.state,
            status: document.querySelector("#status").textContent,
            fixes: Number(document.querySelector("#fixes").textContent),
            latitude: Number(document.querySelector("#position").dataset.latitude),
            longitude: Number(document.querySelector("#position").dataset.longitude),
            weather: document.querySelector("#weather").textContent,
            weatherState: document.querySelector("#weather").dataset.state,
            weatherURL: document.querySelector("#weather").dataset.url,
            weatherTime: document.querySelector("#weather").dataset.time,
            history: [...document.querySelectorAll("#history li")].map(item => item.dataset.state),
        })""")


class Timeline:
    """The replay's JSON Lines timeline, read as it comes."""

    def __init__(self, process):
        self.events = []
        self.lock = threading.Lock()
        threading.Thread(target=self.read, args=(process.stdout,), daemon=True).start()

    def read(self, stream):
        for line in stream:
            with self.lock:
                self.events.append(json.loads(line))

    def snapshot(self):
        with self.lock:
            return list(self.events)


def main():
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--trailcast", default=shutil.which("trailcast") or "trailcast")
    options.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    options.add_argument("--route", default=str(DEFAULT_ROUTE))
    options.add_argument("--speed", default="100", help="simulated seconds per second (default 100)")
    arguments = options.parse_args()

    children = []
    profile = tempfile.TemporaryDirectory(prefix="walk-tracker-test-")
    page_server = serve_page()
    try:
        weather = start([arguments.trailcast, "serve-weather", "--port", "0"], stdout=subprocess.PIPE,
                        stderr=subprocess.DEVNULL, text=True)
        children.append(weather)
        weather_url = weather.stdout.readline().strip().removeprefix("serve-weather: listening on ")
        if not weather_url.startswith("http://"):
            raise CheckFailed(f"serve-weather did not start: {weather_url!r}")

        browser = start([arguments.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                         "--disable-dev-shm-usage", f"--user-data-dir={profile.name}", "--remote-debugging-port=0",
                         "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        children.append(browser)
        port_file = pathlib.Path(profile.name, "DevToolsActivePort")
        port = until("Chromium's DevTools port", lambda: port_file.exists() and port_file.read_text().split("\n")[0])
        devtools = DevTools(port)
        page_url = f"http://127.0.0.1:{page_server.server_port}/index.html?weather={weather_url}"
        devtools.open_page(page_url)

        replay = start([arguments.trailcast, "replay", arguments.route, "--speed", arguments.speed,
                        "--authorization", "whenInUse", "--gps", "open-sky", "--seed", "7",
                        "--event", "5m:signal=lost", "--event", "12m:signal=restored",
                        "--event", "20m:authorization=denied", "--event", "25m:authorization=whenInUse",
                        "--browser", f"http://127.0.0.1:{port}", "--browser-target", "index.html",
                        "--format", "jsonl"], stdout=subprocess.PIPE, text=True)
        children.append(replay)
        timeline = Timeline(replay)

        # 1. Tracking: positions arrive, and the weather for where the walker is.
        walking = until("the page to track 20 positions", lambda: (s := devtools.shown())["fixes"] >= 20 and s)
        with_weather = until("the page to show the weather", lambda: (s := devtools.shown())["weatherState"] == "shown" and s)
        current = json.load(urllib.request.urlopen(with_weather["weatherURL"], timeout=10))["current"]
        # (Unless a quarter hour began between the two requests: serve-weather's `current`
        # is the model's at the current quarter hour.)
        # The page prints the number as JavaScript does: 5.0 is "5" there, "5.0" in Python (a
        # whole-degree temperature failed the check once, at 5 °C).
        temperature = current["temperature_2m"]
        shown = str(int(temperature)) if float(temperature).is_integer() else str(temperature)
        if current["time"] == with_weather["weatherTime"] and not with_weather["weather"].startswith(f"{shown} °C"):
            raise CheckFailed(f"the page shows {with_weather['weather']!r}; serve-weather says {shown} °C")

        # 2. The tunnel: the page says the position is unavailable, then tracks again.
        until("the page to say the position is unavailable", lambda: devtools.shown()["state"] == "unavailable")
        until("the page to track again after the tunnel", lambda: devtools.shown()["state"] == "tracking")

        # 3. The denial: the page says so and the Permissions API agrees.
        until("the page to show the denial", lambda: devtools.shown()["state"] == "denied")
        permission = devtools.evaluate('navigator.permissions.query({name: "geolocation"}).then(p => p.state)')
        if permission != "denied":
            raise CheckFailed(f"after the denial the Permissions API says {permission!r}")

        # 4. The re-grant: the page starts tracking again by itself.
        until("the page to track again after the re-grant",
              lambda: devtools.shown()["history"][-1:] == ["tracking"] and "denied" in devtools.shown()["history"])
        # Read before the replay ends: Chromium takes back the permission the feed set when
        # its DevTools connection closes (headless, back to denied).
        after = devtools.shown()
        replay.send_signal(signal.SIGINT)
        if replay.wait(timeout=30) != 130:
            raise CheckFailed(f"trailcast replay exited {replay.returncode} on Ctrl-C, not 130")

        # What the page showed was the device's: a position of its timeline, to the
        # timeline's six decimals.
        device = [(event["lat"], event["lon"]) for event in timeline.snapshot() if event["type"] == "location"]
        if not any(abs(walking["latitude"] - lat) <= 1e-6 and abs(walking["longitude"] - lon) <= 1e-6 for lat, lon in device):
            raise CheckFailed(f"the page showed {walking['latitude']}, {walking['longitude']}: not a position the device reported")
        # Every state, in order; a position while denied would show as `tracking` straight after `denied`.
        history = [state for index, state in enumerate(after["history"]) if index == 0 or after["history"][index - 1] != state]
        expected = ["waiting", "tracking", "unavailable", "tracking", "denied", "waiting", "tracking"]
        if history != expected:
            raise CheckFailed(f"the page's history is {history}, expected {expected}")
        if devtools.console_errors:
            raise CheckFailed(f"console errors: {devtools.console_errors}")
        print(f"ok: {after['fixes']} positions tracked, weather {with_weather['weather']!r}, "
              f"a tunnel and a denial shown, history {history}")
        return 0
    except CheckFailed as failure:
        print(f"test_in_chromium.py: FAILED: {failure}", file=sys.stderr)
        return 1
    finally:
        for child in reversed(children):
            if child.poll() is None:
                child.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    child.wait(timeout=10)
            if child.poll() is None:
                child.kill()
        page_server.shutdown()
        profile.cleanup()


if __name__ == "__main__":
    sys.exit(main())
