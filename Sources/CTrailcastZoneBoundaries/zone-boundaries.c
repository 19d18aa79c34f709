// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// The table .ci/make-zone-boundaries.py writes, compiled into the binary as it is: read in
// place by TrailcastWeather's ZoneBoundaries, never parsed into memory of its own.
#include "CTrailcastZoneBoundaries.h"

_Alignas(8) static const unsigned char trailcast_zone_boundaries_table[] = {
#embed "zone-boundaries.bin"
};

const unsigned char *trailcast_zone_boundaries(void) { return trailcast_zone_boundaries_table; }

size_t trailcast_zone_boundaries_size(void) { return sizeof(trailcast_zone_boundaries_table); }
