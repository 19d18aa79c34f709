#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
# Builds the fleet's image (deploy/Containerfile) from a trailcast binary built here, in
# three steps: the steps docs/fleet.md ("Building the image") gives, and the ones CI runs
# (deploy/check-image.py calls this script with its own base image and binary).
#
#   deploy/build-image.sh TAG [--binary FILE] [--runtime-image IMAGE] [--isolation chroot]
#
# 1. The binary, with the Swift runtime and Foundation linked in (--static-swift-stdlib), so
#    that the image needs only libxml2 beside Debian's slim base. Skipped with --binary
#    (CI gives the debug build it relinked the same way).
# 2. An image holding only that binary at /out/trailcast, made from a tar of it: the
#    Containerfile's BINARY_FROM, in place of its own build stage (which builds in the
#    public Swift image, about 15 minutes).
# 3. podman build (or docker build) of deploy/Containerfile on the runtime base
#    (RUNTIME_IMAGE, Debian bookworm-slim unless given), tagged TAG.
#
# Then push TAG to the registry the cluster pulls from and name it in
# deploy/kubernetes/fleet-job.yaml's `image:`.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: deploy/build-image.sh TAG [--binary FILE] [--runtime-image IMAGE] [--isolation chroot]" >&2; exit 64; }
[ $# -ge 1 ] || usage
tag=$1
shift
binary=""
runtime_image=""
isolation=()
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) [ $# -ge 2 ] || usage; binary=$2; shift 2 ;;
    --runtime-image) [ $# -ge 2 ] || usage; runtime_image=$2; shift 2 ;;
    --isolation) [ $# -ge 2 ] || usage; isolation=(--isolation "$2"); shift 2 ;;
    *) usage ;;
  esac
done
engine=$(command -v podman || command -v docker || true)
[ -n "$engine" ] || { echo "build-image: error: neither podman nor docker is installed" >&2; exit 69; }

# Step 1. Swift 6.3.1's static Foundation needs its own libraries named on the link line
# (without them it fails on CFCharacterSetGetPredefined and _FoundationCollections' symbols).
if [ -z "$binary" ]; then
  echo "build-image: step 1: swift build -c release --static-swift-stdlib --product trailcast" >&2
  swift build -c release --static-swift-stdlib --product trailcast \
    -Xlinker -lCoreFoundation -Xlinker -l_FoundationICU -Xlinker -l_FoundationCollections -Xlinker -l_FoundationCShims
  binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/trailcast"
fi
[ -f "$binary" ] || { echo "build-image: error: $binary: no such file" >&2; exit 66; }

# Step 2.
carrier=$(mktemp -d)
trap 'rm -rf "$carrier"' EXIT
install -D -m 0755 "$binary" "$carrier/out/trailcast"
strip "$carrier/out/trailcast"
binary_image="localhost/trailcast-binary:$(sha256sum "$carrier/out/trailcast" | cut -c1-12)"
echo "build-image: step 2: $binary_image holds /out/trailcast" >&2
tar -C "$carrier" -c . | "$engine" import - "$binary_image" >/dev/null

# Step 3.
arguments=(--build-arg "BINARY_FROM=$binary_image")
[ -z "$runtime_image" ] || arguments+=(--build-arg "RUNTIME_IMAGE=$runtime_image")
echo "build-image: step 3: $engine build -f deploy/Containerfile -t $tag" >&2
"$engine" build "${isolation[@]}" "${arguments[@]}" -f deploy/Containerfile -t "$tag" .
