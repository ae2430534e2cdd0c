#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdarg.h>
#include <microhttpd.h>

// Typed wrappers for libmicrohttpd's variadic functions, which Swift cannot call.
// Each passes exactly the C type MHD reads with va_arg; a mismatch would compile
// silently and be undefined behaviour. Only MicroHTTPServer imports this module.

/// Signature of MHD_OPTION_URI_LOG_CALLBACK (MHD declares it inline, not as a typedef).
typedef void *_Nullable (*cmhd_uri_log_callback)(void *_Nullable cls,
                                                 const char *_Nullable uri,
                                                 struct MHD_Connection *_Nonnull connection);

/// Signature of MHD_OPTION_UNESCAPE_CALLBACK.
typedef size_t (*cmhd_unescape_callback)(void *_Nullable cls,
                                         struct MHD_Connection *_Nonnull connection,
                                         char *_Nonnull text);

/// Everything `cmhd_start_daemon` passes to MHD_start_daemon; a struct because Swift
/// cannot build a va_list, and so every option's C type is fixed in one place.
struct cmhd_daemon_settings {
    unsigned int flags;
    /// Told when a connection starts and closes. (No accept policy: connections are
    /// accepted and admitted by the server's own accept thread before MHD sees them.)
    MHD_NotifyConnectionCallback _Nonnull notify_connection;
    void *_Nullable notify_connection_cls;
    MHD_AccessHandlerCallback _Nonnull access_handler;
    void *_Nullable access_handler_cls;
    MHD_RequestCompletedCallback _Nonnull completed;
    void *_Nullable completed_cls;
    cmhd_uri_log_callback _Nonnull uri_log;
    void *_Nullable uri_log_cls;
    cmhd_unescape_callback _Nonnull unescape;
    MHD_LogCallback _Nonnull logger;
    void *_Nullable logger_cls;
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    unsigned int per_ip_connection_limit;
    unsigned int connection_timeout_seconds;
    size_t connection_memory_limit;
};

/// MHD_start_daemon with a fixed option list (the logger first, as MHD asks).
/// Returns NULL when MHD refuses the options or cannot bind.
static inline struct MHD_Daemon *_Nullable
cmhd_start_daemon(const struct cmhd_daemon_settings *_Nonnull s) {
    return MHD_start_daemon(
        s->flags, 0, NULL, NULL, s->access_handler, s->access_handler_cls,
        MHD_OPTION_EXTERNAL_LOGGER, s->logger, s->logger_cls,
        MHD_OPTION_NOTIFY_COMPLETED, s->completed, s->completed_cls,
        MHD_OPTION_NOTIFY_CONNECTION, s->notify_connection, s->notify_connection_cls,
        MHD_OPTION_URI_LOG_CALLBACK, s->uri_log, s->uri_log_cls,
        MHD_OPTION_UNESCAPE_CALLBACK, s->unescape, (void *)NULL,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)s->thread_pool_size,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned int)s->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned int)s->per_ip_connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)s->connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)s->connection_memory_limit,
        MHD_OPTION_END);
}

/// glibc's accept4 and eventfd, declared here because Swift's Glibc module leaves them
/// out (accept4 sits behind _GNU_SOURCE, eventfd's header is not in the module).
int accept4(int fd, struct sockaddr *_Nullable address, socklen_t *_Nullable length, int flags);
int eventfd(unsigned int initval, int flags);

/// Accepts one connection as a non-blocking, close-on-exec socket; -1 with errno.
static inline int cmhd_accept(int listener, struct sockaddr_storage *_Nonnull address, socklen_t *_Nonnull length) {
    *length = sizeof(*address);
    return accept4(listener, (struct sockaddr *)address, length, 04000 /* SOCK_NONBLOCK */ | 02000000 /* SOCK_CLOEXEC */);
}

/// A non-blocking, close-on-exec eventfd that wakes a thread blocked in poll; -1 with errno.
static inline int cmhd_wake_descriptor(void) {
    return eventfd(0, 04000 /* EFD_NONBLOCK */ | 02000000 /* EFD_CLOEXEC */);
}

/// The peer's socket address, or NULL when MHD does not know it.
static inline const struct sockaddr *_Nullable
cmhd_connection_client_address(struct MHD_Connection *_Nonnull connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/// The connection's socket, or -1; used only to answer an oversize chunked upload
/// while MHD is still in its body-reading state, where it cannot queue a response.
static inline int cmhd_connection_fd(struct MHD_Connection *_Nonnull connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The socket context set in the connection-started notification, or NULL.
static inline void *_Nullable cmhd_connection_socket_context(struct MHD_Connection *_Nonnull connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

#endif
