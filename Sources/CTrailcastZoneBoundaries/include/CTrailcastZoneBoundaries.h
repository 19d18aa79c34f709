// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#ifndef C_TRAILCAST_ZONE_BOUNDARIES_H
#define C_TRAILCAST_ZONE_BOUNDARIES_H

#include <stddef.h>

/// The zone boundary table ("TZQ1", .ci/make-zone-boundaries.py says its layout), 8-byte aligned.
const unsigned char *trailcast_zone_boundaries(void);
/// Its length in bytes.
size_t trailcast_zone_boundaries_size(void);

#endif
