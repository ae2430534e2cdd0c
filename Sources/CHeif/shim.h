#ifndef CHEIF_SHIM_H
#define CHEIF_SHIM_H
// libheif's API is plain functions and structs that Swift calls directly; nothing to wrap.
#include <libheif/heif.h>
// The decoder plugin table, for YCbCrPassThroughDecoder (wraps the real decoder so the
// picture keeps its YCbCr planes; libheif 1.15 would convert it to RGB).
#include <libheif/heif_plugin.h>
// dav1d itself, which libheif links anyway: Dav1dStillDecoder opens it single-threaded
// (libheif's own dav1d plugin takes dav1d's defaults: a thread per core and frame threading,
// whose whole-frame coefficient buffers cost tens of MB on a 12 MP still).
#include <dav1d/dav1d.h>
#endif
