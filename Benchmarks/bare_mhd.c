// A bare libmicrohttpd server for benchmarks (not part of the server): configured as
// GrainStories configures libmicrohttpd 0.9.75 (epoll, one worker thread per core, a
// 32 KiB connection pool) and answering every GET with one file and the headers
// GrainStories sends with a page: from memory when the file is at most 32 KiB (as
// GrainStories sends small pages), else from a descriptor opened per answer, which MHD
// sends with sendfile (as GrainStories sends photos and large pages). No access log.
// What it costs per answer is the floor of any server built on this libmicrohttpd
// (Benchmarks/mhd-floor.sh).
//
// Build: cc -O2 -o bare_mhd Benchmarks/bare_mhd.c -lmicrohttpd
// Use:   ./bare_mhd PORT FILE      (runs until SIGTERM or SIGINT)
#include <fcntl.h>
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *path;
static char *body;
static size_t size;

static const char *const header_names[] = {
    "Content-Type", "Cache-Control", "Content-Security-Policy", "X-Content-Type-Options",
    "Referrer-Policy", "X-Frame-Options", "Cross-Origin-Opener-Policy", "Permissions-Policy",
};
static const char *const header_values[] = {
    "text/html; charset=utf-8",
    "no-cache",
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'",
    "nosniff",
    "same-origin",
    "DENY",
    "same-origin",
    "camera=(), microphone=(), geolocation=(), interest-cohort=()",
};

static enum MHD_Result answer(void *context, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload,
                              size_t *upload_size, void **state) {
    (void)context, (void)url, (void)method, (void)version, (void)upload, (void)upload_size;
    if (*state == NULL) {  // the head has arrived; answer on the next call, as MHD expects
        *state = (void *)1;
        return MHD_YES;
    }
    struct MHD_Response *response;
    if (size <= 32768) {
        response = MHD_create_response_from_buffer(size, body, MHD_RESPMEM_PERSISTENT);
    } else {
        int descriptor = open(path, O_RDONLY | O_CLOEXEC);
        response = descriptor < 0 ? NULL : MHD_create_response_from_fd64(size, descriptor);
    }
    if (response == NULL) return MHD_NO;
    for (size_t i = 0; i < sizeof header_names / sizeof *header_names; i++) {
        MHD_add_response_header(response, header_names[i], header_values[i]);
    }
    enum MHD_Result queued = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return queued;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: bare_mhd PORT FILE\n");
        return 2;
    }
    path = argv[2];
    int descriptor = open(path, O_RDONLY);
    struct stat status;
    if (descriptor < 0 || fstat(descriptor, &status) != 0) {
        perror(path);
        return 1;
    }
    size = (size_t)status.st_size;
    body = malloc(size > 0 ? size : 1);
    if (body == NULL || read(descriptor, body, size) != (ssize_t)size) {
        fprintf(stderr, "%s: cannot read it whole\n", path);
        return 1;
    }
    close(descriptor);
    unsigned int threads = (unsigned int)sysconf(_SC_NPROCESSORS_ONLN);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL, (uint16_t)atoi(argv[1]), NULL, NULL, answer, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, threads, MHD_OPTION_CONNECTION_LIMIT, 4000u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768, MHD_OPTION_CONNECTION_TIMEOUT, 65u, MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "libmicrohttpd could not start on port %s\n", argv[1]);
        return 1;
    }
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigprocmask(SIG_BLOCK, &signals, NULL);
    int received;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    return 0;
}
