#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H
// glibc's malloc extensions (<malloc.h>, part of libc: nothing to link). Swift's Glibc
// module leaves this header out. Only `MallocTrimming` (`MallocTrim`) imports it.
#include <malloc.h>
#endif
