#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""A web team's test runner that starts its own WebDriver BiDi session, as Puppeteer does
with `puppeteer.connect({browserWSEndpoint: URL, protocol: "webDriverBiDi"})`, here at
`replay --browser-share`'s endpoint. No Puppeteer here (npm is not reachable), so this sends
what Puppeteer's BiDi connection sends, in its order (puppeteer-core src/bidi/:
BrowserConnector.ts, Browser.ts, core/Session.ts, core/Browser.ts): `session.status`;
`session.new` with Puppeteer's capabilities; `session.subscribe` to whole modules;
`network.addDataCollector` twice (its errors ignored, as Puppeteer ignores them);
`browser.getUserContexts`; `browsingContext.getTree`. At the end, `disconnect()`'s
`session.end`, after which Firefox closes the connection.

Every answer must carry the number of the command it answers: anything else is printed as
`stray ...` for the test to find. It prints `session BROWSER VERSION`, then evaluates
EXPRESSION in the first top-level page every 100 ms (`evaluated N VALUE` or `error N WORDS`)
until `--until-file` exists; then once more (`after VALUE`), `events N` (the events it was
sent, each of a module it subscribed to), and `ended` once the connection is closed after
`session.end`'s answer (or `not closed` if it stays open 10 s).
"""
import argparse
import json
import os
import sys
import time

import websocket

SUBSCRIBED = ["browsingContext", "network", "log", "script", "input"]


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--endpoint", required=True)
    arguments.add_argument("--expression", required=True)
    arguments.add_argument("--until-file", required=True)
    arguments.add_argument("--open-tab", action="store_true", help="open and close a tab of its own (its events)")
    options = arguments.parse_args()
    bidi = websocket.create_connection(options.endpoint, suppress_origin=True, timeout=240)
    next_id = [0]
    events = []

    def call(method, params):
        next_id[0] += 1
        bidi.send(json.dumps({"id": next_id[0], "method": method, "params": params}))
        while True:
            message = json.loads(bidi.recv())
            if message.get("type") == "event":
                if message.get("method", "").split(".")[0] not in SUBSCRIBED:
                    print("stray event " + json.dumps(message)[:300], flush=True)
                events.append(message.get("method"))
                continue
            if message.get("id") != next_id[0]:
                print("stray answer " + json.dumps(message)[:300], flush=True)
                continue
            return message

    status = call("session.status", {})
    if status.get("type") != "success":
        raise SystemExit(f"session.status failed: {status}")
    session = call("session.new", {"capabilities": {"firstMatch": [{}], "alwaysMatch": {
        "acceptInsecureCerts": False, "unhandledPromptBehavior": {"default": "ignore"}, "webSocketUrl": True,
        "goog:prerenderingDisabled": True, "goog:disableNetworkDurableMessages": True}}})
    if session.get("type") != "success":
        raise SystemExit(f"session.new failed: {session}")
    capabilities = session["result"]["capabilities"]
    print(f"session {capabilities.get('browserName')} {capabilities.get('browserVersion')}", flush=True)
    call("session.subscribe", {"events": SUBSCRIBED})
    for data_type in ["request", "response"]:
        call("network.addDataCollector", {"dataTypes": [data_type], "maxEncodedDataSize": 20000000})
    call("browser.getUserContexts", {})
    tree = call("browsingContext.getTree", {})
    context = tree["result"]["contexts"][0]["context"]
    if options.open_tab:
        tab = call("browsingContext.create", {"type": "tab"})["result"]["context"]
        call("browsingContext.close", {"context": tab})

    def evaluate():
        answer = call("script.evaluate", {"expression": options.expression, "target": {"context": context}, "awaitPromise": False})
        if answer.get("type") != "success":
            return None, answer.get("error", "") + ": " + answer.get("message", "")
        return answer["result"]["result"].get("value"), None

    count = 0
    while not os.path.exists(options.until_file):
        count += 1
        value, error = evaluate()
        print(f"evaluated {count} {json.dumps(value)}" if error is None else f"error {count} {error}", flush=True)
        time.sleep(0.1)
    value, error = evaluate()
    print(f"after {json.dumps(value)}" if error is None else f"error after {error}", flush=True)
    print(f"events {len(events)} {' '.join(sorted(set(events)))}", flush=True)
    ended = call("session.end", {})
    if ended.get("type") != "success":
        print(f"session.end failed: {ended}", flush=True)
    # As the other waits: a loaded machine can take long to close; the test reads "ended".
    bidi.settimeout(240)
    try:
        while True:
            message = bidi.recv()
            if not message:
                break
            print("stray after end " + message[:300], flush=True)
        print("ended", flush=True)
    except websocket.WebSocketConnectionClosedException:
        print("ended", flush=True)
    except websocket.WebSocketTimeoutException:
        print("not closed", flush=True)


if __name__ == "__main__":
    sys.exit(main())
