#!/usr/bin/env python3
"""A stand-in for the Android emulator's console, for the feed tests.

    android-console-stub.py TOKEN LOG [--ko-after N] [--close-after N]

Listens on 127.0.0.1 at a free port and prints it; takes one client; greets it with the
banner the emulator sends (authentication required); answers `auth TOKEN` with OK (any
other token: KO), every other command with OK, or with KO from the Nth command on
(--ko-after), or closes the connection at the Nth (--close-after). Every line received is
written to LOG, so the test can check each command.
"""
import argparse, socket

BANNER = (b"Android Console: Authentication required\r\n"
          b"Android Console: type 'auth <auth_token>' to authenticate\r\n"
          b"Android Console: you can find your <auth_token> in\r\n"
          b"'/root/.emulator_console_auth_token'\r\nOK\r\n")


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
    with open(a.log, "w") as log, conn.makefile("rb") as lines:
        for raw in lines:
            line = raw.decode().rstrip("\r\n")
            log.write(line + "\n")
            log.flush()
            if line.startswith("auth "):
                if line[5:] == a.token:
                    conn.sendall(b"Android Console: type 'help' for a list of commands\r\nOK\r\n")
                else:
                    conn.sendall(b"KO: authentication token does not match ~/.emulator_console_auth_token\r\n")
                continue
            commands += 1
            if a.close_after and commands >= a.close_after:
                conn.close()
                return
            if a.ko_after and commands >= a.ko_after:
                conn.sendall(b"KO: bad geo fix command\r\n")
            else:
                conn.sendall(b"OK\r\n")


if __name__ == "__main__":
    main()
