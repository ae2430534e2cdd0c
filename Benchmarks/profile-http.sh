#!/usr/bin/env bash
# Counts the instructions the release server spends per request (valgrind callgrind),
# a measure that, unlike requests/s, does not move with the load of a shared machine.
# The server runs against the stand-in AppView with a warm cache; instrumentation is on
# only while N keep-alive requests for PATH are sent, one at a time.
# Prints instructions per request and the functions that cost the most (exclusive).
# PATH "media" is one cached story photo; BENCH_AUTHORS=200 gives the strip 200 authors;
# LOG_LEVEL=info profiles with the access log on. Installs valgrind from Debian if missing.
# Needs valgrind, curl, python3. Usage: Benchmarks/profile-http.sh [PATH [N [GRAIN_BIN]]]
set -euo pipefail
cd "$(dirname "$0")/.."
path="${1:-/}"
count="${2:-2000}"
command -v valgrind >/dev/null || apt-get install -y valgrind >/dev/null
# shellcheck source=bench-common.sh
. Benchmarks/bench-common.sh
trap bench_cleanup EXIT
if [ -n "${3:-}" ]; then GRAIN_BIN=$3; else bench_build; fi
bench_start_standin
port="$(bench_free_port)"
mkdir -p "$BENCH_TMP/data"
valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$BENCH_TMP/callgrind.out" \
    "$GRAIN_BIN" serve --host 127.0.0.1 --port "$port" --appview-url "http://127.0.0.1:$STANDIN_PORT" \
    --insecure-hosts 127.0.0.1 --data-dir "$BENCH_TMP/data" --log-level "${LOG_LEVEL:-warning}" >"$BENCH_TMP/valgrind.log" 2>&1 &
server=$!
BENCH_PIDS+=("$server")
bench_wait_http "http://127.0.0.1:$port/healthz"
base="http://127.0.0.1:$port"
curl -s "$base/" | bench_fetch_linked "$base"
if [ "$path" = media ]; then
    curl -s "$base$STORY_PATH" | bench_fetch_linked "$base"
    path="$(bench_media_path "$base")"
fi
curl -s -o /dev/null "$base$path"
callgrind_control -i on "$server" >/dev/null
python3 - "$port" "$path" "$count" <<'PY'
import http.client, sys
port, path, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
connection = http.client.HTTPConnection("127.0.0.1", port)
for _ in range(count):
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    assert response.status == 200, response.status
PY
callgrind_control -i off "$server" >/dev/null
kill -TERM "$server"
wait "$server" || true
total="$(callgrind_annotate "$BENCH_TMP/callgrind.out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')"
echo "GET $path: $((total / count)) instructions per request ($count requests)"
cp "$BENCH_TMP/callgrind.out" "${CALLGRIND_OUT:-/dev/null}" 2>/dev/null || true
callgrind_annotate --inclusive=no "$BENCH_TMP/callgrind.out" 2>/dev/null | sed -n '/PROGRAM TOTALS/,$p' | sed -n '5,19p' | cut -c1-160
