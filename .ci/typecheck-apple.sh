#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
# Type-checks the code only Apple platforms compile (`#if canImport(CoreLocation)`), as no
# Apple toolchain runs here: against stand-in `CoreLocation` and `ObjectiveC` modules
# (.ci/apple-shim/, each declaration copied from the Apple documentation page it names,
# plus CoreLocationSeam's own stand-ins for the value types). What it checks:
#   - CoreLocationSeam with Core Location present: CLLocationManager's conformance to
#     LocationManaging and the forwarder behind `locationDelegate`;
#   - LocationSimulation's sources with Core Location's types (the simulated manager's
#     conformance, the conversions);
#   - the example app's code (Examples/WeatherApp/Sources), whose `init()` builds a
#     CLLocationManager.
# Five passes: every Apple platform's `#if` branches at once, then iOS, macOS, watchOS and
# visionOS each on its own (its `os(...)` conditions decided in copies of the sources), the
# stand-ins leaving out what that platform's SDK lacks (regions and visits outside iOS and
# macOS, Always authorization on visionOS...: each condition beside its declaration).
# What it cannot check: that the stand-ins match the SDK beyond the copied declarations
# (Objective-C `optional` requirements are Swift defaults here), code generation, linking,
# and the run-time behaviour of CLLocationManager.
# With TRAILCAST_APPLE_SDK=PATH (or on a Mac), against that SDK instead (below).
# Arguments: more files to type-check as an app's code with Core Location (a user's view
# model: .ci/fresh-user-package.sh). Needs the debug build of the package (`swift build`):
# it reads its modules.
set -euo pipefail
extra=()
for file in "$@"; do extra+=("$(cd "$(dirname "$file")" && pwd)/$(basename "$file")"); done
cd "$(dirname "$0")/.."
out=$(mktemp -d /tmp/trailcast-apple-shim.XXXXXX)
trap 'rm -rf "$out"' EXIT
flags=(-swift-version 6 -warnings-as-errors -parse-as-library
  -enable-upcoming-feature InternalImportsByDefault
  -enable-upcoming-feature MemberImportVisibility
  -enable-upcoming-feature ExistentialAny)

