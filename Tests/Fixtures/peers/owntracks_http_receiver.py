#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""A stand-in for the OwnTracks Recorder's HTTP mode, for the fleet's tests: it takes a
POST as the recorder does (owntracks/recorder, http.c: the dispatch in ev_handler,
dopublish(), field(); recorder.c: handle_message()) and answers as it answers.

- Only `POST /pub` publishes (the path alone; a query may follow). Anything else is 404,
  where the recorder would look for a static file under its document root.
- The user and device come from the `X-Limit-U` and `X-Limit-D` headers, else the `u`
  and `d` variables of the query or form, lowercased; absent, `owntracks` and `phone`.
  The topic is `owntracks/USER/DEVICE`.
- The body is the message. A location (`_type: location`) is stored when it has what the
  OwnTracks booklet (owntracks/booklet, docs/tech/json.md, `_type=location`) says it has:
  `lat` and `lon` numbers; `tst` an integer (required); `acc`, `alt`, `batt`, `bs`, `cog`,
  `rad`, `vac`, `vel`, `created_at` and `m`, when present, integers (a JSON number with no
  fraction: not `5.5`, `"5"` or `true`); and `tid`, a string, which the booklet requires in
  HTTP mode: the recorder answers each app with its friends' last locations, and leaves out
  a friend whose location has no `tid` (http.c, populate_friends: "TID is mandatory"), so
  such a device is never seen by the others. Anything else is not stored, with
  `not stored: REASON` printed, and still answered 200, as the recorder answers.
- The answer is 200, `application/json; charset=utf-8`, chunked, on a keep-alive
  connection, with a JSON array (the friends' cards and locations: `[]` here).

Stricter than the recorder on purpose, so that a test fails where an app or the recorder's
readers would be let down: the recorder itself stores a location without `tid`, parses a
`tst`, `lat`, `lon` or `acc` sent as a string (as an old Greenwich device sends them), and
stores a key the booklet does not define, whole. Here a key the booklet does not define is
not stored either, and `unknown key: NAME` is printed, so that a misspelled key fails a test.

Each location stored is one JSON line {"topic": ..., "payload": ..., "body": the body as
sent} in --out; the port is written to --port-file.

The recorder's read API, as `--verify-store` reads it (http.c, the `/api/0` verbs;
storage.c, make_times(), str_time_to_secs(), locations()):

- `GET /api/0/version`: `{"version":"1.0.1"}`.
- `GET /api/0/locations`: `user` and `device` (query, form or `X-Limit-User` and
  `X-Limit-Device`), else 416 `user and device are required`; `from` and `to` in one of
  the recorder's formats (`%Y-%m-%dT%H:%M:%S`, ..., `%Y-%m`), read as UTC, else or when
  from > to, 416 `impossible date/time ranges`; absent, the last 6 hours and now. The
  records with from < tst < to (both ends left out, as locations() compares), each with
  only the `fields` asked for: `{"count":N,"data":[...],"status":200,"version":"1.0.1"}`.

`--store-at-most N` stores the first N locations only and answers the rest 200 all the same,
as a recorder does whose store fell behind what its broker acknowledged.
"""
import calendar
import time
import argparse
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

# storage.c, str_time_to_secs(): the formats tried in turn (a lower-case `t` too).
TIME_FORMATS = ("%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H", "%Y-%m-%dt%H:%M:%S", "%Y-%m-%dt%H:%M",
                "%Y-%m-%dt%H", "%Y-%m-%d", "%Y-%m")
# storage.h: DEFAULT_HISTORY_HOURS.
DEFAULT_HISTORY_HOURS = 6


def seconds(text):
    """A `from` or `to` as the recorder reads it, in UTC seconds, or None."""
    for pattern in TIME_FORMATS:
        try:
            return calendar.timegm(time.strptime(text, pattern))
        except ValueError:
            continue
    return None


# The keys of a `_type: location` message as the OwnTracks booklet defines them
# (owntracks.org/booklet/tech/json).
LOCATION_KEYS = {"_type", "acc", "alt", "batt", "bs", "cog", "lat", "lon", "rad", "t", "tid", "tst", "vac", "vel", "p",
                 "poi", "image", "imagename", "conn", "tag", "topic", "inregions", "inrids", "SSID", "BSSID",
                 "created_at", "m", "_id", "motionactivities"}
# The booklet's integers (and the two it calls integer epochs, `tst` and `created_at`).
INTEGER_KEYS = ("acc", "alt", "batt", "bs", "cog", "rad", "tst", "vac", "vel", "created_at", "m")


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_integer(value):
    """A JSON integer: Python's json reads `5` as an int and `5.0` or `5.5` as a float."""
    return isinstance(value, int) and not isinstance(value, bool)


