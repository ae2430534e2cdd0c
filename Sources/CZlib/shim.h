#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>

/// `deflateInit2` is a macro over `deflateInit2_` that passes the header version and
/// struct size; Swift cannot call macros.
static inline int czlib_deflate_init_gzip(z_stream *_Nonnull stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/// `inflateInit2` likewise; 15 + 32 accepts both zlib and gzip headers.
static inline int czlib_inflate_init_auto(z_stream *_Nonnull stream) {
    return inflateInit2(stream, 15 + 32);
}
#endif
