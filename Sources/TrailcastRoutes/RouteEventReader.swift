// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A reader of one route file, whatever its format, as a stream of ``RouteEvent``s.
///
/// Every format reads into GPX's vocabulary: tracks of segments of points, routes,
/// waypoints. So route timing, and everything after it, reads any format the same way;
/// a new format is a reader conforming here and a case of ``RouteFormat``.
///
/// A reader is used from one task at a time, in constant memory whatever the file's size.
/// After it throws, it is finished and returns nil.
package protocol RouteEventReader: AnyObject {
    /// The next event, or nil after the end of the file.
    func next() throws(RouteError) -> RouteEvent?
}

extension GPXStreamReader: RouteEventReader {}
