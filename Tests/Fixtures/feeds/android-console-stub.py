#!/usr/bin/env python3
"""A stand-in for the Android emulator's console, for the feed tests.

    android-console-stub.py TOKEN LOG [--ko-after N] [--close-after N]

Listens on 127.0.0.1 at a free port and prints it; takes one client; greets it with the
banner the emulator sends (authentication required). It rejects what the real console
rejects, with the real console's words (the emulator's console, AOSP external/qemu,
android/android-emu/android/console.cpp: control_client_do_command and do_geo_fix):

- before a successful `auth TOKEN`, every command but auth, help, ping and quit:
  "KO: unknown command, try 'help'" (newer consoles enable only these until auth);
- `auth` with another token: "KO: authentication token does not match ...";
- `geo fix` with a word that is not a number, fewer than two numbers, a longitude outside
  [-180, 180], a latitude outside [-90, 90], or a satellite count (the fourth number) that
  is not an integer from 1 to 12: the console's KO line for each.

Every other command gets OK; from the Nth command after auth on (--ko-after) it gets the
console's KO for a bad satellite count whatever it says, and at the Nth (--close-after)
the connection closes. Every line received is written to LOG, so the test can check each
command.
"""
import argparse, socket

BANNER = (b"Android Console: Authentication required\r\n"
          b"Android Console: type 'auth <auth_token>' to authenticate\r\n"
          b"Android Console: you can find your <auth_token> in\r\n"
          b"'/root/.emulator_console_auth_token'\r\nOK\r\n")
UNKNOWN = b"KO: unknown command, try 'help'\r\n"
SATELLITES_KO = b"KO: invalid number of satellites. Must be an integer between 1 and 12\r\n"


def geo_fix_answer(arguments):
    """What the console answers `geo fix ARGUMENTS` (do_geo_fix's checks, in its order)."""
    params = []
    words = arguments.split()
    for index, word in enumerate(words[:5]):
        try:
            params.append(float(word))
        except ValueError:
            # The console quotes the rest of the line from the word it could not read.
            return b"KO: argument '%s' is not a number\n" % " ".join(words[index:]).encode()
    if len(params) < 2:
        return b"KO: not enough arguments: see 'help geo fix' for details\r\n"
    if not -180.0 <= params[0] <= 180.0:
        return b"KO: invalid longitude value. Should be in [-180,+180] range\r\n"
    if not -90.0 <= params[1] <= 90.0:
        return b"KO: invalid latitude value. Should be in [-90,+90] range\r\n"
    if len(params) >= 4:
        # The fourth number, as the help of consoles that take a velocity documents
        # (`geo fix <longitude> <latitude> [<altitude> [<satellites> [<velocity>]]]`). The
        # older console.cpp in AOSP reads a fifth number as the satellite count instead
        # (its GEO_SAT2, "bug backwards compatibility"): not modelled here.
        satellites = params[3]
        if satellites != int(satellites) or not 1 <= satellites <= 12:
            return SATELLITES_KO
    return b"OK\r\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("token")
    ap.add_argument("log")
    ap.add_argument("--ko-after", type=int, default=0)
    ap.add_argument("--close-after", type=int, default=0)
    a = ap.parse_args()
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    print(server.getsockname()[1], flush=True)
    conn, _ = server.accept()
    conn.sendall(BANNER)
    commands = 0
    authenticated = False
    with open(a.log, "w") as log, conn.makefile("rb") as lines:
        for raw in lines:
            line = raw.decode().rstrip("\r\n")
            log.write(line + "\n")
            log.flush()
            words = line.split(None, 1)
            name = words[0] if words else ""
            if name == "auth":
                if line[5:] == a.token:
                    authenticated = True
                    conn.sendall(b"Android Console: type 'help' for a list of commands\r\nOK\r\n")
                else:
                    conn.sendall(b"KO: authentication token does not match ~/.emulator_console_auth_token\r\n")
                continue
            if name in ("quit", "exit"):
                conn.close()
                return
            if name in ("help", "ping"):
                conn.sendall(b"OK\r\n")
                continue
            if not authenticated:
                conn.sendall(UNKNOWN)
                continue
            commands += 1
            if a.close_after and commands >= a.close_after:
                conn.close()
                return
            if a.ko_after and commands >= a.ko_after:
                conn.sendall(SATELLITES_KO)
            elif line.startswith("geo fix"):
                conn.sendall(geo_fix_answer(line[len("geo fix"):]))
            else:
                conn.sendall(b"OK\r\n")


if __name__ == "__main__":
    main()
