#ifndef CQRENCODE_SHIM_H
#define CQRENCODE_SHIM_H
// libqrencode's functions are plain C (no macros, no variadics) that Swift calls as they
// are: nothing to wrap.
#include <qrencode.h>
#endif
