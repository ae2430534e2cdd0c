#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
#include <png.h>

/// Only libpng's simplified API is used (`png_image_*`): it reports errors through
/// `png_image.message` and a zero return instead of longjmp, which Swift cannot survive.
/// `PNG_FORMAT_RGB` and `PNG_IMAGE_FLAG_16BIT_sRGB` are macros built from other macros;
/// these give Swift their values with a stable type.
static inline png_uint_32 cpng_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline png_uint_32 cpng_flag_16bit_srgb(void) { return PNG_IMAGE_FLAG_16BIT_sRGB; }
static inline png_uint_32 cpng_image_version(void) { return PNG_IMAGE_VERSION; }
#endif
