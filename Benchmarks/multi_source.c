// LD_PRELOAD shim for benchmarks (not part of the server): binds every IPv4 socket that
// connects to a loopback address to a source address 127.0.0.2, 127.0.0.3, ... in turn
// (SOURCE_ADDRESSES of them, default 16) before connecting, so that a load generator such
// as wrk, which cannot choose its source address, looks like that many clients. The
// server limits connections per client address (128 by default), so 10,000 connections
// from one address would be trimmed to that share by design.
//
// Build: cc -O2 -shared -fPIC -o multi_source.so Benchmarks/multi_source.c -ldl
// Use:   SOURCE_ADDRESSES=100 LD_PRELOAD=./multi_source.so wrk -c 10000 ...
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/socket.h>

static atomic_uint next_source;

int connect(int fd, const struct sockaddr *address, socklen_t length) {
    static int (*real_connect)(int, const struct sockaddr *, socklen_t);
    if (real_connect == NULL) real_connect = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "connect");
    if (address != NULL && address->sa_family == AF_INET &&
        (ntohl(((const struct sockaddr_in *)address)->sin_addr.s_addr) >> 24) == 127) {
        const char *text = getenv("SOURCE_ADDRESSES");
        unsigned count = text != NULL ? (unsigned)atoi(text) : 16;
        if (count > 0 && count < 250) {
            struct sockaddr_in local = {0};
            local.sin_family = AF_INET;
            local.sin_addr.s_addr = htonl(0x7f000002u + atomic_fetch_add(&next_source, 1) % count);
            (void)bind(fd, (const struct sockaddr *)&local, sizeof local);
        }
    }
    return real_connect(fd, address, length);
}
