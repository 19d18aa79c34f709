// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#include "trailcast_zlib.h"

int trailcast_inflate_init_raw(z_stream *stream) {
    /* -15: a raw deflate stream with a 32 KiB window, as zip's method 8 stores it. */
    return inflateInit2(stream, -15);
}
