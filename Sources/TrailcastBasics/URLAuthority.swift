// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// `host:port` as a URL writes it, with an IPv6 host in brackets (`[::1]:8080`): what the
/// servers and feeds say they listen on.
package func urlAuthority(host: String, port: Int) -> String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
}
