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

/// How `cpng_stream_rgb8` ended.
typedef enum {
    /// libpng refused the file; its message says why.
    cpng_stream_failed = 0,
    /// Every row was handed over and the image data ended where the picture does.
    cpng_stream_read = 1,
    /// The row callback asked to stop.
    cpng_stream_stopped = 2,
    /// The image data inflates to more than the picture.
    cpng_stream_too_much = 3,
    /// The zlib stream goes on for more than `cpng_after_rows_budget` bytes after the last row.
    cpng_stream_too_long = 4,
} cpng_stream_outcome;

/// What libpng may still read from the file once the last row is in while the zlib stream
/// has not ended: its end (the end-of-block code and the Adler-32, perhaps in one more
/// IDAT) takes a few bytes. libpng inflates whatever else follows, 1 KB at a time, so
/// 40 MB of deflated zeros there would take it minutes (issue 21); past this budget the
/// read stops. Once the stream has ended, what is left of the chunk is only skipped.
enum { cpng_after_rows_budget = 64 << 10 };

/// The reader's state, shared by the read, error and warning functions.
typedef struct {
    FILE *file;
    png_uint_32 height;
    png_size_t after_rows_budget;
    /// libpng said "Extra compressed data": the zlib stream has ended, so nothing more is
    /// inflated and the bytes left in the chunk are only skipped.
    int stream_ended;
    cpng_stream_outcome outcome;
    char *message;
} cpng_stream_state;

static void cpng_stream_set_message(cpng_stream_state *state, png_const_charp message) {
    strncpy(state->message, message, cpng_message_size - 1);
    state->message[cpng_message_size - 1] = 0;
}

/// True once libpng has made the last row: it counts rows before it checks the data's end.
static int cpng_stream_after_rows(png_structp png, const cpng_stream_state *state) {
    return png_get_current_row_number(png) >= state->height;
}

static void cpng_stream_error(png_structp png, png_const_charp message) {
    cpng_stream_set_message((cpng_stream_state *)png_get_error_ptr(png), message);
    png_longjmp(png, 1);
}

/// Before the last row, warnings are libpng's leniency (benign errors). After it they are
/// about the image data's end, which must be clean: more pixels than the picture, or a
/// damaged end (a wrong Adler-32, say), refuse the file. Bytes after the zlib stream's end
/// ("Extra compressed data") inflate to nothing and are let be, as the simplified API does.
static void cpng_stream_warning(png_structp png, png_const_charp message) {
    cpng_stream_state *state = (cpng_stream_state *)png_get_error_ptr(png);
    if (strstr(message, "Extra compressed data")) {
        state->stream_ended = 1;
        return;
    }
    if (!cpng_stream_after_rows(png, state)) return;
    if (strstr(message, "Too much image data")) state->outcome = cpng_stream_too_much;
    cpng_stream_error(png, message);
}

/// libpng's own stdio reader, with the budget for what follows the last row.
static void cpng_stream_read_data(png_structp png, png_bytep data, png_size_t length) {
    cpng_stream_state *state = (cpng_stream_state *)png_get_io_ptr(png);
    if (cpng_stream_after_rows(png, state) && !state->stream_ended) {
        if (length > state->after_rows_budget) {
            state->outcome = cpng_stream_too_long;
            png_error(png, "the image data goes on past the last row");
        }
        state->after_rows_budget -= length;
    }
    if (fread(data, 1, length, state->file) != length) png_error(png, "Read Error");
}

/// Reads the non-interlaced PNG file at `path` one row at a time as 8-bit RGB (grey and
/// palette expanded; the caller admits no transparency, no 16-bit samples and no gamma
/// that libpng's simplified API would correct), handing each row to `callback`, with the
/// simplified API's leniency (benign errors warn; nothing after the image data is read),
/// so it accepts and refuses what `png_image_finish_read` does, except that the image
/// data must end where the picture does (see `cpng_stream_outcome`). On failure the
/// reason is in `message` (`cpng_message_size` bytes).
static inline cpng_stream_outcome cpng_stream_rgb8(
    const char *path, png_uint_32 expected_width, png_uint_32 expected_height, cpng_row_callback callback,
    void *context, char *message) {
    message[0] = 0;
    cpng_stream_state state = {
        .file = NULL, .height = expected_height, .after_rows_budget = cpng_after_rows_budget,
        .stream_ended = 0, .outcome = cpng_stream_failed, .message = message};
    state.file = fopen(path, "rb");
    if (!state.file) {
        cpng_stream_set_message(&state, "cannot open the file again to read its rows");
        return cpng_stream_failed;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, cpng_stream_error, cpng_stream_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_read_struct(&png, NULL, NULL);
        fclose(state.file);
        cpng_stream_set_message(&state, "libpng could not allocate its reader");
        return cpng_stream_failed;
    }
    png_bytep volatile row = NULL;
    if (setjmp(png_jmpbuf(png))) {
        if (row) png_free(png, row);
        png_destroy_read_struct(&png, &info, NULL);
        fclose(state.file);
        return state.outcome;
    }
    png_set_read_fn(png, &state, cpng_stream_read_data);
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
        // The last row's call also checks that the image data ends there.
        png_read_row(png, row, NULL);
        if (!callback(context, row, y)) {
            state.outcome = cpng_stream_stopped;
            png_error(png, "stopped by the caller");
        }
    }
    // No png_read_end: like the simplified API, what follows the image data (metadata
    // after IDAT, IEND's CRC) does not decide; the inspector already required an IEND chunk.
    png_free(png, row);
    row = NULL;
    png_destroy_read_struct(&png, &info, NULL);
    fclose(state.file);
    return cpng_stream_read;
}
#endif
