#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Writes trailcast(1), the man page, from the tool itself and the docs.

    python3 deploy/make-manpage.py .build/release/trailcast > trailcast.1
    man -l trailcast.1

Every command, option and value comes from the argument parser's own description of the
tool (`trailcast --experimental-dump-help`), so the page cannot drift from the flags; each
option that takes one of a list says its values. The exit statuses come from the table in
docs/command-line.md (the one the docs promise), not a generic list. swift-argument-parser's
`generate-manual` plugin was tried first: its EXIT STATUS section is fixed text, it lists no
option's values, and its page lets man hyphenate option names mid-word; this script sets
no hyphenation (`.nh`) and left-aligned text (`.ad l`).
"""

from __future__ import annotations

import datetime
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def roff(text: str) -> str:
    """Text safe in a roff line: backslashes and hyphens escaped, no line starting a request."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def exit_statuses(markdown: str) -> list[tuple[str, str]]:
    """The `| Exit | Meaning |` table of docs/command-line.md, as (status, meaning) pairs."""
    rows: list[tuple[str, str]] = []
    inside = False
    for line in markdown.splitlines():
        if line.startswith("| Exit | Meaning |"):
            inside = True
            continue
        if inside:
            if not line.startswith("|"):
                break
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            if set(cells[0]) <= set("- "):
                continue
            meaning = re.sub(r"`([^`]*)`", r"\1", cells[1])
            rows.append((cells[0], meaning))
    if not rows:
        raise SystemExit("make-manpage: no exit status table in docs/command-line.md")
    return rows


def synopsis(command: dict, path: str) -> str:
    parts = [f"\\fB{roff(path)}\\fR"]
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True) or argument["kind"] != "positional":
            continue
        name = f"\\fI{roff(argument.get('valueName', 'value'))}\\fR"
        if argument.get("isRepeating"):
            name += " .\\|.\\|."
        parts.append(f"[{name}]" if argument.get("isOptional") else name)
    parts.insert(1, "[\\fIoptions\\fR]")
    return " ".join(parts)


def option_lines(argument: dict) -> list[str]:
    names = []
    for name in argument.get("names", []):
        prefix = "--" if name["kind"] == "long" else "-"
        names.append(f"\\fB{roff(prefix + name['name'])}\\fR")
    head = ", ".join(names) if names else f"\\fI{roff(argument.get('valueName', ''))}\\fR"
    if argument["kind"] == "option":
        head += f" \\fI{roff(argument.get('valueName', 'value'))}\\fR"
    text = argument.get("abstract", "")
    values = argument.get("allValues") or (argument.get("completionKind", {}).get("list", {}) or {}).get("values")
    if values and not all(value in text for value in values):
        text += " Values: " + ", ".join(values) + "."
    if argument.get("defaultValue") is not None and "(default:" not in text:
        text += f" (default: {argument['defaultValue']})"
    if argument.get("isRepeating") and argument["kind"] == "option":
        text += " Repeatable."
    return [".TP", head, roff(text)]


def command_section(command: dict, path: str) -> list[str]:
    lines = [f".SS \"{path}\"", synopsis(command, path), ".PP", roff(command.get("abstract", ""))]
    # The help's examples (indented lines) keep their lines; its prose is filled.
    example: list[str] = []
    for line in command.get("discussion", "").splitlines() + [""]:
        if line.startswith("  "):
            example.append(line.strip())
            continue
        if example:
            lines += [".PP", ".nf", roff("\n".join(example)), ".fi"]
            example = []
        if line.strip():
            lines += [".PP", roff(line.strip())]
    section = None
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True):
            continue
        names = [name["name"] for name in argument.get("names", [])]
        if names and set(names) <= {"help", "h", "version", "experimental-dump-help"}:
            continue
        title = argument.get("sectionTitle") or ("Arguments" if argument["kind"] == "positional" else "Options")
        if title != section:
            lines += [".PP", f"\\fI{roff(title)}\\fR"]
            section = title
        lines += option_lines(argument)
    return lines


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: make-manpage.py PATH-TO-TRAILCAST > trailcast.1")
    binary = sys.argv[1]
    dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout)
    version = subprocess.run([binary, "--version"], check=True, capture_output=True, text=True).stdout.strip()
    tool = dump["command"]
    # The page's date: the commit's, so two builds of one commit make the same page.
    stamp = os.environ.get("SOURCE_DATE_EPOCH")
    date = datetime.datetime.fromtimestamp(int(stamp), datetime.timezone.utc) if stamp else datetime.datetime.now(datetime.timezone.utc)
    statuses = exit_statuses((ROOT / "docs" / "command-line.md").read_text())
    description = tool.get("discussion", "").split("Exit status:")[0].strip()

    lines = [
        f".TH TRAILCAST 1 \"{date:%Y-%m-%d}\" \"trailcast {roff(version)}\" \"User Commands\"",
        ".nh",
        ".ad l",
        ".SH NAME",
        f"trailcast \\- {roff(tool.get('abstract', ''))}",
        ".SH SYNOPSIS",
        f"\\fBtrailcast\\fR \\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]",
        ".SH DESCRIPTION",
        roff(tool.get("abstract", "")),
    ]
    if description:
        lines += [".PP", roff(description)]
    lines += [".PP", "The commands:"]
    subcommands = [sub for sub in tool.get("subcommands", []) if sub.get("shouldDisplay", True) and sub["commandName"] != "help"]
    for sub in subcommands:
        lines += [".TP", f"\\fB{roff(sub['commandName'])}\\fR", roff(sub.get("abstract", ""))]
    lines.append(".SH COMMANDS")
    for sub in subcommands:
        lines += command_section(sub, f"trailcast {sub['commandName']}")
    lines.append(".SH EXIT STATUS")
    for status, meaning in statuses:
        lines += [".TP", f"\\fB{roff(status)}\\fR", roff(meaning)]
    lines += [
        ".SH ENVIRONMENT",
        ".TP", "\\fBNO_COLOR\\fR", "Set: the text timeline is not coloured (\\-\\-color auto).",
        ".TP", "\\fBCOLUMNS\\fR", "The width the text timeline wraps to on a terminal.",
        ".TP", "\\fBTRAILCAST_MQTT_PASSWORD\\fR", "The broker's password for fleet \\-\\-mqtt (never on the command line).",
        ".SH SEE ALSO",
        "The guides in the docs/ folder of the source: command\\-line.md, replay.md, scenarios.md, feeds.md, fleet.md, weather.md.",
    ]
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
