#!/usr/bin/env python3
"""A stand-in for the OwnTracks Recorder's HTTP mode, for the fleet's tests: it takes a
POST as the recorder does (owntracks/recorder, http.c: the dispatch in ev_handler,
dopublish(), field(); recorder.c: handle_message()) and answers as it answers.

- Only `POST /pub` publishes (the path alone; a query may follow). Anything else is 404,
  where the recorder would look for a static file under its document root.
- The user and device come from the `X-Limit-U` and `X-Limit-D` headers, else the `u`
  and `d` variables of the query or form, lowercased; absent, `owntracks` and `phone`.
  The topic is `owntracks/USER/DEVICE`.
- The body is the message. A location (`_type: location`) is stored when its `lat` and
  `lon` are numbers (strings are parsed) and its `tst`, if present, is a number or a
  numeric string; anything else is not stored, and still answered.
- The answer is 200, `application/json; charset=utf-8`, chunked, on a keep-alive
  connection, with a JSON array (the friends' cards and locations: `[]` here).

A location with a key the OwnTracks booklet does not define is not stored, and
`unknown key: NAME` is printed (the recorder stores it whole: this receiver is stricter on
purpose, so that a misspelled key fails a test).

Each location stored is one JSON line {"topic": ..., "payload": ..., "body": the body as
sent} in --out; the port is written to --port-file.
"""
import argparse
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


# The keys of a `_type: location` message as the OwnTracks booklet defines them
# (owntracks.org/booklet/tech/json).
LOCATION_KEYS = {"_type", "acc", "alt", "batt", "bs", "cog", "lat", "lon", "rad", "t", "tid", "tst", "vac", "vel", "p",
                 "poi", "image", "imagename", "conn", "tag", "topic", "inregions", "inrids", "SSID", "BSSID",
                 "created_at", "m", "_id"}


def number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--port-file", required=True)
    arguments.add_argument("--out", required=True)
    options = arguments.parse_args()
    out = open(options.out, "a", buffering=1)
    lock = threading.Lock()

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
                tst = message.get("tst")
                valid_time = tst is None or number(tst) is not None
                unknown = sorted(set(message) - LOCATION_KEYS)
                if unknown:
                    # Stricter than the recorder, which stores the message whole: a key
                    # OwnTracks does not define is one no reader of it looks at.
                    print("unknown key: " + ", ".join(unknown), flush=True)
                elif valid_time and number(message.get("lat")) is not None and number(message.get("lon")) is not None:
                    with lock:
                        out.write(json.dumps({"topic": f"owntracks/{user}/{device}", "payload": message,
                                              "body": body.decode("utf-8", "replace")}) + "\n")
            self.answer(200, b"[]", "application/json; charset=utf-8")

        def do_GET(self):
            self.answer(404, b"Not Found")

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
