#!/usr/bin/env bash
# shellcheck disable=SC2154  # NAME_PORT and NAME_PID come from bench_start_* (printf -v in Benchmarks/bench-common.sh)
# How much of the gap to nginx on large answers is libmicrohttpd's send path (not a test,
# issue 26). The same release binary serves the cached story photo (a 1500 × 2000 JPEG of
# about 290 KB, sent with `sendfile` from its cache file) three times over, against three
# builds of libmicrohttpd, with the tuned nginx of scripts/bench-http beside them, in
# interleaved rounds:
#
#   debian    Debian's own libmicrohttpd12, as the server always runs
#   rebuilt   Debian's 0.9.75 source built here unchanged (so the next row differs from it
#             by the two lines below and nothing else)
#   patched   the same source with two lines changed: the head of a descriptor response is
#             sent with MSG_MORE, inside the same segments as the body, instead of being
#             pushed alone; and `sendfile` sends up to 2 MiB a call instead of 128 KiB
#
# Each server's system calls per answer are printed too. The patch is a measurement only:
# the server links Debian's library and nothing else, as the project's rules ask.
# The same send path is in libmicrohttpd's current upstream source (MHD_send_hdr_and_body_,
# MHD_send_sendfile_), so no newer release changes this either.
#
# Needs deb-src entries for Debian's archive (apt-get source), dpkg-dev, a C compiler and
# make, wrk, perf (Debian: linux-perf), nginx, curl, python3.
# Usage: Benchmarks/mhd-sendpath.sh [ROUNDS [SECONDS]]   (3, 8); BENCH_BINARY=path skips the build.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
seconds="${2:-8}"
[ "$seconds" -ge 4 ] || { echo "SECONDS must be at least 4" >&2; exit 1; }
# shellcheck source=bench-common.sh
. Benchmarks/bench-common.sh
trap bench_cleanup EXIT

src="$BENCH_TMP/src"
mkdir -p "$src"
version="$(dpkg-query -W -f '${Version}' libmicrohttpd12)"
(cd "$src" && apt-get source -qq "libmicrohttpd=$version" >"$BENCH_TMP/source.log" 2>&1) || {
    cat "$BENCH_TMP/source.log" >&2
    echo "apt-get source failed: add deb-src entries for Debian's archive and run apt-get update" >&2
    exit 1
}
source_tree="$(find "$src" -mindepth 1 -maxdepth 1 -type d -name 'libmicrohttpd-*' | head -1)"
cp -a "$source_tree" "$BENCH_TMP/patched-source"
(cd "$BENCH_TMP/patched-source" && patch -s -p1) <<'PATCH'
--- a/src/microhttpd/connection.c
+++ b/src/microhttpd/connection.c
@@ -3969,7 +3969,7 @@
                                       &connection->write_buffer
                                       [connection->write_buffer_send_offset],
                                       wb_ready,
