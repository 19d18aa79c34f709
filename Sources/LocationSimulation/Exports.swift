// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// What a test of the user's code names, and nothing of the engine's insides: the
// simulation's vocabulary (time, points, fixes, the GPS profile, Core Location's states),
// the timeline's events and their payloads, the scheduled changes, and the expectations.
// Each is listed on purpose; the modules behind them are not re-exported whole.

// Core Location's shape: `LocationManaging`, its delegate, and Core Location's value types
// (Core Location itself on Apple platforms).
@_exported import CoreLocationSeam

@_exported import struct TrailcastBasics.Timestamp

@_exported import struct TrailcastRoutes.RoutePoint
@_exported import enum TrailcastRoutes.RouteError
@_exported import struct TrailcastRoutes.RouteWarning
@_exported import enum TrailcastRoutes.FixType

@_exported import struct TrailcastDevice.Coordinate
@_exported import struct TrailcastDevice.LocationFix
@_exported import struct TrailcastDevice.GPSProfile
@_exported import struct TrailcastDevice.SignalChange
@_exported import enum TrailcastDevice.SignalState
@_exported import enum TrailcastDevice.SignalCause

@_exported import enum TrailcastCoreLocation.AppState
@_exported import enum TrailcastCoreLocation.ApproximateLocation
@_exported import struct TrailcastCoreLocation.AuthorizationChange
@_exported import enum TrailcastCoreLocation.AuthorizationChangeCause
@_exported import enum TrailcastCoreLocation.AuthorizationRequest
@_exported import enum TrailcastCoreLocation.AuthorizationStatus
@_exported import enum TrailcastCoreLocation.LocationAccuracy
@_exported import enum TrailcastCoreLocation.LocationErrorCode
@_exported import struct TrailcastCoreLocation.ManagerCall
@_exported import struct TrailcastCoreLocation.MissedFixes
@_exported import enum TrailcastCoreLocation.PromptAnswer
@_exported import struct TrailcastCoreLocation.RegionEvent
@_exported import struct TrailcastCoreLocation.RegionFailure
@_exported import enum TrailcastCoreLocation.RegionErrorCode
@_exported import struct TrailcastCoreLocation.Visit
@_exported import enum TrailcastCoreLocation.LaunchReason
@_exported import struct TrailcastCoreLocation.InfoPlistError
@_exported import enum TrailcastCoreLocation.InfoPlistKey

@_exported import struct TrailcastSettings.ReplayConfiguration
@_exported import enum TrailcastSettings.ReplaySource
@_exported import struct TrailcastSettings.ScheduledEvent
@_exported import struct TrailcastSettings.ScheduledEventError
@_exported import struct TrailcastSettings.SimulatedOffset
@_exported import enum TrailcastSettings.TapAction

@_exported import struct TrailcastTimeline.TimelineEvent
@_exported import struct TrailcastTimeline.ReplayStart
@_exported import struct TrailcastTimeline.ReplaySummary
@_exported import struct TrailcastTimeline.ControlChange
@_exported import struct TrailcastTimeline.PlacesList
@_exported import struct TrailcastTimeline.UpdatesPaused
@_exported import struct TrailcastTimeline.UpdatesResumed
@_exported import struct TrailcastTimeline.TimelineRecord
@_exported import enum TrailcastTimeline.TimelineValue

@_exported import struct TrailcastWeather.WeatherConditions
@_exported import enum TrailcastWeather.WMOWeatherCode
@_exported import struct TrailcastWeather.WeatherObservation
@_exported import struct TrailcastWeather.WeatherFailure

@_exported import enum TrailcastTimeline.Expectation
@_exported import struct TrailcastTimeline.EventSelector
@_exported import enum TrailcastTimeline.CountRule
@_exported import enum TrailcastTimeline.ValueMatcher
@_exported import struct TrailcastTimeline.FieldMatch
@_exported import struct TrailcastTimeline.NumberComparison
@_exported import struct TrailcastTimeline.OffsetWindow
@_exported import struct TrailcastTimeline.ExpectationOutcome
