#!/usr/bin/env bash
# The activity follower under load (issue 51): the whole server (real HTTP, SQLite, the
# Jetstream follower over a real WebSocket) follows the Jetstream stand-in while four
# clients load the home page; a generated stream is replayed at increasing rates, one
# event in ten a heart on a signed-in account's story (checked on its PDS, stored, pushed
# to the push stand-in), the rest hearts on strangers' stories. Prints, per rate: events
# per second kept up with, events still behind when sending stopped, resident memory,
# pages served per second meanwhile, and the delay from an event leaving the stand-in to
# its push message arriving (p50, p95). The benchmark itself is ActivityBenchmark in
# Tests/ActivityTests, which runs only when ACTIVITY_BENCH is set.
#
#   Benchmarks/activity-follower.sh                      release build (slow to build)
#   BUILD=debug Benchmarks/activity-follower.sh          the debug test build as it is
#   ACTIVITY_BENCH_RATES=500,2000 ACTIVITY_BENCH_SECONDS=10 Benchmarks/activity-follower.sh
set -euo pipefail
cd "$(dirname "$0")/.."
configuration="${BUILD:-release}"
if [ "$configuration" = release ]; then
    swift build -c release --build-tests -Xswiftc -enable-testing >/dev/null
    flags=(-c release -Xswiftc -enable-testing)
else
    swift build --build-tests >/dev/null
    flags=()
fi
echo "activity-follower: $(date -u +%Y-%m-%dT%H:%MZ), $configuration build, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | xargs), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
ACTIVITY_BENCH=1 swift test "${flags[@]}" --skip-build --no-parallel --filter ActivityBenchmark 2>&1 | grep "activity-bench:" | sed 's/^activity-bench: //' | column -t
