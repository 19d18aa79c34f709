// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice

// The cached first fix. Apple, `locationManager(_:didUpdateTo:from:)`: "The newLocation
// parameter may contain the data that was cached from a previous usage of the location
// service. You can use the timestamp property of the location object to determine how
// recent the location data is."
// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didupdateto:from:)
// And `CLLocationManager.location`: "It is always a good idea to check the timestamp of the
// location stored in this property."
// https://developer.apple.com/documentation/corelocation/cllocationmanager/location
//
// The project's reading, where Apple gives no rule: when a client that was not updating
// starts updates and may receive fixes now, the last fix Core Location handed the app in
// this run comes first, at once, whatever its age, with its own time and accuracy
// (approximate for a client with reduced accuracy), marked as cached. Before the run's
// first delivered fix there is none (nothing is known from before the route), and a start
// that receives nothing now (denied, or in the background without background updates)
// is handed nothing.

extension LocationService {
    mutating func handOverLastKnownFix(to client: Int, into output: inout [Output]) {
        guard var cached = lastKnownFix, receivesFixes(clients[client]) else { return }
        if accuracy == .reduced || clients[client].wantsReducedAccuracy {
            cached = ApproximateLocation.approximate(cached)
        }
        cached.isCached = true
        clients[client].lastDelivered = cached
        clients[client].awaitsOneFix = false
        output.append(.location(cached, client: client))
    }
}
