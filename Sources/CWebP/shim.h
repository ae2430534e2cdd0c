#ifndef CWEBP_SHIM_H
#define CWEBP_SHIM_H
// libwebp's decode and demux APIs are plain functions, structs and static inline helpers
// (WebPGetFeatures, WebPDemuxPartial, WebPInitDecoderConfig) that Swift calls directly;
// nothing to wrap. mux_types.h brings WebPData and the feature flags.
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/mux_types.h>
#endif
