#ifndef CEXIF_SHIM_H
#define CEXIF_SHIM_H
#include <stddef.h>
#include <libexif/exif-data.h>
#include <libexif/exif-loader.h>
#include <libexif/exif-utils.h>

/// `exif_data_get_entry` is a function-like macro and `ExifData.ifd` a C array
/// (a tuple in Swift); this reads one entry without either.
static inline ExifEntry *_Nullable cexif_entry(ExifData *_Nonnull data, ExifIfd ifd, ExifTag tag) {
    if (ifd < 0 || ifd >= EXIF_IFD_COUNT || data->ifd[ifd] == NULL) { return NULL; }
    return exif_content_get_entry(data->ifd[ifd], tag);
}
#endif