-                                      false,
+                                      (MHD_resp_sender_sendfile == connection->resp_sender) && connection->rp_props.send_reply_body && (0 != resp->total_size),
                                       NULL,
                                       0,
                                       ((0 == resp->total_size) ||
--- a/src/microhttpd/mhd_send.c
+++ b/src/microhttpd/mhd_send.c
@@ -66,7 +66,7 @@
 /**
  * sendfile() chuck size
  */
-#define MHD_SENFILE_CHUNK_         (0x20000)
+#define MHD_SENFILE_CHUNK_         (0x200000)
 
 /**
  * sendfile() chuck size for thread-per-connection
PATCH
# build_mhd SOURCE NAME: configures and builds a copy of SOURCE in $BENCH_TMP/NAME (the
# copy keeps the timestamps, so make does not ask for autotools) and writes
# $BENCH_TMP/grain-NAME, which runs the server on that build's library.
build_mhd() {
    cp -a "$1" "$BENCH_TMP/$2"
    (cd "$BENCH_TMP/$2" && ./configure -q --disable-https --disable-doc --disable-examples >/dev/null && make -s -j"$(nproc)" >/dev/null 2>&1)
    cat >"$BENCH_TMP/grain-$2" <<WRAP
#!/bin/sh
LD_LIBRARY_PATH=$BENCH_TMP/$2/src/microhttpd/.libs exec $GRAIN_BIN "\$@"
WRAP
    chmod +x "$BENCH_TMP/grain-$2"
}
bench_build
build_mhd "$source_tree" rebuilt
build_mhd "$BENCH_TMP/patched-source" patched

BENCH_AUTHORS=4 bench_start_standin
bench_start_grain debian info
GRAIN_BIN="$BENCH_TMP/grain-rebuilt" bench_start_grain rebuilt info
GRAIN_BIN="$BENCH_TMP/grain-patched" bench_start_grain patched info
for build in rebuilt patched; do
    pid_var="${build}_PID"
    grep -q "$BENCH_TMP/$build/" "/proc/${!pid_var}/maps" || { echo "the $build server did not load its libmicrohttpd" >&2; exit 1; }
done
n="$BENCH_TMP/nginx"
mkdir -p "$n/html"
curl -s -D "$BENCH_TMP/grain-headers.txt" -o "$n/html/index.html" "http://127.0.0.1:$debian_PORT/"
declare -A urls=()
for server in debian rebuilt patched; do
    port_var="${server}_PORT"
    urls[$server]="http://127.0.0.1:${!port_var}$(bench_media_path "http://127.0.0.1:${!port_var}")"
done
curl -s -o "$n/html/photo.jpg" "${urls[debian]}"
for server in rebuilt patched; do
    cmp -s <(curl -s "${urls[$server]}") "$n/html/photo.jpg" || { echo "the $server server sends other bytes" >&2; exit 1; }
done
bench_start_nginx "$BENCH_TMP/grain-headers.txt"
urls[nginx]="http://127.0.0.1:$nginx_port/photo.jpg"
declare -A pids=([debian]=$debian_PID [rebuilt]=$rebuilt_PID [patched]=$patched_PID
    [nginx]="$(pgrep -d, -P "$(cat "$n/nginx.pid")" -f "nginx: worker process")")

echo "CPU: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; libmicrohttpd $version; photo $(stat -c %s "$n/html/photo.jpg") B"
echo "against $NGINX_TUNING"
echo "wrk -t2 -c64 -d${seconds}s, $rounds rounds"
declare -A results=()
events=task-clock,syscalls:sys_enter_sendto,syscalls:sys_enter_sendfile64,syscalls:sys_enter_setsockopt,syscalls:sys_enter_epoll_wait
for round in $(seq "$rounds"); do
    for server in debian rebuilt patched nginx; do
        wrk -t2 -c64 -d"${seconds}s" "${urls[$server]}" >"$BENCH_TMP/wrk.txt" &
        wrk_pid=$!
        sleep 1
        perf stat -x, -e "$events" -p "${pids[$server]}" -o "$BENCH_TMP/stat.txt" -- sleep "$((seconds - 2))" 2>/dev/null
        wait "$wrk_pid"
        rps="$(awk '/Requests\/sec/ {print $2}' "$BENCH_TMP/wrk.txt")"
        results[$server]+="$rps "
        python3 - "$round" "$server" "$rps" "$((seconds - 2))" "$BENCH_TMP/stat.txt" <<'PY'
import sys
round_, server, rps, secs, stat = sys.argv[1:]
answers = float(rps) * float(secs)
counts = {}
for line in open(stat):
    fields = line.strip().split(",")
    if len(fields) > 2 and fields[0] and fields[0][0].isdigit():
        counts[fields[2].replace("syscalls:sys_enter_", "")] = float(fields[0])
per = " ".join(f"{name} {counts.get(name, 0) / answers:.2f}" for name in ("sendto", "sendfile64", "setsockopt", "epoll_wait"))
print(f"round {round_}  {server:<8} {float(rps):>9.0f} req/s  {counts['task-clock'] * 1000 / answers:6.1f} µs CPU/answer  per answer: {per}")
PY
    done
done
nginx_median="$(bench_median <<<"${results[nginx]}")"
for server in debian rebuilt patched nginx; do
    median="$(bench_median <<<"${results[$server]}")"
    python3 -c "import sys; s, m, n = sys.argv[1:]; print(f'median {s:<8} {float(m):>9.0f} req/s  ratio to nginx {float(m) / float(n):.2f}')" \
        "$server" "$median" "$nginx_median"
done
