// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Hummingbird
import NIOCore
import TrailcastWeather

/// Hummingbird's per-request context, plus the connection: a request held by the timeout
/// fault ends by closing it, so the client sees no answer at all rather than an error status.
struct WeatherRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}
