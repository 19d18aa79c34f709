#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""A stand-in for Xcode's `xcrun simctl`, for the `--simulator` tests on Linux.

Installed as `xcrun` first on PATH by the tests, with its settings in the environment:

    FAKE_XCRUN_LOG      file to append each call to, as one JSON array of its arguments
                        (so an argument with spaces, like a device name, stays whole)
    FAKE_XCRUN_DEVICES  the simulators there are, `NAME|UDID|STATE` separated by `;` (STATE
                        Booted or Shutdown); unset, DEFAULT_DEVICES
    FAKE_XCRUN_SLOW     N: every Nth call takes 0.3 s, as simctl sometimes does

simctl is closed source: what it refuses, and its words, are from public quotes of its
output (docs/research/android-console-and-simctl.md gives each one's page):

- A device is a name or a UDID of a known device, or `booted` (the first booted one). An
  unknown one: `Invalid device: ARG`, exit 148 (quoted with the status). `booted` with none
  booted: `No devices are booted.` (quoted; the status 149 is this fake's choice). A device
  that is shut down: the CoreSimulator error 405, `Unable to lookup in current state:
  Shutdown` (quoted for privacy; for location, and its status 149, this fake's reading).
- `privacy` with a service simctl does not know: the device's refusal
  (NSPOSIXErrorDomain, code=1, "Failed to create TCC authorization record"), exit 1.
- A bundle id is never looked up: a location grant to an app not installed exits 0 and
  records nothing (quoted), so the fake accepts any.
- Usage: `location DEVICE set LAT,LON` or `clear`, `privacy DEVICE grant|revoke|reset SERVICE
  [BUNDLE-ID]` (grant and revoke need the bundle id), as `simctl help` prints them (quoted);
  anything else, a coordinate out of range included, gets the usage text and exit 1 (the
  words and the status are not confirmed for these: this fake's reading).
"""
import json, os, sys, time

DEFAULT_DEVICES = ("iPhone 15 Pro|5C2E7A0B-8D4F-4B1A-9E63-0F2D9C7B1A34|Booted;"
                   "iPad Air 11-inch (M2)|9B1D3E6F-2A4C-4E8B-B7D0-6C5A8F3E2D10|Shutdown")
SERVICES = {"all", "calendar", "contacts-limited", "contacts", "location", "location-always",
            "photos-add", "photos", "media-library", "microphone", "motion", "reminders", "siri"}
LOCATION_USAGE = ("Control a device's simulated location\n"
                  "Usage: simctl location <device> <action> [arguments]")
PRIVACY_USAGE = ("Grant, revoke, or reset privacy and permissions\n"
                 "Usage: simctl privacy <device> <action> <service> [<bundle identifier>]")


def fail(message, status):
    sys.stderr.write(message + "\n")
    sys.exit(status)


def devices():
    listed = os.environ.get("FAKE_XCRUN_DEVICES") or DEFAULT_DEVICES
    return [tuple(entry.split("|")) for entry in listed.split(";") if entry]


def look_up(argument):
    """The device an argument names; refuses as simctl does."""
    known = devices()
    if argument == "booted":
        for device in known:
            if device[2] == "Booted":
                return device
        fail("No devices are booted.", 149)
    for device in known:
        if argument in (device[0], device[1]):
            if device[2] != "Booted":
                fail("An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):\n"
                     "Unable to lookup in current state: " + device[2], 149)
            return device
    fail("Invalid device: " + argument, 148)


def location(args):
    if not args:
        fail(LOCATION_USAGE, 1)
    look_up(args[0])
    if len(args) == 2 and args[1] == "clear":
        return
    if len(args) != 3 or args[1] != "set":
        fail(LOCATION_USAGE, 1)
    try:
        latitude, longitude = (float(part) for part in args[2].split(","))
    except ValueError:
        fail(LOCATION_USAGE, 1)
    if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
        fail(LOCATION_USAGE, 1)


def privacy(args):
    if len(args) not in (3, 4) or args[1] not in ("grant", "revoke", "reset"):
        fail(PRIVACY_USAGE, 1)
    if args[1] != "reset" and len(args) != 4:
        fail(PRIVACY_USAGE, 1)
    look_up(args[0])
    if args[2] not in SERVICES:
        fail("An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=1):\n"
             "Simulator device failed to complete the requested operation.\nOperation not permitted\n"
             "Underlying error (domain=NSPOSIXErrorDomain, code=1):\n"
             "\tFailed to create TCC authorization record\n\tOperation not permitted", 1)


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
    if len(args) < 2 or args[0] != "simctl":
        fail("usage: xcrun simctl <subcommand> ...", 1)
    if args[1] == "location":
        location(args[2:])
    elif args[1] == "privacy":
        privacy(args[2:])
    else:
        fail("usage: xcrun simctl <subcommand> ...", 1)


if __name__ == "__main__":
    main()
