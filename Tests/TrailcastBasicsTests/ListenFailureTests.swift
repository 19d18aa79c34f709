// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `ListenFailure.reason`: a refused bind in words that say what to do.
@Suite("ListenFailure: why a port could not be listened on")
struct ListenFailureTests {
    @Test("permission refused below 1024 is the privileged ports' advice; from 1024 it is the system's own words")
    func privilegedPorts() {
        #expect(
            ListenFailure.reason(errno: EACCES, host: "127.0.0.1", port: 1023)
                == "port 1023 is below 1024, which only root may listen on: choose one above 1023, or 0 for any free one"
        )
        #expect(
            ListenFailure.reason(errno: EACCES, host: "127.0.0.1", port: 1024) == String(cString: strerror(EACCES)))
    }

    @Test("a port in use, and a host that is not this machine's")
    func inUseAndNotHere() {
        #expect(
            ListenFailure.reason(errno: EADDRINUSE, host: "127.0.0.1", port: 8080)
                == "port 8080 is in use: choose another, or 0 for any free one")
        #expect(
            ListenFailure.reason(errno: EADDRNOTAVAIL, host: "10.9.9.9", port: 8080)
                == "10.9.9.9 is not an address of this machine: listen on 127.0.0.1, or 0.0.0.0 for every address")
    }
}
