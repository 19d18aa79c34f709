// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The MQTT 3.1.1 control packets a publishing client and a counting subscriber use, as
/// bytes on the wire: OASIS Standard "MQTT Version 3.1.1" (29 October 2014), section 3.
/// Section numbers below are that document's. No network here: a connection reads bytes
/// into ``MQTTPacket/decode(from:maximumSize:)`` and writes ``MQTTPacket/encoded()``.
package enum MQTTPacket: Equatable, Sendable {
    /// 3.1: the first packet from a client.
    case connect(Connect)
    /// 3.2: the server's answer to `connect`.
    case connectAcknowledgement(sessionPresent: Bool, returnCode: ConnectReturnCode)
    /// 3.3: an application message, either way.
    case publish(Publish)
    /// 3.4: the answer to a QoS 1 `publish`.
    case publishAcknowledgement(packetIdentifier: UInt16)
    /// 3.8: a client subscribing to topic filters, each with the QoS it asks for.
    case subscribe(packetIdentifier: UInt16, filters: [Subscription])
    /// 3.9: the server's answer to `subscribe`: per filter the QoS granted, or nil (0x80,
    /// failure).
    case subscribeAcknowledgement(packetIdentifier: UInt16, granted: [MQTTQoS?])
    /// 3.12, 3.13: keep-alive.
    case pingRequest, pingResponse
    /// 3.14: the client leaves cleanly.
    case disconnect

    package struct Connect: Equatable, Sendable {
        package var clientIdentifier: String
        /// 3.1.2.4: a clean session discards any previous session's state.
        package var cleanSession: Bool
        /// 3.1.2.10: seconds; the server drops a client silent for 1.5 times this. 0: off.
        package var keepAliveSeconds: UInt16
        package var username: String?
        package var password: [UInt8]?

        package init(
            clientIdentifier: String, cleanSession: Bool = true, keepAliveSeconds: UInt16 = 60,
            username: String? = nil, password: [UInt8]? = nil
        ) {
            self.clientIdentifier = clientIdentifier
            self.cleanSession = cleanSession
            self.keepAliveSeconds = keepAliveSeconds
            self.username = username
            self.password = password
        }
    }

    package struct Publish: Equatable, Sendable {
        package var topic: String
        package var payload: [UInt8]
        package var qos: MQTTQoS
        /// Present exactly when `qos` is above 0 (3.3.2.2).
        package var packetIdentifier: UInt16?
        package var retain: Bool
        /// 3.3.1.1: a resend of a QoS 1 message the receiver may have had.
        package var duplicate: Bool

        package init(
            topic: String, payload: [UInt8], qos: MQTTQoS = .atMostOnce, packetIdentifier: UInt16? = nil,
            retain: Bool = false, duplicate: Bool = false
        ) {
            self.topic = topic
            self.payload = payload
            self.qos = qos
            self.packetIdentifier = packetIdentifier
            self.retain = retain
            self.duplicate = duplicate
        }
    }

    /// One topic filter of a `subscribe`, with the QoS asked for it (3.8.3).
    package struct Subscription: Equatable, Sendable {
        package var filter: String
        package var qos: MQTTQoS

        package init(_ filter: String, qos: MQTTQoS) {
            self.filter = filter
            self.qos = qos
        }
    }
}

/// 4.3: the delivery guarantees. QoS 2 is not used by Trailcast and is refused when read.
package enum MQTTQoS: UInt8, Sendable, Equatable {
    case atMostOnce = 0
    case atLeastOnce = 1
}

/// 3.2.2.3: the server's verdict on a connection.
package enum ConnectReturnCode: UInt8, Sendable, Equatable, CustomStringConvertible {
    case accepted = 0
    case unacceptableProtocolVersion = 1
    case identifierRejected = 2
    case serverUnavailable = 3
    case badUsernameOrPassword = 4
    case notAuthorized = 5

    package var description: String {
        switch self {
        case .accepted: "accepted"
        case .unacceptableProtocolVersion: "the server does not speak MQTT 3.1.1"
        case .identifierRejected: "the client identifier was rejected"
        case .serverUnavailable: "the MQTT service is unavailable"
        case .badUsernameOrPassword: "bad user name or password"
        case .notAuthorized: "not authorized"
        }
    }
}

/// Bytes that are not an MQTT 3.1.1 packet this client understands.
package struct MQTTDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
