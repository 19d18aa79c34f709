// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// A stand-in for Core Location's CLMonitor (iOS 17, macOS 14; not watchOS, tvOS or
// visionOS), its declarations as CoreLocation.swiftinterface of the iOS 18.0 SDK has them
// (xybp888/iOS-SDKs, iPhoneOS18.0.sdk); the bodies never run.
#if os(iOS) || os(macOS) || TRAILCAST_APPLE_TYPECHECK

/// CLMonitoringState (NS_ENUM NSUInteger, NS_REFINED_FOR_SWIFT): not frozen.
public enum __CLMonitoringState: UInt, Sendable {
    case unknown = 0
    case satisfied = 1
    case unsatisfied = 2
    case unmonitored = 3
}

/// `public protocol CLCondition : Decodable, Encodable, Sendable {}`
public protocol CLCondition: Decodable, Encodable, Sendable {}

/// `public actor CLMonitor`
public actor CLMonitor {
    public var identifiers: [String] { fatalError("stand-in") }
    public let events: CLMonitor.Events

    public struct Record: Sendable {
        public let lastEvent: CLMonitor.Event
        public let condition: any CLCondition
    }

    public struct Event: Sendable {
        public typealias State = __CLMonitoringState
        public let refinement: (any CLCondition)?
        public var identifier: String { fatalError("stand-in") }
        public var state: CLMonitor.Event.State { fatalError("stand-in") }
        public var date: Date { fatalError("stand-in") }
    }

    public struct Events: AsyncSequence, Sendable {
        public typealias Element = CLMonitor.Event
        public struct Iterator: AsyncIteratorProtocol {
            public mutating func next() async throws -> CLMonitor.Event? { fatalError("stand-in") }
        }
        public func makeAsyncIterator() -> Iterator { Iterator() }
    }

    public struct CircularGeographicCondition: CLCondition, Sendable {
        public let center: CLLocationCoordinate2D
        public let radius: CLLocationDistance
        public init(center: CLLocationCoordinate2D, radius: CLLocationDistance) {
            self.center = center
            self.radius = radius
        }
        public init(from decoder: any Decoder) throws { fatalError("stand-in") }
        public func encode(to encoder: any Encoder) throws {}
    }

    public func add(_ condition: any CLCondition, identifier: String) {}
    public func add(_ condition: any CLCondition, identifier: String, assuming state: CLMonitor.Event.State) {}
    public func remove(_ identifier: String) {}
    public func record(for identifier: String) -> CLMonitor.Record? { fatalError("stand-in") }

    public init(_ name: String) async { fatalError("stand-in") }
}
#endif
