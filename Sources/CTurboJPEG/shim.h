#ifndef CTURBOJPEG_SHIM_H
#define CTURBOJPEG_SHIM_H
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <turbojpeg.h>
// libjpeg's own API (the same libjpeg-turbo), for what TurboJPEG cannot do: decode from a
// file descriptor as the bytes are read, handing over rows as they are made.
#include <jpeglib.h>
#include <jerror.h>

/// libjpeg reports errors by calling `error_exit`, which must not return; the only way out
/// is longjmp, which must never cross a Swift frame. So `ctj_decode_rows` below keeps
/// setjmp and every libjpeg call inside one C function: when libjpeg fails, it jumps back
/// into that function, never into Swift (the row callback has returned by then).

/// How many bytes the file source reads at a time: all of the file that is ever held.
enum { ctj_chunk_size = 64 * 1024, ctj_message_size = JMSG_LENGTH_MAX, ctj_most_scans = 500 };

/// Receives output row `y` (`width × components` bytes); returns 0 to stop decoding.
typedef int (*ctj_row_callback)(void *context, const unsigned char *row, unsigned int y);

/// What one decode asks for. Exactly one of `descriptor` (≥ 0: read from offset 0 with
/// pread, `ctj_chunk_size` bytes at a time) and `bytes`/`size` (already in memory) is the input.
typedef struct {
    int descriptor;
    const unsigned char *bytes;
    unsigned long size;
    /// The DCT scale `scale_num / scale_denom` (one of libjpeg-turbo's n/8) and the size it
    /// must give (from the inspected header); anything else means the input changed.
    unsigned int scale_num, scale_denom, expected_width, expected_height;
    /// 1: CMYK out (for CMYK and YCCK files); 0: RGB out (grey expanded).
    int cmyk;
    /// Warning codes (`J_MESSAGE_CODE`) that do not damage pixels; any other warning stops
    /// the decode as an error, because libjpeg reports damage (a truncated file, a bad
    /// Huffman code) only as a warning and fills the rest grey.
    const int *harmless_warnings;
    int harmless_warning_count;
} ctj_decode_request;

/// What one decode reports back.
typedef struct {
    /// The error, or the warning that stopped the decode, in libjpeg's words.
    char message[ctj_message_size];
    /// 1 when a damaging warning stopped the decode (its code in `warning_code`).
    int stopped_on_warning;
    int warning_code;
    /// The file source's reads: how many, and the most bytes one returned (the most of the
    /// file held at once). Zero for input in memory.
    unsigned long reads, largest_read, bytes_read;
} ctj_decode_report;

struct ctj_error_manager {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    const ctj_decode_request *request;
    ctj_decode_report *report;
};

struct ctj_file_source {
    struct jpeg_source_mgr pub;
    int descriptor;
    off_t offset;
    JOCTET *buffer;
    ctj_decode_report *report;
};

static void ctj_error_exit(j_common_ptr info) {
    struct ctj_error_manager *error = (struct ctj_error_manager *)info->err;
    (*info->err->format_message)(info, error->report->message);
    longjmp(error->jump, 1);
}

/// Warnings (level -1) pass only when listed harmless; trace messages are ignored.
static void ctj_emit_message(j_common_ptr info, int level) {
    struct ctj_error_manager *error = (struct ctj_error_manager *)info->err;
    if (level >= 0) return;
    info->err->num_warnings++;
    int code = info->err->msg_code;
    for (int i = 0; i < error->request->harmless_warning_count; i++) {
        if (error->request->harmless_warnings[i] == code) return;
    }
    (*info->err->format_message)(info, error->report->message);
    error->report->stopped_on_warning = 1;
    error->report->warning_code = code;
    longjmp(error->jump, 1);
}

static void ctj_output_message(j_common_ptr info) { (void)info; }

/// TurboJPEG's `TJFLAG_LIMITSCANS`: a progressive file of thousands of tiny scans costs
/// time out of all proportion to its size.
static void ctj_progress(j_common_ptr info) {
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number > ctj_most_scans) {
        struct ctj_error_manager *error = (struct ctj_error_manager *)info->err;
        snprintf(error->report->message, ctj_message_size, "Progressive JPEG image has more than %d scans", ctj_most_scans);
        longjmp(error->jump, 1);
    }
}

static void ctj_init_source(j_decompress_ptr info) { (void)info; }
static void ctj_term_source(j_decompress_ptr info) { (void)info; }

