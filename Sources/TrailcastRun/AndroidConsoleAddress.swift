// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// `--android-emulator [HOST:]PORT`: where an emulator's console listens (5554 for the
/// first emulator, 5556 for the second, ...; on 127.0.0.1).
package struct AndroidConsoleAddress: Equatable, Sendable {
    package var host: String
    package var port: Int

    package init(parsing text: String) throws(RunFailure) {
        let address = try HostAndPort(parsing: text, option: "--android-emulator")
        host = address.host
        port = address.port
    }
}
