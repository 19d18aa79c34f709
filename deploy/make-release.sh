#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
# The release archive: trailcast-VERSION-linux-ARCH.tar.gz, one folder to unpack over a
# prefix (/usr/local): the binary, its man page and the three shells' completions.
#
#   bash deploy/make-release.sh                      # builds the static release binary first
#   bash deploy/make-release.sh --binary PATH        # packs a binary already built (CI)
#   bash deploy/make-release.sh --output DIR         # where the archive goes (default: dist)
#
# The man page (deploy/make-manpage.py) and the completion scripts are made by the binary
# being packed, so they describe exactly its flags. The archive is reproducible from one
# commit: its files sorted, owned by root, dated by the commit (SOURCE_DATE_EPOCH).
# Before it says where the archive is, it unpacks it and tries what it holds.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
output=dist
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=$2; shift 2 ;;
    --output) output=$2; shift 2 ;;
    *) echo "make-release: unknown argument '$1' (see the head of $0)" >&2; exit 64 ;;
  esac
done

if [ -z "$binary" ]; then
  # The README's install build: the Swift runtime inside, cheaper start-up.
  swift build -c release --static-swift-stdlib --product trailcast \
    -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic
  binary=.build/release/trailcast
fi
[ -x "$binary" ] || { echo "make-release: $binary: no such executable" >&2; exit 66; }

version=$("$binary" --version)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
name="trailcast-$version-linux-$(uname -m)"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"

install -D -m 755 "$binary" "$root/bin/trailcast"
strip "$root/bin/trailcast"
mkdir -p "$root/share/man/man1" "$root/share/bash-completion/completions" "$root/share/zsh/site-functions" \
  "$root/share/fish/vendor_completions.d" "$root/share/doc/trailcast"
python3 deploy/make-manpage.py "$binary" > "$root/share/man/man1/trailcast.1"
"$binary" --generate-completion-script bash > "$root/share/bash-completion/completions/trailcast"
"$binary" --generate-completion-script zsh > "$root/share/zsh/site-functions/_trailcast"
"$binary" --generate-completion-script fish > "$root/share/fish/vendor_completions.d/trailcast.fish"
cp README.md LICENSE NOTICE CHANGELOG.md "$root/share/doc/trailcast/"

mkdir -p "$output"
archive="$output/$name.tar.gz"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -C "$stage" -cf - "$name" \
  | gzip -n > "$archive"

# What a user unpacks: the binary runs, the page renders without a warning, the
# completions load in their shells.
check=$(mktemp -d)
trap 'rm -rf "$stage" "$check"' EXIT
tar -xzf "$archive" -C "$check"
unpacked="$check/$name"
[ "$("$unpacked/bin/trailcast" --version)" = "$version" ] || { echo "make-release: the packed binary does not run" >&2; exit 1; }
warnings=$(groff -man -Tutf8 -ww -z "$unpacked/share/man/man1/trailcast.1" 2>&1)
[ -z "$warnings" ] || { echo "make-release: the man page has warnings: $warnings" >&2; exit 1; }
grep -q '^\.SH EXIT STATUS' "$unpacked/share/man/man1/trailcast.1" || { echo "make-release: no EXIT STATUS" >&2; exit 1; }
bash -c "source '$unpacked/share/bash-completion/completions/trailcast' && complete -p trailcast" > /dev/null
if command -v fish > /dev/null; then fish --no-config -c "source '$unpacked/share/fish/vendor_completions.d/trailcast.fish'"; fi
echo "$archive"
