#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""A stand-in for the Android emulator's console, for the feed tests.

    android-console-stub.py TOKEN LOG [--ko-after N] [--close-after N] [--silent]

Listens on 127.0.0.1 at a free port and prints it; takes one client; greets it with the
banner the emulator sends when a token is required. What it accepts and refuses, and its
words, are the console's: AOSP platform/external/qemu, android/android-emu/android/console.cpp
at 1d886ff9 (docs/research/android-console-and-simctl.md has the line of each):

- Every reply line ends in CR LF (control_control_write turns each bare LF into CR LF).
- A line that is an HTTP request line, or not UTF-8: "KO: Forbidden HTTP request. Aborting"
  or "KO: Forbidden binary request. Aborting", and the connection closes.
- Commands are looked up by their first word, exactly (`geo fixture` is not `geo fix`), in
  the table of the moment: before `auth`, only help|h|?, help-verbose, ping, avd name, auth
  and quit|exit; after it, the main table, which has no `auth`. Anything else:
  "KO: unknown command, try 'help'". Of the main table only what a location feed meets is
  modelled (geo fix, geo nmea, geo gnss, ping, help, avd name, quit); the console's other
  commands (power, sms, network...) are refused as unknown here: the feed sends none.
- `auth`: no token "KO: missing authentication token"; another token (the whole rest of the
  line, after the spaces that follow `auth`) "KO: authentication token does not match
  ~/.emulator_console_auth_token"; the token: the help prompt and OK.
- `geo` without a sub-command: its help (in words of this stub's: the help's text is not
  modelled), then "KO: missing sub-command"; an unknown one: the help, then
  "KO:  bad sub-command" (two spaces, as the source has it).
- `geo fix`: do_geo_fix's checks in its order, numbers read as C's strtod reads them (a
  prefix: `1.5abc` is 1.5, then `abc` is not a number; hex and `nan` are numbers), at most
  five read and the rest of the line ignored: not a number "KO: argument 'REST' is not a
  number" (REST: the line from the first character strtod could not read); fewer than two;
  longitude, then latitude, out of range (a NaN passes both, as every comparison with it is
  false); a fourth number that is not an integer from 1 to 12.
- `geo nmea` without a sentence: "KO: NMEA sentence missing, try 'help geo nmea'".
- `ping`: "I am alive!" then OK. `quit`: closes, no reply.

The console before 2018-10-02 read a fifth number as the satellite count (commit 8463e398,
"GEO_SAT2 ... bug backwards compatibility"): not modelled.

From the Nth command after auth on (--ko-after) every command gets the console's KO for a
bad satellite count, and at the Nth (--close-after) the connection closes: faults for the
feed's tests; --silent accepts the client and never greets it (a console that hangs).
Every line received is written to LOG, so the test can check each command.
"""
import argparse
import math
import os
import re
import socket

TOKEN_PATH = os.path.join(os.path.expanduser("~"), ".emulator_console_auth_token")
# control_global_accept, CONSOLE_AUTH_STATUS_REQUIRED: note the space before CR LF on the
# third line, and the token file's path in quotes on the fourth.
BANNER = ("Android Console: Authentication required\r\n"
          "Android Console: type 'auth <auth_token>' to authenticate\r\n"
          "Android Console: you can find your <auth_token> in \r\n"
          "'" + TOKEN_PATH + "'\r\nOK\r\n").encode()
HELP_PROMPT = "Android Console: type 'help' for a list of commands\r\n"
UNKNOWN = "KO: unknown command, try 'help'\r\n"
SATELLITES_KO = "KO: invalid number of satellites. Must be an integer between 1 and 12\r\n"
PREAUTH = {"help", "h", "?", "help-verbose", "ping", "avd", "auth", "quit", "exit"}
MAIN = {"help", "h", "?", "help-verbose", "ping", "avd", "geo", "quit", "exit"}
GEO_HELP = ("allows you to change Geo-related settings, or to send GPS NMEA sentences\r\n\r\n"
            "available sub-commands:\r\n"
            "    geo nmea             send a GPS NMEA sentence\r\n"
            "    geo fix              send a simple GPS fix\r\n"
            "    geo gnss             send a GNSS sentence\r\n\r\n")
# android_http_is_request_line: METHOD SP TARGET SP HTTP/major.minor (the project's reading of
# its name and of the emulator's own check, which sends `GET /index.html HTTP/1.0`).
HTTP_REQUEST_LINE = re.compile(r"^[A-Z]+ \S+ HTTP/\d+\.\d+$")
DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
HEXADECIMAL = re.compile(r"[+-]?0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?")
SPECIAL = re.compile(r"[+-]?(?:infinity|inf|nan(?:\([0-9A-Za-z_]*\))?)", re.IGNORECASE)


def strtod(text, start):
    """C's strtod at `start`: (value, end), end == start when nothing is read."""
    index = start
    while index < len(text) and text[index] in " \t\n\v\f\r":
        index += 1
    for pattern in (HEXADECIMAL, SPECIAL, DECIMAL):
        match = pattern.match(text, index)
        if match:
            word = match.group(0)
            if pattern is HEXADECIMAL:
                sign = -1.0 if word.startswith("-") else 1.0
                body = word.lstrip("+-")
                if "p" not in body.lower():
                    body += "p0"
                return sign * float.fromhex(body), match.end()
            if pattern is SPECIAL:
                lowered = word.lower().lstrip("+-")
                sign = -1.0 if word.startswith("-") else 1.0
                return (math.nan if lowered.startswith("nan") else sign * math.inf), match.end()
            return float(word), match.end()
    return 0.0, start


