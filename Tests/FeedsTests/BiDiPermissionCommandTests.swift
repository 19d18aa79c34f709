// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWire

/// `permissions.setPermission` as WebDriver BiDi's permissions module defines it: a
/// `userContext` names the user context the permission is for, and without one it is the
/// default user context's ("permissions.SetPermissionParameters": descriptor, state, origin,
/// userContext optional). So the default context's command leaves it out, and every other
/// context's names its own.
@Suite("The BiDi geolocation permission, per user context")
struct BiDiPermissionCommandTests {
    @Test func theDefaultUserContextIsLeftUnnamed() {
        #expect(
            BiDiCommand.geolocationPermission(.granted, origin: "http://127.0.0.1:8000").message(id: 7)
                == #"{"id":7,"method":"permissions.setPermission","params":{"descriptor":{"name":"geolocation"},"state":"granted","origin":"http://127.0.0.1:8000"}}"#
        )
    }

    @Test func anotherUserContextIsNamed() {
        #expect(
            BiDiCommand.geolocationPermission(.denied, origin: "https://example.test", userContext: "uc-9").message(
                id: 8)
                == #"{"id":8,"method":"permissions.setPermission","params":{"descriptor":{"name":"geolocation"},"state":"denied","origin":"https://example.test","userContext":"uc-9"}}"#
        )
    }
}
