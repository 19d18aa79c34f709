#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""A stand-in for a Traccar server's OsmAnd port, for the fleet's tests: it reads each
request as Traccar's decoder does (traccar/traccar, OsmAndProtocolDecoder.java, decodeQuery)
and answers as Traccar answers.

- The parameters come from the query, or from a form body when there is no query.
- `id` or `deviceid` names the device: missing or unknown (not in --devices) is 400.
- `timestamp`: a number below 2^31 - 1 is seconds, else milliseconds; text with a `T` is
  ISO 8601 with a zone; other text is `yyyy-MM-dd HH:mm:ss` in the server's own time zone
  (Traccar's `DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault())`,
  a `SimpleDateFormat` of the JVM's default zone before: not UTC), here the zone this
  process runs in (`TZ`, else the system's), as the JVM takes its default. Absent: now.
- `lat`, `lon` (or `location=lat,lon`), `speed` (knots, kept as is), `bearing` or `heading`,
  `altitude`, `accuracy`, `hdop`, `batt`: numbers.
- A value that does not parse throws in Traccar's decoder, which closes the connection
  without an answer: so does this.
- A parameter Traccar's decoder has no case for (`sped` for `speed`) is kept by Traccar as
  an attribute of the position, where no map, report or speed alarm reads it: the position
  arrives without it, silently. This receiver is stricter on purpose: such a request is a
  400, and `unknown parameter: NAME` is printed, so that a misspelled key fails a test.
- Otherwise 200 with an empty body, on a keep-alive connection.

How servers and proxies in front of Traccar really treat connections, by option:
--http10 answers in HTTP/1.0 and closes after each answer (as Python's own server does);
--connection-close answers HTTP/1.1 with `Connection: close` and closes; --idle-close-ms N
closes a connection idle for N ms (a keep-alive timeout); --delay-ms N answers N ms late;
--path P accepts requests under P only (404 otherwise), as a proxy's location would;
--tls-cert and --tls-key answer over TLS (Traccar behind a TLS proxy); --drop-after N
closes each connection, unanswered, at its request N + 1 (printing
`dropped` for each), as a connection closed idle just as a request was written on it.

Each position accepted is one JSON line in --out, with the parameters as they came
(`query`: the query, or the form body; `host`: the Host header); the port chosen is written to --port-file.
"""
import argparse
import datetime
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

INT_MAX = 2**31 - 1


class Rejected(Exception):
    pass


class UnknownParameter(Exception):
    pass


# The parameters decodeQuery has a case for (OsmAndProtocolDecoder.java's switch); every
# other name falls to its `default`, an attribute.
TRACCAR_PARAMETERS = {"id", "deviceid", "valid", "timestamp", "lat", "lon", "location", "cell", "wifi", "speed",
                      "bearing", "heading", "altitude", "accuracy", "hdop", "batt", "driverUniqueId"}


def parse_time(value):
    try:
        number = int(value)
        return number * 1000 if number < INT_MAX else number
    except ValueError:
        pass
    if "T" in value:
        parsed = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
        if parsed.tzinfo is None:
            raise ValueError("ISO_ZONED_DATE_TIME needs a zone")
        return int(parsed.timestamp() * 1000)
    # Two digits each, as the pattern's `MM`, `dd`, `HH`, `mm` and `ss` read them.
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}", value):
        raise ValueError("not yyyy-MM-dd HH:mm:ss")
    # A naive datetime's timestamp() is its local time in this process's zone.
    return int(datetime.datetime.strptime(value, "%Y-%m-%d %H:%M:%S").timestamp() * 1000)


def decode(parameters, known):
    position = {}
    for key in parameters:
        if key not in TRACCAR_PARAMETERS:
            raise UnknownParameter(key)
    device = parameters.get("id", parameters.get("deviceid"))
    if device is None or device not in known:
        raise Rejected()
    position["id"] = device
    for key, value in parameters.items():
        if key in ("id", "deviceid"):
            continue
        if key == "timestamp":
            position["timeMs"] = parse_time(value)
        elif key in ("lat", "lon", "speed", "altitude", "accuracy", "hdop", "batt"):
            position[key] = float(value)
        elif key in ("bearing", "heading"):
            position["course"] = float(value)
        elif key == "location":
            lat, lon = value.split(",")
            position["lat"], position["lon"] = float(lat), float(lon)
        elif key == "valid":
            position["valid"] = value.lower() == "true" or value == "1"
        else:
            position.setdefault("attributes", {})[key] = value
    return position


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--port-file", required=True)
    arguments.add_argument("--out", required=True)
    arguments.add_argument("--devices", required=True, help="the known device ids, comma-separated")
    arguments.add_argument("--http10", action="store_true")
    arguments.add_argument("--connection-close", action="store_true")
    arguments.add_argument("--idle-close-ms", type=int)
    arguments.add_argument("--delay-ms", type=int, default=0)
    arguments.add_argument("--path", default="/")
    arguments.add_argument("--stored-status", type=int, default=200,
                           help="the status a stored position is answered with (Traccar's is 200; a proxy in"
                                " front of it may answer 204, or any 2xx)")
    arguments.add_argument("--tls-cert", help="answer over TLS with this PEM certificate (and --tls-key)")
    arguments.add_argument("--tls-key")
    arguments.add_argument("--drop-after", type=int,
                           help="on each connection, read the request after this many answers and close without"
                                " answering, as a server closing an idle connection as the request arrives does")
    options = arguments.parse_args()
    import time
    known = set(options.devices.split(","))
    out = open(options.out, "a", buffering=1)
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0" if options.http10 else "HTTP/1.1"
        # The socket's read timeout: an idle keep-alive connection is closed after it.
        timeout = options.idle_close_ms / 1000 if options.idle_close_ms else None

        def log_message(self, *args):
            pass

        answered = 0

        def handle_request(self):
            target = urlsplit(self.path)
            if options.drop_after is not None and self.answered >= options.drop_after:
                print("dropped", flush=True)
                self.close_connection = True
                return
            if options.delay_ms:
                time.sleep(options.delay_ms / 1000)
            if not target.path.startswith(options.path):
                self.answer(404)
                return
            body = b""
            if "Content-Length" in self.headers:
                body = self.rfile.read(int(self.headers["Content-Length"]))
            query = target.query or body.decode("utf-8", "replace")
            parameters = {key: values[0] for key, values in parse_qs(query, keep_blank_values=True).items()}
            try:
                position = decode(parameters, known)
            except UnknownParameter as unknown:
                print(f"unknown parameter: {unknown}", flush=True)
                self.answer(400)
                return
            except Rejected:
                self.answer(400)
                return
            except (ValueError, TypeError):
                # Traccar logs the exception and closes the channel: no answer at all.
                self.close_connection = True
                return
            position["query"] = query
            # The Host header as sent: HTTP/1.1 wants the port with it when it is not the
            # scheme's default (RFC 9110, 7.2), which a proxy's virtual hosts route by.
            position["host"] = self.headers.get("Host")
            with lock:
                out.write(json.dumps(position) + "\n")
            self.answer(options.stored_status)

        def answer(self, status):
            self.answered += 1
            self.send_response(status)
            self.send_header("Content-Length", "0")
            if options.connection_close:
                self.send_header("Connection", "close")
                self.close_connection = True
            self.end_headers()

        do_GET = handle_request
        do_POST = handle_request

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if options.tls_cert:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(options.tls_cert, options.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    with open(options.port_file + ".tmp", "w") as port_file:
        port_file.write(str(server.server_address[1]))
    import os
    os.rename(options.port_file + ".tmp", options.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