# With a real SDK (TRAILCAST_APPLE_SDK=PATH, or on a Mac the one `xcrun --show-sdk-path`
# gives): the same code against Apple's own Core Location, for the SDK's platform, instead
# of the stand-ins. The seam and the app's code only: on a Mac, `swift build` compiles
# LocationSimulation with the SDK itself, and `xcodebuild` does for iOS (the GitHub
# workflow). No SDK can run here, so this branch has run only where one exists.
sdk=${TRAILCAST_APPLE_SDK:-}
if [ -z "$sdk" ] && [ "$(uname)" = Darwin ] && command -v xcrun >/dev/null; then sdk=$(xcrun --show-sdk-path); fi
if [ -n "$sdk" ]; then
  arch=$(uname -m | sed 's/aarch64/arm64/')
  case "$(basename "$sdk")" in
    MacOSX*) target=$arch-apple-macos15 ;;
    iPhoneOS*) target=arm64-apple-ios17 ;;
    iPhoneSimulator*) target=$arch-apple-ios17-simulator ;;
    WatchOS*) target=arm64_32-apple-watchos10 ;;
    WatchSimulator*) target=$arch-apple-watchos10-simulator ;;
    XROS*) target=arm64-apple-xros1 ;;
    XRSimulator*) target=$arch-apple-xros1-simulator ;;
    *) echo "typecheck-apple: cannot tell the platform of the SDK $sdk (MacOSX, iPhoneOS, iPhoneSimulator, WatchOS, XROS...)" >&2; exit 64 ;;
  esac
  real=(-sdk "$sdk" -target "$target")
  mkdir -p "$out/seam"
  swiftc "${flags[@]}" "${real[@]}" -emit-module -module-name CoreLocationSeam \
    -emit-module-path "$out/seam/CoreLocationSeam.swiftmodule" Sources/CoreLocationSeam/*.swift
  echo "apple sdk ($target): CoreLocationSeam type-checks with Core Location"
  swiftc -swift-version 6 -warnings-as-errors -parse-as-library "${real[@]}" -I "$out/seam" -typecheck \
    -module-name WeatherAppCore Examples/WeatherApp/Sources/WeatherAppCore/*.swift
  echo "apple sdk ($target): the example app type-checks with Core Location"
  if [ ${#extra[@]} -gt 0 ]; then
    swiftc -swift-version 6 -warnings-as-errors -parse-as-library "${real[@]}" -I "$out/seam" -typecheck \
      -module-name AppCode "${extra[@]}"
    echo "apple sdk ($target): ${extra[*]} type-check with Core Location"
  fi
  exit 0
fi

bin=$(swift build --show-bin-path)
modules=$bin/Modules
# The C modules the package's Swift modules were built with.
libxml=(-Xcc -fmodule-map-file=Sources/CTrailcastLibXML2/module.modulemap $(pkg-config --cflags-only-I libxml-2.0 | sed 's/-I/-Xcc -I/g')
  -Xcc -fmodule-map-file="$bin/CTrailcastShims.build/module.modulemap"
  -Xcc -fmodule-map-file="$bin/CTrailcastZoneBoundaries.build/module.modulemap")
# SwiftPM's package name for `package` declarations: the checkout folder's identity.
package_name=$(basename "$PWD" | tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9_]/_/g')

swiftc "${flags[@]}" -emit-module -module-name ObjectiveC -emit-module-path "$out/ObjectiveC.swiftmodule" \
  .ci/apple-shim/ObjectiveC/*.swift

# The sources one configuration compiles, copied to DIR/{shim,seam,simulation,example,extra}:
# as they are (`all`: every Apple platform's branches at once, TRAILCAST_APPLE_TYPECHECK),
# or as PLATFORM's compiler reads them: in `#if` and `#elseif` lines os(PLATFORM) is true,
# every other os(...) false, and TRAILCAST_APPLE_TYPECHECK false, so that each platform's
# own branches are compiled, against stand-ins that leave out what its SDK does not have.
copy_sources() {
  local platform=$1 dir=$2 group file
  for group in shim seam simulation example extra; do mkdir -p "$dir/$group"; done
  copy() {
    local to=$1; shift
    for file in "$@"; do
      if [ "$platform" = all ]; then cp "$file" "$to/"
      else sed -E "/^[[:space:]]*#(if|elseif)[[:space:]]/{s/os\($platform\)/true/g;s/os\([A-Za-z]+\)/false/g;s/TRAILCAST_APPLE_TYPECHECK/false/g}" "$file" > "$to/$(basename "$file")"
      fi
    done
  }
  copy "$dir/shim" Sources/CoreLocationSeam/CoreLocationStandIns.swift .ci/apple-shim/CoreLocation/*.swift
  copy "$dir/seam" Sources/CoreLocationSeam/*.swift
  copy "$dir/simulation" Sources/LocationSimulation/*.swift
  copy "$dir/example" Examples/WeatherApp/Sources/WeatherAppCore/*.swift
  if [ ${#extra[@]} -gt 0 ]; then copy "$dir/extra" "${extra[@]}"; fi
}

# One configuration: the stand-in Core Location (with library evolution, as Apple's SDK
# modules are: its enums are then not frozen, but those marked @frozen, as CLRegionState is
# in the SDK, so an app's switch without `@unknown default` fails here as with the SDK;
# Swift warns that Linux's Foundation was built without it, the one warning allowed), then
# the seam, LocationSimulation, the example app and the extra files against it.
check_configuration() {
  local platform=$1 dir=$out/$1 defines=()
  [ "$platform" = all ] && defines=(-D TRAILCAST_APPLE_TYPECHECK)
  copy_sources "$platform" "$dir"
  local shim_flags=() flag
  for flag in "${flags[@]}"; do [ "$flag" = -warnings-as-errors ] || shim_flags+=("$flag"); done
  swiftc "${shim_flags[@]}" "${defines[@]}" -D TRAILCAST_APPLE_SHIM -enable-library-evolution -emit-module \
    -module-name CoreLocation -emit-module-path "$dir/CoreLocation.swiftmodule" "$dir"/shim/*.swift 2> "$dir/shim.log" \
    || { cat "$dir/shim.log" >&2; exit 1; }
  if grep "warning:" "$dir/shim.log" | grep -v "was not compiled with library evolution support" >&2; then
    echo "typecheck-apple: the stand-in Core Location ($platform) has warnings (above)" >&2
    exit 1
  fi
  cp "$out"/ObjectiveC.swiftmodule "$dir/"
  mkdir -p "$dir/seam-module"
  swiftc "${flags[@]}" "${defines[@]}" -I "$dir" -emit-module -module-name CoreLocationSeam \
    -emit-module-path "$dir/seam-module/CoreLocationSeam.swiftmodule" "$dir"/seam/*.swift
  # The seam built against the stand-ins comes first, before the package's own (Linux) one.
  swiftc "${flags[@]}" "${defines[@]}" -I "$dir/seam-module" -I "$dir" -I "$modules" "${libxml[@]}" -package-name "$package_name" \
    -typecheck -module-name LocationSimulation "$dir"/simulation/*.swift "$bin"/LocationSimulation.build/DerivedSources/*.swift
  # The example's own settings: Swift 6, none of the package's upcoming features.
  swiftc -swift-version 6 -warnings-as-errors -parse-as-library -D TRAILCAST_APPLE_TYPECHECK -I "$dir/seam-module" -I "$dir" -typecheck \
    -module-name WeatherAppCore "$dir"/example/*.swift
  if [ ${#extra[@]} -gt 0 ]; then
    swiftc -swift-version 6 -warnings-as-errors -parse-as-library -I "$dir/seam-module" -I "$dir" -typecheck \
      -module-name AppCode "$dir"/extra/*.swift
  fi
  echo "apple shim ($platform): CoreLocationSeam, LocationSimulation, the example app${extra:+ and ${extra[*]}} type-check with Core Location"
}

# Every platform's branches at once, then each platform the package declares on its own.
for platform in all iOS macOS watchOS visionOS; do check_configuration "$platform"; done

# The GPX reader with the Apple SDK's `libxml2` module instead of CTrailcastLibXML2 (which
# Package.swift links only where libxml2 is a system package): a stand-in `libxml2` module
# over Debian's headers, as the SDK's declares them.
mkdir -p "$out/sdk/libxml2"
cat > "$out/sdk/libxml2/module.modulemap" <<MAP
module libxml2 [system] {
    header "$(pwd)/Sources/CTrailcastLibXML2/shim.h"
    link "xml2"
    export *
}
MAP
swiftc "${flags[@]}" -I "$out/sdk" -I "$modules" $(pkg-config --cflags-only-I libxml-2.0 | sed 's/-I/-Xcc -I/g') \
  -Xcc -fmodule-map-file="$bin/CTrailcastShims.build/module.modulemap" -Xcc -I -Xcc Sources/CTrailcastShims/include \
  -package-name "$package_name" -typecheck -module-name TrailcastRoutes $(find Sources/TrailcastRoutes -name '*.swift' | sort)
echo "apple shim: TrailcastRoutes type-checks with the SDK's libxml2 module"
