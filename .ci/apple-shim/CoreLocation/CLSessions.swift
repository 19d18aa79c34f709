// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// Stand-ins for Core Location's sessions, as CoreLocation.swiftinterface of the iOS 18.0 SDK
// declares them (xybp888/iOS-SDKs, iPhoneOS18.0.sdk): CLServiceSession (iOS 18, watchOS 11,
// tvOS 18, visionOS 2; not macOS) and CLBackgroundActivitySession (iOS 17, watchOS 10,
// visionOS 1; not macOS or tvOS). The bodies never run.
#if os(iOS) || os(watchOS) || os(visionOS) || TRAILCAST_APPLE_TYPECHECK
@available(iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
public final class CLServiceSession: Sendable {
    public enum AuthorizationRequirement: Sendable, Equatable, Hashable {
        case none, whenInUse, always
    }

    public init(authorization: CLServiceSession.AuthorizationRequirement) {}
    public init(authorization: CLServiceSession.AuthorizationRequirement, fullAccuracyPurposeKey: String) {}
    public func invalidate() {}
}

@available(iOS 17.0, watchOS 10.0, *)
public final class CLBackgroundActivitySession: Sendable {
    public init() {}
    public func invalidate() {}
}
#endif
