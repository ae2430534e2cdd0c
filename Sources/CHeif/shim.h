#ifndef CHEIF_SHIM_H
#define CHEIF_SHIM_H
// libheif's API is plain functions and structs that Swift calls directly; nothing to wrap.
#include <libheif/heif.h>
// The decoder plugin table, for YCbCrPassThroughDecoder (wraps the real decoder so the
// picture keeps its YCbCr planes; libheif 1.15 would convert it to RGB).
#include <libheif/heif_plugin.h>
#endif
