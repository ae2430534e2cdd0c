#ifndef CHEIF_SHIM_H
#define CHEIF_SHIM_H
// libheif's API is plain functions and structs that Swift calls directly; nothing to wrap.
#include <libheif/heif.h>
#endif
