#!/usr/bin/env python3
"""A stand-in for Xcode's `xcrun simctl`, for the `--simulator` tests on Linux.

Installed as `xcrun` first on PATH by the tests, with its settings in the environment:

    FAKE_XCRUN_LOG      file to append each call to, as one JSON array of its arguments
                        (so an argument with spaces, like a device name, stays whole)
    FAKE_XCRUN_FAIL     a word: a call with an argument containing it fails, exit 148
    FAKE_XCRUN_SLOW     N: every Nth call takes 0.3 s, as simctl sometimes does

It refuses what simctl refuses, with a usage message and exit status 1: anything but
`simctl location DEVICE set LATITUDE,LONGITUDE` (or `clear`) and `simctl privacy DEVICE
grant|revoke|reset SERVICE [BUNDLE-ID]` with a known service (the forms `xcrun simctl
help location` and `xcrun simctl help privacy` print in Xcode 15 and 16); a latitude
outside -90...90 or a longitude outside -180...180; grant or revoke without a bundle id.
"""
import json, os, sys, time

SERVICES = {"all", "calendar", "contacts-limited", "contacts", "location", "location-always",
            "photos-add", "photos", "media-library", "microphone", "motion", "reminders", "siri"}


def refuse(usage):
    sys.stderr.write(usage + "\n")
    sys.exit(1)


def check_location(args):
    usage = "Usage: simctl location <device> [action] [arguments]\n  set <latitude>,<longitude>\n  clear"
    if len(args) == 2 and args[1] == "clear":
        return
    if len(args) != 3 or args[1] != "set":
        refuse(usage)
    parts = args[2].split(",")
    try:
        latitude, longitude = (float(part) for part in parts)
    except ValueError:
        refuse(usage)
    if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
        refuse("Invalid coordinate: " + args[2])


def check_privacy(args):
    usage = "Usage: simctl privacy <device> <action> <service> [<bundle identifier>]"
    if len(args) not in (3, 4) or args[1] not in ("grant", "revoke", "reset") or args[2] not in SERVICES:
        refuse(usage)
    if args[1] != "reset" and len(args) != 4:
        refuse(usage)


def main():
    args = sys.argv[1:]
    log = os.environ.get("FAKE_XCRUN_LOG")
    count = 0
    if log:
        with open(log, "a") as handle:
            handle.write(json.dumps(args) + "\n")
        with open(log) as handle:
            count = sum(1 for _ in handle)
    slow = int(os.environ.get("FAKE_XCRUN_SLOW", "0") or 0)
    if slow and count % slow == 0:
        time.sleep(0.3)
    failing = os.environ.get("FAKE_XCRUN_FAIL")
    if failing and any(failing in arg for arg in args):
        sys.stderr.write("simctl: no such device\n")
        sys.exit(148)
    if len(args) < 3 or args[0] != "simctl":
        refuse("usage: xcrun simctl <subcommand> ...")
    if args[1] == "location":
        check_location(args[2:])
    elif args[1] == "privacy":
        check_privacy(args[2:])
    else:
        refuse("simctl: unknown subcommand " + args[1])


if __name__ == "__main__":
    main()
