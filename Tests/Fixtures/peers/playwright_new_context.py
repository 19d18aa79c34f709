#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Playwright's usual setup beside `replay --browser` in Chromium: `connect_over_cdp` to the
same browser, then `browser.new_context()` (a browser context of its own, not the default
one; with `--permissions`, `new_context(permissions=["geolocation"])`), a page in it at
`--url`. Prints `ready` once the page has loaded, waits for `--until-file`, then prints the
page's `window.heard` (what its script recorded: `fix` for each position, `permission STATE`
for each state the Permissions API gave, `error CODE`) as one JSON line, and closes.

Playwright (PyPI `playwright`) with its own driver, and the system's Chromium: nothing is
downloaded.
"""
import argparse
import json
import os
import sys

from playwright.sync_api import sync_playwright


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--endpoint", required=True)
    arguments.add_argument("--url", required=True)
    arguments.add_argument("--until-file", required=True)
    arguments.add_argument("--permissions", action="store_true")
    options = arguments.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.connect_over_cdp(options.endpoint)
        context = browser.new_context(permissions=["geolocation"]) if options.permissions else browser.new_context()
        page = context.new_page()
        page.goto(options.url)
        page.wait_for_function("window.heard !== undefined")
        print("ready", flush=True)
        while not os.path.exists(options.until_file):
            page.wait_for_timeout(100)
        # The last position's callback may still be on its way: a moment for it.
        page.wait_for_timeout(300)
        print(json.dumps(page.evaluate("window.heard")), flush=True)
        context.close()


if __name__ == "__main__":
    sys.exit(main())
