// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// Core Location's own sessions behind `LocationSessionStarting`. iOS 18, watchOS 11 and
// visionOS 2 (CLServiceSession's first versions; CLBackgroundActivitySession's are a year
// earlier); CI type-checks it against the stand-ins in .ci/apple-shim/.
#if (canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) && (os(iOS) || os(watchOS) || os(visionOS) || TRAILCAST_APPLE_TYPECHECK)
import CoreLocation

@available(iOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension CLServiceSession: LocationSession {}

extension CLBackgroundActivitySession: LocationSession {}

/// The device's sessions: give it to the code that begins them (`CoreLocationSessions()`);
/// its tests give the `Simulation`.
@available(iOS 18.0, watchOS 11.0, visionOS 2.0, *)
public struct CoreLocationSessions: LocationSessionStarting {
    public init() {}

    public func beginServiceSession(authorization: LocationSessionAuthorization) -> any LocationSession {
        switch authorization {
        case .none: CLServiceSession(authorization: .none)
        case .whenInUse: CLServiceSession(authorization: .whenInUse)
        case .always: CLServiceSession(authorization: .always)
        }
    }

    public func beginBackgroundActivitySession() -> any LocationSession {
        CLBackgroundActivitySession()
    }
}
#endif
