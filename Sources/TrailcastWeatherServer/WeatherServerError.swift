// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Why a ``WeatherServer`` could not run.
package enum WeatherServerError: Error, Equatable, CustomStringConvertible {
    /// The server could not start listening on `host:port`: the port is taken, the host
    /// is not an address of this machine, ...; `reason` says which.
    case cannotListen(host: String, port: Int, reason: String)

    /// One line for a person: `cannot listen on 127.0.0.1:8080: Address already in use`.
    package var description: String {
        switch self {
        case .cannotListen(let host, let port, let reason):
            "cannot listen on \(WeatherServer.authority(host: host, port: port)): \(reason)"
        }
    }
}
