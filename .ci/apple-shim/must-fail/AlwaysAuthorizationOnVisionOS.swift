// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// Must NOT type-check (.ci/run checks that it fails, in the visionOS pass): visionOS has no
// Always authorization, so an app that asks for it without `#if !os(visionOS)` does not
// build for visionOS. The other platforms' passes accept it.
import CoreLocationSeam

@MainActor
func askForAlways(_ manager: any LocationManaging) {
    manager.requestAlwaysAuthorization()
}
