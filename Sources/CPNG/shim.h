#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

/// libpng reports errors by longjmp, which must never cross a Swift frame. So Swift uses
/// the simplified API (`png_image_*`: errors come back in `png_image.message` and a zero
/// return), and the one place that needs the full API, `cpng_stream_rgb8` below, keeps
/// setjmp and every libpng call inside this C function: when libpng fails, it jumps back
/// into this function, never into Swift (the row callback has returned by then).
/// `PNG_FORMAT_RGB` and `PNG_IMAGE_FLAG_16BIT_sRGB` are macros built from other macros;
/// these give Swift their values with a stable type.
static inline png_uint_32 cpng_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline png_uint_32 cpng_flag_16bit_srgb(void) { return PNG_IMAGE_FLAG_16BIT_sRGB; }
static inline png_uint_32 cpng_image_version(void) { return PNG_IMAGE_VERSION; }

/// Receives row `y` (`width × 3` bytes of 8-bit RGB); returns 0 to stop reading.
typedef int (*cpng_row_callback)(void *context, const unsigned char *row, png_uint_32 y);

enum { cpng_message_size = 200 };

static void cpng_stream_error(png_structp png, png_const_charp message) {
    char *buffer = (char *)png_get_error_ptr(png);
    strncpy(buffer, message, cpng_message_size - 1);
    buffer[cpng_message_size - 1] = 0;
    png_longjmp(png, 1);
}

static void cpng_stream_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// Reads the non-interlaced PNG file at `path` one row at a time as 8-bit RGB (grey and
/// palette expanded; the caller admits no transparency, no 16-bit samples and no gamma
/// that libpng's simplified API would correct), handing each row to `callback`, with the
/// simplified API's leniency (benign errors warn; nothing after the last row is read), so
/// it accepts and refuses what `png_image_finish_read` does. Returns 1 on success; 0 with
/// a message in `message` (`cpng_message_size` bytes) otherwise.
static inline int cpng_stream_rgb8(
    const char *path, png_uint_32 expected_width, png_uint_32 expected_height, cpng_row_callback callback,
    void *context, char *message) {
    message[0] = 0;
    FILE *file = fopen(path, "rb");
    if (!file) {
        strncpy(message, "cannot open the file again to read its rows", cpng_message_size - 1);
        return 0;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, message, cpng_stream_error, cpng_stream_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_read_struct(&png, NULL, NULL);
        fclose(file);
        strncpy(message, "libpng could not allocate its reader", cpng_message_size - 1);
        return 0;
    }
    png_bytep volatile row = NULL;
    if (setjmp(png_jmpbuf(png))) {
        if (row) png_free(png, row);
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        return 0;
    }
    png_init_io(png, file);
    // As the simplified API does: "benign" errors (an eXIf after IDAT, say) only warn.
    png_set_benign_errors(png, 1);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    if (width != expected_width || height != expected_height || bit_depth > 8
        || png_get_interlace_type(png, info) != PNG_INTERLACE_NONE || (color_type & PNG_COLOR_MASK_ALPHA)
        || png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_error(png, "the file changed since it was inspected");
    }
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY) {
        if (bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
        png_set_gray_to_rgb(png);
    }
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (png_size_t)width * 3) png_error(png, "libpng's rows are not 8-bit RGB");
    row = (png_bytep)png_malloc(png, (png_alloc_size_t)width * 3);
    for (png_uint_32 y = 0; y < height; y++) {
        png_read_row(png, row, NULL);
        if (!callback(context, row, y)) png_error(png, "stopped by the caller");
    }
    // No png_read_end: like the simplified API, what follows the pixels (metadata after
    // IDAT, IEND's CRC) does not decide; the inspector already required an IEND chunk.
    png_free(png, row);
    row = NULL;
    png_destroy_read_struct(&png, &info, NULL);
    fclose(file);
    return 1;
}
#endif
