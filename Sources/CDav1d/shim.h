#ifndef CDAV1D_SHIM_H
#define CDAV1D_SHIM_H
// dav1d itself, which libheif links anyway: Dav1dStillDecoder (HEIFDecoding) opens it
// single-threaded (libheif's own dav1d plugin takes dav1d's defaults: a thread per core and
// frame threading, whose whole-frame coefficient buffers cost tens of MB on a 12 MP still).
// Its API is plain functions and structs that Swift calls directly; nothing to wrap.
#include <dav1d/dav1d.h>
#endif