def refusal(message):
    """Why the booklet's rules refuse a location, or None."""
    for key in ("lat", "lon"):
        if not is_number(message.get(key)):
            return f"{key} is {json.dumps(message.get(key))}, not a number"
    if "tst" not in message:
        return "no tst"
    for key in INTEGER_KEYS:
        if key in message and not is_integer(message[key]):
            return f"{key} is {json.dumps(message[key])}, not an integer"
    if not isinstance(message.get("tid"), str):
        return "no tid" if "tid" not in message else f"tid is {json.dumps(message['tid'])}, not a string"
    return None


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--port-file", required=True)
    arguments.add_argument("--out", required=True)
    arguments.add_argument("--store-at-most", type=int)
    options = arguments.parse_args()
    out = open(options.out, "a", buffering=1)
    lock = threading.Lock()
    stored = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def variable(self, name, query, form):
            header = self.headers.get("X-Limit-" + name.upper()) or self.headers.get("X-Limit-" + name)
            if header:
                return header.lower()
            for source in (query, form):
                if name in source and source[name][0]:
                    return source[name][0].lower()
            return None

        def do_POST(self):
            target = urlsplit(self.path)
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length) if length else b""
            if target.path != "/pub":
                self.answer(404, b"Not Found")
                return
            query = parse_qs(target.query)
            form = {}
            if self.headers.get("Content-Type", "").startswith("application/x-www-form-urlencoded"):
                form = parse_qs(body.decode("utf-8", "replace"))
            user = self.variable("u", query, form) or "owntracks"
            device = self.variable("d", query, form) or "phone"
            try:
                message = json.loads(body)
            except ValueError:
                message = None
            if isinstance(message, dict) and message.get("_type") == "location":
                unknown = sorted(set(message) - LOCATION_KEYS)
                refused = refusal(message)
                if unknown:
                    # Stricter than the recorder, which stores the message whole: a key
                    # OwnTracks does not define is one no reader of it looks at.
                    print("unknown key: " + ", ".join(unknown), flush=True)
                elif refused:
                    print("not stored: " + refused, flush=True)
                else:
                    # The content type as sent: the recorder reads the body whatever it says,
                    # but the OwnTracks app sends application/json, and a test holds the
                    # fleet to what the app sends.
                    with lock:
                        if options.store_at_most is not None and len(stored) >= options.store_at_most:
                            print("not stored: the store is behind (--store-at-most)", flush=True)
                            self.answer(200, b"[]", "application/json; charset=utf-8")
                            return
                        stored.append((f"owntracks/{user}/{device}", message))
                        out.write(json.dumps({"topic": f"owntracks/{user}/{device}", "payload": message,
                                              "body": body.decode("utf-8", "replace"),
                                              "contentType": self.headers.get("Content-Type", "")}) + "\n")
            self.answer(200, b"[]", "application/json; charset=utf-8")

        def do_GET(self):
            target = urlsplit(self.path)
            query = parse_qs(target.query)
            if target.path == "/api/0/version":
                self.answer(200, b'{"version":"1.0.1"}', "application/json; charset=utf-8")
                return
            if target.path != "/api/0/locations":
                self.answer(404, b"Not Found")
                return
            # make_times() runs before the verb: a bad range is refused first.
            now = int(time.time())
            low = seconds(query["from"][0]) if "from" in query else now - 3600 * DEFAULT_HISTORY_HOURS
            high = seconds(query["to"][0]) if "to" in query else now
            if low is None or high is None or low > high:
                self.answer(416, b"impossible date/time ranges\n")
                return
            user = self.header_or("User", "user", query)
            device = self.header_or("Device", "device", query)
            if not user or not device:
                self.answer(416, b"user and device are required\n")
                return
            fields = query["fields"][0].split(",") if "fields" in query else None
            with lock:
                records = [message for topic, message in stored
                           if topic == f"owntracks/{user}/{device}" and low < message["tst"] < high]
            data = [{key: value for key, value in message.items() if fields is None or key in fields} for message in records]
            body = json.dumps({"count": len(data), "data": data, "status": 200, "version": "1.0.1"}, separators=(",", ":"))
            self.answer(200, body.encode(), "application/json; charset=utf-8")

        def header_or(self, header, name, query):
            """http.c, field(): the X-Limit- header, else the query's variable, lowercased
            (as every parameter it reads, and as the store's paths are)."""
            value = self.headers.get("X-Limit-" + header)
            if value:
                return value.lower()
            return query[name][0].lower() if name in query and query[name][0] else None

        def answer(self, status, body, content_type="text/plain"):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.wfile.write(b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    with open(options.port_file + ".tmp", "w") as port_file:
        port_file.write(str(server.server_address[1]))
    os.rename(options.port_file + ".tmp", options.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