/// Reads the next chunk with pread; at the end of the file inserts an EOI after libjpeg's
/// "premature end" warning, as libjpeg's own sources do.
static boolean ctj_fill_input_buffer(j_decompress_ptr info) {
    struct ctj_file_source *source = (struct ctj_file_source *)info->src;
    ssize_t count;
    do {
        count = pread(source->descriptor, source->buffer, ctj_chunk_size, source->offset);
    } while (count < 0 && errno == EINTR);
    if (count < 0) {
        struct ctj_error_manager *error = (struct ctj_error_manager *)info->err;
        snprintf(error->report->message, ctj_message_size, "reading the file failed: %s", strerror(errno));
        longjmp(error->jump, 1);
    }
    if (count == 0) {
        WARNMS(info, JWRN_JPEG_EOF);
        source->buffer[0] = (JOCTET)0xFF;
        source->buffer[1] = (JOCTET)JPEG_EOI;
        count = 2;
    } else {
        source->offset += count;
        source->report->reads++;
        source->report->bytes_read += (unsigned long)count;
        if ((unsigned long)count > source->report->largest_read) source->report->largest_read = (unsigned long)count;
    }
    source->pub.next_input_byte = source->buffer;
    source->pub.bytes_in_buffer = (size_t)count;
    return TRUE;
}

/// Skips a segment libjpeg does not keep (an APPn it has no use for) without reading it.
static void ctj_skip_input_data(j_decompress_ptr info, long count) {
    struct ctj_file_source *source = (struct ctj_file_source *)info->src;
    if (count <= 0) return;
    if ((size_t)count <= source->pub.bytes_in_buffer) {
        source->pub.next_input_byte += count;
        source->pub.bytes_in_buffer -= (size_t)count;
        return;
    }
    source->offset += (off_t)(count - (long)source->pub.bytes_in_buffer);
    source->pub.bytes_in_buffer = 0;
}

/// Decodes `request`'s JPEG at its DCT scale (libjpeg's accurate integer IDCT and smooth
/// upsampling, as `tjDecompress2` with `TJFLAG_ACCURATEDCT` does) and hands each output row to
/// `callback`, holding only libjpeg's own buffers, one row group and, for a file, one
/// chunk of it. Returns 0 on success, 1 when the callback stopped it, -1 on an error or a
/// damaging warning (with `report->message`).
static inline int ctj_decode_rows(
    const ctj_decode_request *request, ctj_row_callback callback, void *context, ctj_decode_report *report) {
    memset(report, 0, sizeof(*report));
    struct jpeg_decompress_struct info;
    struct ctj_error_manager error;
    struct jpeg_progress_mgr progress;
    memset(&info, 0, sizeof(info));
    memset(&progress, 0, sizeof(progress));
    info.err = jpeg_std_error(&error.pub);
    error.pub.error_exit = ctj_error_exit;
    error.pub.emit_message = ctj_emit_message;
    error.pub.output_message = ctj_output_message;
    error.request = request;
    error.report = report;
    volatile int created = 0;
    volatile int result = 0;
    if (setjmp(error.jump)) {
        result = -1;
        goto done;
    }
    jpeg_create_decompress(&info);
    created = 1;
    progress.progress_monitor = ctj_progress;
    info.progress = &progress;
    if (request->descriptor >= 0) {
        struct ctj_file_source *source = (struct ctj_file_source *)(*info.mem->alloc_small)(
            (j_common_ptr)&info, JPOOL_PERMANENT, sizeof(struct ctj_file_source));
        source->buffer = (JOCTET *)(*info.mem->alloc_large)((j_common_ptr)&info, JPOOL_PERMANENT, ctj_chunk_size);
        source->descriptor = request->descriptor;
        source->offset = 0;
        source->report = report;
        source->pub.init_source = ctj_init_source;
        source->pub.fill_input_buffer = ctj_fill_input_buffer;
        source->pub.skip_input_data = ctj_skip_input_data;
        source->pub.resync_to_restart = jpeg_resync_to_restart;
        source->pub.term_source = ctj_term_source;
        source->pub.bytes_in_buffer = 0;
        source->pub.next_input_byte = NULL;
        info.src = &source->pub;
    } else {
        jpeg_mem_src(&info, request->bytes, request->size);
    }
    jpeg_read_header(&info, TRUE);
    info.out_color_space = request->cmyk ? JCS_CMYK : JCS_EXT_RGB;
    info.dct_method = JDCT_ISLOW;
    info.scale_num = request->scale_num;
    info.scale_denom = request->scale_denom;
    jpeg_calc_output_dimensions(&info);
    if (info.output_width != request->expected_width || info.output_height != request->expected_height) {
        snprintf(report->message, ctj_message_size, "the file changed since it was inspected");
        result = -1;
        goto done;
    }
    jpeg_start_decompress(&info);
    JSAMPARRAY rows = (*info.mem->alloc_sarray)(
        (j_common_ptr)&info, JPOOL_IMAGE, info.output_width * (JDIMENSION)info.output_components,
        (JDIMENSION)info.rec_outbuf_height);
    while (info.output_scanline < info.output_height) {
        JDIMENSION first = info.output_scanline;
        JDIMENSION count = jpeg_read_scanlines(&info, rows, (JDIMENSION)info.rec_outbuf_height);
        for (JDIMENSION i = 0; i < count; i++) {
            if (!callback(context, rows[i], first + i)) {
                result = 1;
                goto done;
            }
        }
    }
    jpeg_finish_decompress(&info);
done:
    if (created) jpeg_destroy_decompress(&info);
    return result;
}
#endif
