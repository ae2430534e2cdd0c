#ifndef CWEBSOCKETS_SHIM_H
#define CWEBSOCKETS_SHIM_H

/*
 * libwebsockets 4.1 (Debian 12: libwebsockets-dev to build, libwebsockets17 at run time),
 * for the WebSockets wrapper target only: a WebSocket client (the Jetstream follower) and
 * the small loopback server the tests' Jetstream stand-in runs on. Only WebSockets
 * imports this module.
 */
#include <libwebsockets.h>

/// `LWS_PRE`, the headroom lws_write needs before a payload: a cast-and-modulo macro
/// Swift does not import.
static inline size_t cws_pre(void) {
    return LWS_PRE;
}

#endif
