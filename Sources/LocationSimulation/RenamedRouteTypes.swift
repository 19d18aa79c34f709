// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.

// The names 0.1.0 gave the route reader's types, from when it read GPX alone; it reads
// several formats now. Kept for one release, so that code written against 0.1.0 still
// compiles, with a warning that names the new type (and a fix-it).

/// A point of a route, as 0.1.0 named it: now `RoutePoint`.
@available(*, deprecated, renamed: "RoutePoint")
public typealias GPXPoint = RoutePoint

/// Why a route could not be read, as 0.1.0 named it: now `RouteError`.
@available(*, deprecated, renamed: "RouteError")
public typealias GPXError = RouteError

/// Something in a route read but left out, as 0.1.0 named it: now `RouteWarning`.
@available(*, deprecated, renamed: "RouteWarning")
public typealias GPXWarning = RouteWarning

/// The kind of fix a route's point records, as 0.1.0 named it: now `FixType`.
@available(*, deprecated, renamed: "FixType")
public typealias GPXFix = FixType
