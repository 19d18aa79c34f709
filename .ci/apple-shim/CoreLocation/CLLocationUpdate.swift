// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// A stand-in for Core Location's CLLocationUpdate (iOS 17, macOS 14, watchOS 10, tvOS 17,
// visionOS 1), as its pages under developer.apple.com/documentation/corelocation/cllocationupdate
// declare it: `liveUpdates(_:)`, `LiveConfiguration`, `Updates` (an AsyncSequence whose
// iterator throws), `location`, `isStationary`, and the diagnostics of iOS 18, macOS 15,
// watchOS 11, tvOS 18 and visionOS 2 (`serviceSessionRequired` among them). The bodies never run.
@available(iOS 17.0, macOS 14.0, watchOS 10.0, tvOS 17.0, visionOS 1.0, *)
public struct CLLocationUpdate: Sendable {
    public enum LiveConfiguration: Sendable {
        case `default`, automotiveNavigation, otherNavigation, fitness, airborne
    }

    public struct Updates: AsyncSequence, Sendable {
        public typealias Element = CLLocationUpdate
        public struct Iterator: AsyncIteratorProtocol {
            public mutating func next() async throws -> CLLocationUpdate? { fatalError("stand-in") }
        }
        public func makeAsyncIterator() -> Iterator { Iterator() }
    }

    public static func liveUpdates(_ configuration: CLLocationUpdate.LiveConfiguration = .default)
        -> CLLocationUpdate.Updates
    {
        Updates()
    }

    public var location: CLLocation? { fatalError("stand-in") }
    public var isStationary: Bool { fatalError("stand-in") }
    @available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public var authorizationDenied: Bool { fatalError("stand-in") }
    @available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public var authorizationDeniedGlobally: Bool { fatalError("stand-in") }
    @available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public var authorizationRestricted: Bool { fatalError("stand-in") }
    @available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public var authorizationRequestInProgress: Bool { fatalError("stand-in") }
    @available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public var insufficientlyInUse: Bool { fatalError("stand-in") }
    @available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public var locationUnavailable: Bool { fatalError("stand-in") }
    @available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public var accuracyLimited: Bool { fatalError("stand-in") }
    @available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public var serviceSessionRequired: Bool { fatalError("stand-in") }
}
