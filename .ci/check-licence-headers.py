#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
"""Every source file the repository tracks says its licence in its first lines.

Source files: Swift, C, Python and shell, and any file that starts with a `#!` line.
Each must carry `SPDX-License-Identifier: Apache-2.0` (the project's licence, LICENSE)
within its first HEAD_LINES lines; files of another origin are listed in NOTICE and are
data, not source. Prints every file without one and exits 1; `--fix` adds the header:
after a `#!` or `// swift-tools-version` line, which must stay first.

    .ci/check-licence-headers.py          # the check CI runs
    .ci/check-licence-headers.py --fix    # add the header where it is missing
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IDENTIFIER = "SPDX-License-Identifier: Apache-2.0"
COPYRIGHT = "Copyright 2026 the Trailcast authors. See LICENSE and NOTICE."
HEAD_LINES = 12
SLASH_COMMENTS = (".swift", ".c", ".h")
HASH_COMMENTS = (".py", ".sh", ".bash", ".zsh")


def source_files() -> list[Path]:
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True).stdout
    files = []
    for name in names.decode().split("\0"):
        path = ROOT / name
        if not name or not path.is_file() or path.is_symlink():
            continue
        if name.endswith(SLASH_COMMENTS + HASH_COMMENTS):
            files.append(path)
        else:
            with path.open("rb") as stream:
                if stream.read(2) == b"#!":
                    files.append(path)
    return files


def has_header(text: str) -> bool:
    return any(IDENTIFIER in line for line in text.splitlines()[:HEAD_LINES])


def with_header(path: Path, text: str) -> str:
    marker = "//" if path.name.endswith(SLASH_COMMENTS) else "#"
    header = f"{marker} {IDENTIFIER}\n{marker} {COPYRIGHT}\n"
    lines = text.splitlines(keepends=True)
    keep = 0
    # Lines that must stay first: an interpreter, the manifest's tools version, Python's coding line.
    while keep < len(lines) and (
        (keep == 0 and (lines[0].startswith("#!") or lines[0].startswith("// swift-tools-version")))
        or (keep <= 1 and lines[keep].startswith("# -*- coding"))
    ):
        keep += 1
    if keep and not lines[keep - 1].endswith("\n"):
        lines[keep - 1] += "\n"
    return "".join(lines[:keep]) + header + "".join(lines[keep:])


def main() -> int:
    fix = sys.argv[1:] == ["--fix"]
    if sys.argv[1:] and not fix:
        print("usage: .ci/check-licence-headers.py [--fix]", file=sys.stderr)
        return 64
    missing = []
    files = source_files()
    for path in files:
        text = path.read_text(encoding="utf-8")
        if has_header(text):
            continue
        if fix:
            path.write_text(with_header(path, text), encoding="utf-8")
        else:
            missing.append(path.relative_to(ROOT))
    if missing:
        for name in missing:
            print(f"{name}: no '{IDENTIFIER}' in its first {HEAD_LINES} lines", file=sys.stderr)
        print(f"licence headers: {len(missing)} of {len(files)} source files lack one "
              "(.ci/check-licence-headers.py --fix adds it)", file=sys.stderr)
        return 1
    print(f"licence headers: all {len(files)} source files say {IDENTIFIER}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
