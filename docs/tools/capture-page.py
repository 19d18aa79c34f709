# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Opens URL in its own window of a Chromium listening for DevTools on PORT, waits SECONDS,
and saves a 1100x1050 screenshot: python3 capture-page.py PORT URL OUT.png SECONDS."""
import base64, json, sys, time, urllib.request

import websocket  # pip install websocket-client

port, url, out, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
version = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version"))
# No Origin header: Chromium refuses DevTools connections that send one.
socket = websocket.create_connection(version["webSocketDebuggerUrl"], suppress_origin=True)
next_id = 0


def call(method, params, session=None):
    global next_id
    next_id += 1
    message = {"id": next_id, "method": method, "params": params}
    if session:
        message["sessionId"] = session
    socket.send(json.dumps(message))
    while True:
        answer = json.loads(socket.recv())
        if answer.get("id") == next_id:
            return answer["result"]


target = call("Target.createTarget", {"url": url, "newWindow": True})["targetId"]
session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
call("Emulation.setDeviceMetricsOverride", {"width": 1100, "height": 1050, "deviceScaleFactor": 1, "mobile": False}, session)
time.sleep(seconds)
with open(out, "wb") as file:
    file.write(base64.b64decode(call("Page.captureScreenshot", {"format": "png"}, session)["data"]))
