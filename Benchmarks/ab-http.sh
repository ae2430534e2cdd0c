#!/usr/bin/env bash
# shellcheck disable=SC2154  # NAME_PORT and NAME_PID come from bench_start_* (printf -v in Benchmarks/bench-common.sh)
# Two release binaries side by side (not a test): for each PATH, wrk loads the old and
# then the new server in turn, ROUNDS times, and each line gives req/s and the server's
# CPU per answer (`perf stat -e task-clock` on its process while wrk runs). On a machine
# that is not quiet, req/s moves by tens of percent from round to round; CPU per answer
# moves much less, so it is the figure to compare a change by.
#
# Both serve the stand-in AppView's 4 authors (BENCH_AUTHORS to change it) with the access log on (--log-level info),
# warmed by one request per PATH. Build the old binary first, for example:
#   git stash; scripts/build-release; cp .build/release/grain-stories /tmp/old; git stash pop
# Needs wrk, perf (Debian: linux-perf), curl, python3.
# Usage: Benchmarks/ab-http.sh OLD NEW [ROUNDS [SECONDS [PATH…]]]   (3, 6, /healthz /)
# A PATH of "media" is the first story photo's /media/ path.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1 new=$2
rounds="${3:-3}"
seconds="${4:-6}"
shift $(($# < 4 ? $# : 4))
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=(/healthz /)
[ "$seconds" -ge 3 ] || { echo "SECONDS must be at least 3" >&2; exit 1; }
# shellcheck source=bench-common.sh
. Benchmarks/bench-common.sh
trap bench_cleanup EXIT
BENCH_AUTHORS="${BENCH_AUTHORS:-4}" bench_start_standin
GRAIN_BIN=$old bench_start_grain old info
GRAIN_BIN=$new bench_start_grain new info
# "media" stands for the first story photo's /media/ path, which each server signs with
# its own key.
# shellcheck disable=SC2034  # read as ${SERVER}_media in url()
old_media="$(bench_media_path "http://127.0.0.1:$old_PORT")"
# shellcheck disable=SC2034  # read as ${SERVER}_media in url()
new_media="$(bench_media_path "http://127.0.0.1:$new_PORT")"
url() { # url SERVER PATH
    local port_var="${1}_PORT" media_var="${1}_media"
    if [ "$2" = media ]; then echo "http://127.0.0.1:${!port_var}${!media_var}"; else echo "http://127.0.0.1:${!port_var}$2"; fi
}
for path in "${paths[@]}"; do
    curl -sf -o /dev/null "$(url old "$path")"
    curl -sf -o /dev/null "$(url new "$path")"
done
echo "CPU: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; wrk -t2 -c64 -d${seconds}s"
for round in $(seq "$rounds"); do
    for path in "${paths[@]}"; do
        for server in old new; do
            pid_var="${server}_PID"
            wrk -t2 -c64 -d"${seconds}s" "$(url "$server" "$path")" >"$BENCH_TMP/wrk.txt" &
            wrk_pid=$!
            # CPU is counted over the middle of the run, away from its start and end.
            sleep 1
            perf stat -x, -e task-clock -p "${!pid_var}" -o "$BENCH_TMP/stat.txt" -- sleep "$((seconds - 2))" 2>/dev/null
            wait "$wrk_pid"
            rps="$(awk '/Requests\/sec/ {print $2}' "$BENCH_TMP/wrk.txt")"
            cpu_ms="$(awk -F, '/task-clock/ {print $1}' "$BENCH_TMP/stat.txt")"
            python3 -c "import sys; r, p, s, rps, ms, secs = sys.argv[1:]; print(f'round {r}  {p:<10} {s:<4} {float(rps):>10.0f} req/s  {float(ms) * 1000 / (float(rps) * float(secs)):6.2f} µs CPU/answer')" \
                "$round" "$path" "$server" "$rps" "$cpu_ms" "$((seconds - 2))"
        done
    done
done
