#!/usr/bin/env bash
# Loads MicroHTTPServer with wrk (2 threads, 64 connections, 10 s) serving a 52-byte page,
# through the async path and the synchronous fast path, and nginx (2 workers) serving the
# same page as a static file for comparison when nginx is installed.
# Needs wrk and curl (apt-get install wrk curl; nginx optional). Usage: Benchmarks/http-wrk.sh [port]
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-8099}"
load() {
    for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$1/" && break; sleep 0.1; done
    wrk -t2 -c64 -d10s "http://127.0.0.1:$1/" | grep -E "Requests/sec|Latency|Non-2xx|errors" || true
}
swift build -c release --build-tests -Xswiftc -enable-testing >/dev/null
for mode in async immediate; do
    MICROHTTP_BENCH_PORT="$port" MICROHTTP_BENCH_SECONDS=14 MICROHTTP_BENCH_MODE="$mode" \
        swift test -c release --skip-build -Xswiftc -enable-testing --filter BenchmarkServer >/dev/null 2>&1 &
    server=$!
    echo "== MicroHTTPServer, $mode"
    load "$port"
    wait "$server"
done
if command -v nginx >/dev/null; then
    root=$(mktemp -d)
    mkdir -p "$root/html"
    printf '<!doctype html><title>hi</title><p>Hello, world</p>\n' >"$root/html/index.html"
    cat >"$root/nginx.conf" <<CONF
worker_processes 2;
pid $root/nginx.pid;
error_log $root/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $root/body;
    server { listen 127.0.0.1:$port; location / { root $root/html; } }
}
CONF
    chmod -R a+rX "$root"  # nginx workers started by root run as nobody
    nginx -c "$root/nginx.conf" -p "$root"
    echo "== nginx"
    load "$port"
    kill "$(cat "$root/nginx.pid")"
    rm -rf "$root"
fi
