#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Check the relative links of the project's Markdown (stdlib only).

    python3 docs/check-links.py [FILE.md ...]

Without arguments it checks README.md, CONTRIBUTING.md, ARCHITECTURE.md, docs/*.md, bench/README.md,
bench/*/README.md and bench/results/*.md (paths relative to the repository's root, which is this script's
parent folder). For every Markdown link and image, inline (`[text](target)`) or by
reference (`[id]: target`), whose target has no scheme (http:, mailto:, ...):

- the file or folder it names must exist, relative to the linking file;
- a `#anchor` (alone: the same file; after a path: that file, when it is Markdown) must be
  one of the target's headings as GitHub makes its anchors: the heading's text as
  rendered, lowercased, everything but letters, digits, marks, '_', '-' and spaces
  removed, spaces turned into '-', and a repeated anchor suffixed -1, -2, ... in order.
  `<a name="...">` and `id="..."` in the file's HTML count too.

Links inside fenced code blocks and inline code spans are not links and are skipped.
Prints one line per broken link (`FILE:LINE: TARGET: REASON`) and exits 1 if there is
any, else exits 0 silently.
"""
import glob
import os
import re
import sys
import unicodedata
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "docs/*.md", "Examples/*/README.md", "bench/README.md", "bench/*/README.md", "bench/results/*.md"]

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
CODE_SPAN = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)", re.S)
# [text](target) or ![alt](target); text may hold one level of nested brackets.
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HTML_ANCHOR = re.compile(r"<a\s[^>]*\bname=[\"']([^\"']+)[\"']|\bid=[\"']([^\"']+)[\"']", re.I)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def lines_outside_fences(text):
    """(line number, line) for every line not inside a fenced code block."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        match = FENCE.match(line)
        if fence is None:
            if match:
                fence = match.group(1)
                continue
            yield number, line
        elif match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence) \
                and line.strip() == match.group(1):
            fence = None


def rendered_text(markdown):
    """A heading's text as GitHub renders it: code spans' contents, links' text, no markup."""
    text = CODE_SPAN.sub(lambda m: m.group(2).strip(), markdown)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)   # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)                       # inline HTML tags
    text = re.sub(r"\\(.)", r"\1", text)                      # backslash escapes
    text = re.sub(r"(\*+|_+)(\S(?:.*?\S)?)\1", r"\2", text)   # emphasis
    return text.strip()


def slug(text):
    """GitHub's anchor for a heading's rendered text (before duplicate suffixes)."""
    kept = []
    for ch in text.lower():
        category = unicodedata.category(ch)
        if ch in " -_" or category[0] in "LMN" or category == "Pc":
            kept.append(ch)
    return "".join(kept).replace(" ", "-")


def anchors(path, cache={}):
    """Every anchor a Markdown file has on GitHub."""
    if path in cache:
        return cache[path]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found, seen = set(), {}
    previous = None
    for _, line in lines_outside_fences(text):
        heading = None
        match = ATX.match(line)
        if match:
            heading = match.group(2) or ""
        elif SETEXT.match(line) and previous is not None and previous.strip() \
                and not ATX.match(previous) and not previous.lstrip().startswith(("|", ">", "- ", "* ", "+ ")):
            heading = previous.strip()     # a setext heading: its text is the line above
        if heading is not None:
            base = slug(rendered_text(heading))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        for match in HTML_ANCHOR.finditer(line):
            found.add(match.group(1) or match.group(2))
        previous = line
    cache[path] = found
    return found


def links(text):
    """(line number, target) for every link outside code."""
    for number, line in lines_outside_fences(text):
        plain = CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)
        for match in INLINE.finditer(plain):
            yield number, match.group(1)
        match = REFERENCE.match(plain)
        if match:
            yield number, match.group(1)


def check(path):
    problems = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    shown = os.path.relpath(path, ROOT)
    for number, target in links(text):
        if target.startswith("<") and target.endswith(">"):
            target = target[1:-1]
        if not target or SCHEME.match(target) or target.startswith("//"):
            continue
        file_part, _, anchor = target.partition("#")
        file_part = urllib.parse.unquote(file_part)
        anchor = urllib.parse.unquote(anchor)
        if file_part:
            if file_part.startswith("/"):
                resolved = os.path.join(ROOT, file_part.lstrip("/"))
            else:
                resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part))
            if not os.path.exists(resolved):
                problems.append(f"{shown}:{number}: {target}: no such file or folder")
                continue
        else:
            resolved = path
        if anchor and os.path.isfile(resolved) and resolved.lower().endswith((".md", ".markdown")):
            if anchor not in anchors(resolved):
                problems.append(f"{shown}:{number}: {target}: no heading with anchor #{anchor}"
                                f" in {os.path.relpath(resolved, ROOT)}")
    return problems


def main(arguments):
    if arguments:
        paths = [os.path.abspath(argument) for argument in arguments]
    else:
        paths = []
        for pattern in DEFAULT:
            if glob.has_magic(pattern):
                paths.extend(sorted(glob.glob(os.path.join(ROOT, pattern))))
            else:
                paths.append(os.path.join(ROOT, pattern))   # must exist
    problems = []
    for path in paths:
        if not os.path.isfile(path):
            problems.append(f"{os.path.relpath(path, ROOT)}: no such file")
            continue
        problems.extend(check(path))
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
