#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""A web team's test runner beside `replay --browser`, as Selenium and WebdriverIO drive a
Firefox: a WebDriver classic session made over Marionette (`WebDriver:NewSession` with
`webSocketUrl: true`, what geckodriver sends), then WebDriver BiDi on that session's
`webSocketUrl` (`ws://HOST:PORT/session/ID`), which Firefox's Remote Agent lets other
connections join (remote/shared/webdriver/Session.sys.mjs: a classic session's handler adds
each connection to its set).

It prints `webSocketUrl URL` once the session is made, then evaluates `EXPRESSION` in the
first top-level page every 100 ms on its own connection and prints each answer as
`evaluated N VALUE` (or `error N WORDS`), until `--until-file` exists; then once more
(`after VALUE`), and `session alive` if the session still answers `session.status`, so a
test can see the runner kept working while the feed ran and after it left.

With `--user-context-url URL`, it first opens URL in a tab of a user context of its own
(`browser.createUserContext`, `browsingContext.create`, as Playwright's BiDi `newContext()`
does) and evaluates in both pages: each answer is then a JSON list, the first page's first.

Marionette's framing: `LENGTH:JSON`, messages `[0, ID, COMMAND, PARAMS]` and answers
`[1, ID, ERROR, RESULT]` (remote/marionette/message.sys.mjs).
"""
import argparse
import json
import os
import socket
import sys
import time

import websocket


def marionette_session(port):
    connection = socket.create_connection(("127.0.0.1", port), timeout=240)

    def read():
        head = b""
        while not head.endswith(b":"):
            byte = connection.recv(1)
            if not byte:
                raise SystemExit("marionette closed the connection")
            head += byte
        length = int(head[:-1])
        body = b""
        while len(body) < length:
            body += connection.recv(length - len(body))
        return json.loads(body)

    read()  # the hello: {"applicationType": "gecko", "marionetteProtocol": 3}
    message = json.dumps([0, 1, "WebDriver:NewSession", {"webSocketUrl": True}])
    connection.sendall(f"{len(message)}:{message}".encode())
    answer = read()
    if answer[2] is not None:
        raise SystemExit(f"WebDriver:NewSession failed: {answer[2]}")
    return connection, answer[3]["capabilities"]["webSocketUrl"]


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--marionette-port", type=int, required=True)
    arguments.add_argument("--expression", required=True)
    arguments.add_argument("--until-file", required=True)
    arguments.add_argument("--user-context-url")
    options = arguments.parse_args()
    marionette, url = marionette_session(options.marionette_port)
    print("webSocketUrl " + url, flush=True)
    # Firefox refuses an Origin header it was not told to allow; a test runner sends none.
    bidi = websocket.create_connection(url, suppress_origin=True, timeout=240)
    next_id = [0]

    def call(method, params):
        next_id[0] += 1
        bidi.send(json.dumps({"id": next_id[0], "method": method, "params": params}))
        while True:
            message = json.loads(bidi.recv())
            # Every event of the session reaches every connection of it: skip them.
            if message.get("id") == next_id[0]:
                return message

    tree = call("browsingContext.getTree", {})
    contexts = [tree["result"]["contexts"][0]["context"]]
    if options.user_context_url:
        user_context = call("browser.createUserContext", {})["result"]["userContext"]
        tab = call("browsingContext.create", {"type": "tab", "userContext": user_context})["result"]["context"]
        call("browsingContext.navigate", {"context": tab, "url": options.user_context_url, "wait": "complete"})
        contexts.append(tab)

    def evaluate():
        values = []
        for context in contexts:
            answer = call("script.evaluate", {"expression": options.expression, "target": {"context": context},
                                              "awaitPromise": False})
            if answer.get("type") != "success":
                return None, answer.get("error", "") + ": " + answer.get("message", "")
            values.append(answer["result"]["result"].get("value"))
        return (values if options.user_context_url else values[0]), None

    count = 0
    while not os.path.exists(options.until_file):
        count += 1
        value, error = evaluate()
        print(f"evaluated {count} {json.dumps(value)}" if error is None else f"error {count} {error}", flush=True)
        time.sleep(0.1)
    value, error = evaluate()
    print(f"after {json.dumps(value)}" if error is None else f"error after {error}", flush=True)
    status = call("session.status", {})
    if status.get("type") == "success":
        print("session alive", flush=True)
    bidi.close()
    marionette.close()


if __name__ == "__main__":
    sys.exit(main())
