// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// Must NOT type-check against the stand-ins (.ci/run checks that it fails): Core Location's
// CLAuthorizationStatus is not frozen, so Swift 6 refuses a switch over it without
// `@unknown default`, on Apple platforms and, with the stand-ins built with library
// evolution, here.
import CoreLocationSeam

func describe(_ status: CLAuthorizationStatus) -> String {
    switch status {
    case .notDetermined: "ask"
    case .restricted, .denied: "off"
    case .authorizedAlways, .authorizedWhenInUse: "on"
    }
}
