// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// A scenario's expectations are checked by the light module the testing library uses
// too; code that imports Scenario keeps seeing them.
@_exported import TrailcastTimeline
