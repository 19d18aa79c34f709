// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.

// A plan is written in the settings' words (`ReplayConfiguration`, `ScheduledEvent`, the
// GPS, weather and location settings), so `import TrailcastRun` brings them: the settings
// module is not a product, and a user should not have to import it by name.
@_exported import TrailcastSettings
