#include "trailcast_zlib.h"

int trailcast_inflate_init_raw(z_stream *stream) {
    /* -15: a raw deflate stream with a 32 KiB window, as zip's method 8 stores it. */
    return inflateInit2(stream, -15);
}
