// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#ifndef TRAILCAST_ZLIB_H
#define TRAILCAST_ZLIB_H

/* zlib, for KMZ (a zip archive of KML): its raw inflate and its CRC-32. Debian's
 * zlib1g-dev and every Apple SDK have <zlib.h>; libxml2 itself links zlib. */
#include <zlib.h>

/* inflateInit2 is a macro (it passes the library's version and the stream's size), which
 * Swift cannot call: this is it as a function. */
int trailcast_inflate_init_raw(z_stream *stream);

#endif