def geo_fix(arguments):
    """do_geo_fix's answer to ARGUMENTS, in its order of checks."""
    params = []
    position = 0
    while position < len(arguments):
        value, end = strtod(arguments, position)
        if end == position:
            return "KO: argument '%s' is not a number\r\n" % arguments[position:]
        params.append(value)
        if len(params) == 5:
            break
        position = end
        while position < len(arguments) and arguments[position] in " \t":
            position += 1
    if len(params) < 2:
        return "KO: not enough arguments: see 'help geo fix' for details\r\n"
    longitude, latitude = params[0], params[1]
    if longitude < -180.0 or longitude > 180.0:
        return "KO: invalid longitude value. Should be in [-180,+180] range\r\n"
    if latitude < -90.0 or latitude > 90.0:
        return "KO: invalid latitude value. Should be in [-90,+90] range\r\n"
    if len(params) >= 4:
        satellites = params[3]
        # (int) of a NaN or an infinity is not the number again: refused, as in C.
        if not math.isfinite(satellites) or satellites != int(satellites) or not 1 <= satellites <= 12:
            return SATELLITES_KO
    return "OK\r\n"


def split_command(line):
    """find_command's split: the first word, and the arguments after the spaces that follow."""
    name, _, rest = line.partition(" ")
    return name, rest.lstrip(" ")


def answer_geo(arguments):
    sub, rest = split_command(arguments)
    if sub == "":
        return GEO_HELP + "KO: missing sub-command\r\n"
    if sub == "fix":
        return geo_fix(rest)
    if sub == "nmea":
        return "KO: NMEA sentence missing, try 'help geo nmea'\r\n" if rest == "" else "OK\r\n"
    if sub == "gnss":
        return "OK\r\n"
    return GEO_HELP + "KO:  bad sub-command\r\n"


def answer(line, authenticated, token):
    """(reply, authenticated afterwards, close afterwards) for one line."""
    name, arguments = split_command(line)
    table = MAIN if authenticated else PREAUTH
    if name not in table:
        return UNKNOWN, authenticated, False
    if name == "auth":
        if arguments == "":
            return "KO: missing authentication token\r\n", False, False
        if arguments != token:
            return "KO: authentication token does not match ~/.emulator_console_auth_token\r\n", False, False
        return HELP_PROMPT + "OK\r\n", True, False
    if name in ("quit", "exit"):
        return "", authenticated, True
    if name == "ping":
        return "I am alive!\r\nOK\r\n", authenticated, False
    if name in ("help", "h", "?", "help-verbose"):
        commands = sorted(table)
        return "Android console commands:\r\n\r\n" + "".join("    %s\r\n" % c for c in commands) + "\r\nOK\r\n", authenticated, False
    if name == "avd":
        if arguments == "name":
            return "trailcast_stub\r\nOK\r\n", authenticated, False
        return UNKNOWN, authenticated, False
    return answer_geo(arguments), authenticated, False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("token")
    ap.add_argument("log")
    ap.add_argument("--ko-after", type=int, default=0)
    ap.add_argument("--close-after", type=int, default=0)
    ap.add_argument("--silent", action="store_true")
    a = ap.parse_args()
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    print(server.getsockname()[1], flush=True)
    conn, _ = server.accept()
    if a.silent:
        while conn.recv(4096):
            pass
        return
    conn.sendall(BANNER)
    commands = 0
    authenticated = False
    with open(a.log, "w") as log, conn.makefile("rb") as lines:
        for raw in lines:
            raw = raw.rstrip(b"\r\n")
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                log.write(raw.decode("utf-8", "replace") + "\n")
                log.flush()
                conn.sendall(b"KO: Forbidden binary request. Aborting\r\n")
                conn.close()
                return
            log.write(line + "\n")
            log.flush()
            if HTTP_REQUEST_LINE.match(line):
                conn.sendall(b"KO: Forbidden HTTP request. Aborting\r\n")
                conn.close()
                return
            if authenticated:
                commands += 1
                if a.close_after and commands >= a.close_after:
                    conn.close()
                    return
                if a.ko_after and commands >= a.ko_after:
                    conn.sendall(SATELLITES_KO.encode())
                    continue
            reply, authenticated, close = answer(line, authenticated, a.token)
            if reply:
                conn.sendall(reply.encode())
            if close:
                conn.close()
                return


if __name__ == "__main__":
    main()
