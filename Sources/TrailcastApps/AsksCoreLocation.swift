// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastCoreLocation

/// A model app that owns its Core Location state and handles the callbacks a call to Core
/// Location causes, in order, as soon as it returns: what every one of its methods does.
protocol AsksCoreLocation {
    var locationService: LocationService { get set }
    /// The delegate callbacks, in the order Core Location makes them.
    mutating func handle(_ outputs: [LocationService.Output], into events: inout AppOutput)
}

extension AsksCoreLocation {
    /// Calls Core Location (`call` is given the service and where its callbacks go), then
    /// handles every callback the call caused.
    mutating func ask(
        into events: inout AppOutput, _ call: (inout LocationService, inout [LocationService.Output]) -> Void
    ) {
        var outputs: [LocationService.Output] = []
        call(&locationService, &outputs)
        handle(outputs, into: &events)
    }
}
