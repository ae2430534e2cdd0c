#ifndef CGIF_SHIM_H
#define CGIF_SHIM_H
// giflib (libgif-dev): no pkg-config file, so the module map links it by name. Only
// `GIFDecoding` imports this module. Nothing here yet needs a wrapper: giflib's API is
// plain functions, structs and integer macros, which Swift calls directly.
#include <gif_lib.h>
#endif
