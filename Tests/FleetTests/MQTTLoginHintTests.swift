// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWire
@testable import TrailcastFeeds

/// What a refused MQTT login says to do. mosquitto 2.0 refuses a wrong and a missing login
/// alike with 5 (not authorized); other brokers answer a wrong password with 4 (bad user name
/// or password, MQTT 3.1.1 section 3.2.2.3): both get the hint, every other refusal none.
@Suite("MQTT: the hint for a refused login")
struct MQTTLoginHintTests {
    @Test(
        "codes 4 and 5: what was given of the login, and what to check",
        arguments: [
            ConnectReturnCode.badUsernameOrPassword, .notAuthorized,
        ])
    func loginRefusals(code: ConnectReturnCode) {
        #expect(
            MQTTConnectionError.loginHint(code, username: "fleet", hasPassword: true) == "check user fleet's password")
        #expect(
            MQTTConnectionError.loginHint(code, username: "fleet", hasPassword: false)
                == "user fleet was given no password (TRAILCAST_MQTT_PASSWORD or --mqtt-password-file)")
        #expect(
            MQTTConnectionError.loginHint(code, username: nil, hasPassword: false)
                == "no user name or password was given (mqtts://USER@HOST, with the password in TRAILCAST_MQTT_PASSWORD or --mqtt-password-file)"
        )
    }

    @Test(
        "a refusal that is not about the login has no hint",
        arguments: [
            ConnectReturnCode.unacceptableProtocolVersion, .identifierRejected, .serverUnavailable,
        ])
    func otherRefusals(code: ConnectReturnCode) {
        #expect(MQTTConnectionError.loginHint(code, username: "fleet", hasPassword: true) == "")
    }
}
