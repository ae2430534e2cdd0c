#!/usr/bin/env bash
# shellcheck disable=SC2154  # NAME_PORT and NAME_PID come from bench_start_* (printf -v in Benchmarks/bench-common.sh)
# Where the release server's CPU time goes while wrk loads one URL (perf, cycles, kernel
# included): the split between the kernel (sockets, epoll), libmicrohttpd, the C library
# (malloc, memset, memcpy), the Swift runtime (retain/release, allocation, task hops)
# and GrainStories' own code, then the hottest symbols. Complements profile-http.sh,
# whose instruction counts do not move with the machine's load but miss time spent in
# the kernel and count a `rep stosb` memset byte by byte.
#
# The server runs against the stand-in AppView (AUTHORS authors in its strip) with a warm
# cache and --log-level warning (LOG_LEVEL=info for the access log); PATH may be "media"
# for one cached story photo.
# Needs perf (Debian: linux-perf), wrk, curl, python3; run as root (kernel samples).
# Usage: Benchmarks/perf-http.sh [PATH [SECONDS [AUTHORS [GRAIN_BIN]]]]   (/, 10, 4)
set -euo pipefail
cd "$(dirname "$0")/.."
path="${1:-/}"
seconds="${2:-10}"
authors="${3:-4}"
if ! command -v perf >/dev/null; then
    apt-get install -y linux-perf >/dev/null
fi
# shellcheck source=bench-common.sh
. Benchmarks/bench-common.sh
trap bench_cleanup EXIT
if [ -n "${4:-}" ]; then GRAIN_BIN=$4; else bench_build; fi
BENCH_AUTHORS=$authors bench_start_standin
bench_start_grain profiled "${LOG_LEVEL:-warning}"
base="http://127.0.0.1:$profiled_PORT"
if [ "$path" = media ]; then path="$(bench_media_path "$base")"; fi
server_pid=$profiled_PID
wrk -t2 -c64 -d"$((seconds + 4))s" "$base$path" >"$BENCH_TMP/wrk.txt" &
wrk_pid=$!
sleep 2
perf record -q -F 999 -g -p "$server_pid" -o "$BENCH_TMP/perf.data" -- sleep "$seconds" 2>/dev/null
wait "$wrk_pid"
echo "GET $path ($authors authors): $(awk '/Requests\/sec/ {print $2}' "$BENCH_TMP/wrk.txt") req/s under perf; CPU: $(lscpu | sed -n 's/^Model name: *//p')"
perf report -i "$BENCH_TMP/perf.data" --no-children --sort dso,sym --stdio -g none 2>/dev/null |
    grep -E '^ +[0-9]' >"$BENCH_TMP/symbols.txt" || true
python3 - "$BENCH_TMP/symbols.txt" <<'PY'
import re, sys
groups = {}
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    match = re.match(r"\s*([\d.]+)%\s+(\S+)\s+\[(.)\]\s+(.*)", line)
    if not match:
        continue
    share, dso, kind, symbol = float(match.group(1)), match.group(2), match.group(3), match.group(4)
    if kind == "k" or dso.startswith("[kernel"):
        group = "kernel (TCP, epoll, sendfile, syscalls)"
    elif "microhttpd" in dso:
        group = "libmicrohttpd"
    elif dso.startswith("libc") or dso.startswith("ld-"):
        group = "C library (malloc/free, memset, memcpy, locks)"
    elif re.search(r"swift_|_swift|\$ss|^\$s[0-9]*Swift|swift::|Concurrency|_dispatch|objc", symbol) or "libswift" in dso or "dispatch" in dso:
        group = "Swift runtime and standard library (retain/release, tasks, String, Dictionary)"
    elif re.search(r"MicroHTTPServer", symbol):
        group = "MicroHTTPServer (request state, headers, response building)"
    elif re.search(r"HTMLTemplates", symbol):
        group = "HTMLTemplates (rendering)"
    else:
        group = "GrainStories and Foundation (routing, pages, log, other)"
    groups[group] = groups.get(group, 0) + share
print("share of the server's CPU samples:")
for group, share in sorted(groups.items(), key=lambda item: -item[1]):
    print(f"  {share:5.1f} %  {group}")
PY
echo "hottest symbols:"
head -25 "$BENCH_TMP/symbols.txt" | cut -c1-150
