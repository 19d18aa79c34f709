#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Every package a package of ours outside the root resolves is pinned with `exact:`, at
the version the root resolves.

    check-pins.py PACKAGE_DIR...

Run after each PACKAGE_DIR has resolved (its Package.resolved is there) and the root has
(./Package.resolved). For each package in PACKAGE_DIR's Package.resolved: its Package.swift
pins it (`.package(url: URL, exact: VERSION)`, or a `(URL, VERSION)` pair of a list it maps
to those), at the version it resolved, which is the root's. Any difference is a line on
standard error and exit 1: a release of a dependency then changes CI only when we change the
pins (issue 42), and the examples test what the root builds.
"""
import json
import os
import re
import sys

PIN = re.compile(r'"(https://github\.com/[^"]+?)(?:\.git)?",\s*(?:exact:\s*)?"(\d+\.\d+\.\d+)"')


def resolved(directory):
    with open(os.path.join(directory, "Package.resolved")) as file:
        pins = json.load(file)["pins"]
    return {pin["identity"]: pin["state"].get("version") for pin in pins}


def identity(url):
    return url.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git").lower()


def main():
    root = resolved(".")
    problems = []
    for directory in sys.argv[1:]:
        with open(os.path.join(directory, "Package.swift")) as file:
            declared = {identity(url): version for url, version in PIN.findall(file.read())}
        for name, version in sorted(resolved(directory).items()):
            if name not in declared:
                problems.append(f"{directory}: {name} {version} is resolved but not pinned with exact:")
            elif declared[name] != version:
                problems.append(f"{directory}: {name} is pinned at {declared[name]} but resolved {version}")
            if root.get(name) != version:
                problems.append(f"{directory}: {name} resolved {version}, the root {root.get(name)}")
        for name in sorted(set(declared) - set(resolved(directory))):
            problems.append(f"{directory}: {name} is pinned but not resolved (pin only what the package uses)")
    for problem in problems:
        print("check-pins: " + problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"check-pins: {len(sys.argv) - 1} package(s), every resolved package pinned at the root's version")


if __name__ == "__main__":
    main()
