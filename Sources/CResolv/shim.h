#ifndef CRESOLV_SHIM_H
#define CRESOLV_SHIM_H
// glibc's stub resolver (libresolv, from libc6-dev): no pkg-config file, so the module
// map links it by name. Only `DNSResolver` imports this module.
#include <netinet/in.h>
#include <arpa/nameser.h>
#include <netdb.h>
#include <resolv.h>

/// `res_ninit` is a macro for `__res_ninit`, which Swift would only see by that
/// reserved name. Fills a zeroed per-call state from /etc/resolv.conf; 0 on success.
static inline int cresolv_ninit(res_state _Nonnull state) {
    return res_ninit(state);
}

/// `res_nclose` is a macro for `__res_nclose`: closes the state's sockets and frees what
/// `res_ninit` allocated. Call exactly once after a successful `cresolv_ninit`.
static inline void cresolv_nclose(res_state _Nonnull state) {
    res_nclose(state);
}
#endif
