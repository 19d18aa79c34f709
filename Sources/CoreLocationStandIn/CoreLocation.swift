// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// Off Apple platforms (Linux, where the tests run), `import CoreLocation` finds this module,
// so that code typed from habit compiles as far as it can: it is CoreLocationSeam, whose
// stand-ins have Core Location's names and values (`CLLocation`, `CLAuthorizationStatus`,
// the `kCL…` constants), and whose `CLLocationManager`, `CLLocationManagerDelegate`,
// `CLMonitor` and `CLLocationUpdate` are unavailable declarations whose message names the
// seam's type to write instead. On Apple platforms the package does not declare this module
// (Package.swift), and `CoreLocation` is Apple's.
//
// With this module, `#if canImport(CoreLocation)` is true on Linux too: to keep code to Apple
// platforms, test the platform (`#if os(iOS) || os(macOS)`, `#if canImport(Darwin)`). The
// package's own sources, built with `-D TRAILCAST_CORELOCATION_STANDIN` there, test
// `canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN`.
@_exported public import CoreLocationSeam
