#!/usr/bin/env bash
# shellcheck disable=SC2154  # NAME_PORT and NAME_PID come from bench_start_* (printf -v in Benchmarks/bench-common.sh)
# What libmicrohttpd itself costs per answer (not a test): the release server, a bare
# libmicrohttpd server (Benchmarks/bare_mhd.c, configured as GrainStories configures it:
# epoll, one worker thread per core, a 32 KiB pool, the same headers) and the tuned nginx
# of scripts/bench-http serve the same bytes, in interleaved rounds. For each answer and
# server it prints req/s, the CPU per answer of the server's processes (`perf stat -e
# task-clock`, over the middle of the run), how that CPU splits between user and kernel,
# the system calls and the context switches per answer. The bare server writes no access log; nginx and
# GrainStories write one line per answer.
#
# The gap between the bare server and nginx is what no change to GrainStories' own code
# can close while it serves through libmicrohttpd 0.9.75; the gap between GrainStories
# and the bare server is what its own code adds (issue 26).
# Needs wrk, perf (Debian: linux-perf), a C compiler, libmicrohttpd-dev, nginx, curl, python3.
# Usage: Benchmarks/mhd-floor.sh [ROUNDS [SECONDS]]   (2, 8); BENCH_BINARY=path skips the build.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-2}"
seconds="${2:-8}"
[ "$seconds" -ge 4 ] || { echo "SECONDS must be at least 4" >&2; exit 1; }
# shellcheck source=bench-common.sh
. Benchmarks/bench-common.sh
trap bench_cleanup EXIT
bench_build
cc -O2 -o "$BENCH_TMP/bare_mhd" Benchmarks/bare_mhd.c -lmicrohttpd

BENCH_AUTHORS=200 bench_start_standin
bench_start_grain many info
BENCH_AUTHORS=4 bench_start_standin
bench_start_grain info info

n="$BENCH_TMP/nginx"
mkdir -p "$n/html"
curl -s -D "$BENCH_TMP/grain-headers.txt" -o "$n/html/index.html" "http://127.0.0.1:$info_PORT/"
curl -s -o "$n/html/page200.html" "http://127.0.0.1:$many_PORT/"
media_path="$(bench_media_path "http://127.0.0.1:$info_PORT")"
curl -s -o "$n/html/photo.jpg" "http://127.0.0.1:$info_PORT$media_path"
curl -s -o "$n/html/healthz.json" "http://127.0.0.1:$info_PORT/healthz"
bench_start_nginx "$BENCH_TMP/grain-headers.txt"

# One bare server per file, each on its own port.
declare -A bare_port=() bare_pid=()
for file in index.html page200.html photo.jpg healthz.json; do
    port="$(bench_free_port)"
    "$BENCH_TMP/bare_mhd" "$port" "$n/html/$file" >"$BENCH_TMP/bare-$file.out" 2>&1 &
    BENCH_PIDS+=($!)
    bare_pid[$file]=$!
    bare_port[$file]=$port
    bench_wait_http "http://127.0.0.1:$port/"
    cmp -s <(curl -s "http://127.0.0.1:$port/") "$n/html/$file" || { echo "the bare server serves other bytes for $file" >&2; exit 1; }
done
nginx_pids="$(pgrep -d, -f "nginx: worker process")"

g="http://127.0.0.1"
answers=("home index.html $g:$info_PORT/ $info_PID"
    "home200 page200.html $g:$many_PORT/ $many_PID"
    "media photo.jpg $g:$info_PORT$media_path $info_PID"
    "healthz healthz.json $g:$info_PORT/healthz $info_PID")
events="task-clock,raw_syscalls:sys_enter,context-switches"
# User and kernel clock ticks of the processes in PIDS (comma separated), from /proc.
ticks() { local pid; for pid in ${1//,/ }; do awk '{print $14, $15}' "/proc/$pid/stat"; done | awk '{u += $1; s += $2} END {print u, s}'; }
echo "commit $(git rev-parse --short HEAD); CPU: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; load before: $(bench_load)"
echo "against $NGINX_TUNING; wrk -t2 -c64 -d${seconds}s, $rounds rounds"
printf '%-6s %-8s %-7s %10s %12s %8s %8s %10s %10s\n' round answer server "req/s" "µs CPU/ans" "user %" "kernel %" "syscalls/ans" "switches/ans"
for round in $(seq "$rounds"); do
    for answer in "${answers[@]}"; do
        read -r name file grain_url grain_pid <<<"$answer"
        for server in grain bare nginx; do
            case $server in
            grain) url=$grain_url pids=$grain_pid ;;
            bare) url="$g:${bare_port[$file]}/" pids=${bare_pid[$file]} ;;
            nginx) url="$g:$nginx_port/$file" pids=$nginx_pids ;;
            esac
            wrk -t2 -c64 -d"${seconds}s" "$url" >"$BENCH_TMP/wrk.txt" &
            wrk_pid=$!
            sleep 1
            before="$(ticks "$pids")"
            perf stat -x, -e "$events" -p "$pids" -o "$BENCH_TMP/stat.txt" -- sleep "$((seconds - 2))" 2>/dev/null
            after="$(ticks "$pids")"
            wait "$wrk_pid"
            # shellcheck disable=SC2086  # $before and $after each split into their user and system ticks
            python3 - "$round" "$name" "$server" "$((seconds - 2))" "$BENCH_TMP/wrk.txt" "$BENCH_TMP/stat.txt" $before $after "$BENCH_TMP/rows.txt" <<'PY'
import re, sys
round_, name, server, secs, wrk, stat, u0, s0, u1, s1, _ = sys.argv[1:]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", open(wrk).read()).group(1))
counts = {}
for line in open(stat):
    fields = line.strip().split(",")
    if len(fields) > 2 and fields[0] not in ("", "<not counted>", "<not supported>"):
        counts[fields[2]] = float(fields[0])
answers = rps * float(secs)
cpu_ms = counts["task-clock"]
user, system = int(u1) - int(u0), int(s1) - int(s0)
share = (lambda part: 100 * part / (user + system)) if user + system else (lambda part: float("nan"))
row = (f"{round_:<6} {name:<8} {server:<7} {rps:10.0f} {cpu_ms * 1000 / answers:12.1f} {share(user):8.0f} {share(system):8.0f}"
       f" {counts['raw_syscalls:sys_enter'] / answers:10.2f} {counts['context-switches'] / answers:10.3f}")
print(row)
print(row, file=open(sys.argv[-1], "a"))
PY
        done
    done
done

# Medians over the rounds, and each server's req/s as a fraction of nginx's.
python3 - "$BENCH_TMP/rows.txt" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
answers = list(dict.fromkeys(row[1] for row in rows))
print()
print(f"{'answer':<8} {'server':<7} {'median req/s':>12} {'× nginx':>8} {'median µs CPU/ans':>18}")
for answer in answers:
    medians = {}
    for server in ("grain", "bare", "nginx"):
        mine = [row for row in rows if row[1] == answer and row[2] == server]
        medians[server] = (statistics.median(float(row[3]) for row in mine), statistics.median(float(row[4]) for row in mine))
    for server, (rps, cpu) in medians.items():
        print(f"{answer:<8} {server:<7} {rps:12.0f} {rps / medians['nginx'][0]:8.2f} {cpu:18.1f}")
PY
