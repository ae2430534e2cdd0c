# shellcheck shell=bash disable=SC2034  # sourced: the variables set here are read by the scripts that source it
# Shared set-up for scripts/bench-http and scripts/bench-viewer (sourced, not run).
#
# bench_start_standin      builds photo-like JPEGs and starts Benchmarks/standin_appview.py
#                          (with BENCH_AUTHORS authors in its strip when that is set)
# bench_start_grain NAME LEVEL [SERVE OPTIONS...]
#                          starts `grain-stories serve` on a free port against the stand-in,
#                          logging to $BENCH_TMP/NAME.log, and warms it (/, its assets, its
#                          images and one story page with its images); further arguments
#                          are added to the serve command line; NAME_PID is its pid
# bench_media_path BASE    the /media/ path of the first story photo on the story page
# Every process started is recorded and killed by bench_cleanup, which the scripts trap on
# EXIT. Needs curl and python3; ImageMagick (/usr/bin/convert) for the photo, else the tiny
# test JPEG is used.

BENCH_TMP="$(mktemp -d /tmp/grainstories-bench.XXXXXX)"
BENCH_PIDS=()
MAYA="did:plc:hbrpoigf3cbfnobm2o4rak3v"
STORY_PATH="/profile/$MAYA/story/3muojebufwseb"

bench_cleanup() {
    local pid
    for pid in "${BENCH_PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${BENCH_PIDS[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$BENCH_TMP"
}

bench_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Polls URL until it answers 200, for at most 30 s.
bench_wait_http() {
    local url=$1
    for _ in $(seq 300); do
        if [ "$(curl -s -o /dev/null -w '%{http_code}' "$url" || true)" = 200 ]; then return 0; fi
        sleep 0.1
    done
    echo "no answer from $url" >&2
    return 1
}

# Builds the release binary, or uses BENCH_BINARY when set (an already built
# grain-stories, e.g. a copy kept while the tree is rebuilt).
bench_build() {
    if [ -n "${BENCH_BINARY:-}" ]; then
        GRAIN_BIN="$BENCH_BINARY"
        return 0
    fi
    GRAIN_BIN="$(./scripts/build-release 2>"$BENCH_TMP/build.log" | tail -1)" || {
        cat "$BENCH_TMP/build.log" >&2
        return 1
    }
}

# A photo-like JPEG (plasma fractal with a fixed seed over a gradient, quality 85),
# always the same bytes: bench_photo WIDTH HEIGHT FILE.
bench_photo() {
    if [ -x /usr/bin/convert ]; then
        /usr/bin/convert -size "$1x$2" -seed 7 plasma:fractal -blur 0x1.2 \
            \( -size "$1x$2" gradient:'rgb(40,40,40)-rgb(220,200,180)' \) -compose overlay -composite \
            -sampling-factor 2x2 -quality 85 "$3"
    else
        cp Tests/TestKit/Fixtures/tiny-24x32.jpg "$3"
    fi
}

bench_start_standin() {
    local photo="$BENCH_TMP/photo.jpg" avatar="$BENCH_TMP/avatar.jpg"
    # Story photos at 1500 × 2000 (Grain's fullsize images are at most 2000 px), avatars
    # at 1000 × 1000 (the size Bluesky's avatar CDN serves).
    bench_photo 1500 2000 "$photo"
    bench_photo 1000 1000 "$avatar"
    : >"$BENCH_TMP/standin.out"
    python3 Benchmarks/standin_appview.py --image "$photo" --avatar "$avatar" --authors "${BENCH_AUTHORS:-4}" \
        >"$BENCH_TMP/standin.out" 2>"$BENCH_TMP/standin.err" &
    BENCH_PIDS+=($!)
    for _ in $(seq 100); do
        STANDIN_PORT="$(awk '/^listening on/ {print $3}' "$BENCH_TMP/standin.out")"
        [ -n "$STANDIN_PORT" ] && break
        sleep 0.1
    done
    [ -n "$STANDIN_PORT" ] || { cat "$BENCH_TMP/standin.err" >&2; return 1; }
    PHOTO_BYTES="$(stat -c %s "$photo")"
    AVATAR_BYTES="$(stat -c %s "$avatar")"
}

# Fetches every /media/ and /assets/ URL in the HTML on standard input from BASE, those in
# a srcset included (a URL ends at a quote, a space or a comma).
bench_fetch_linked() {
    local base=$1 url
    grep -oE '(/media|/assets)/[^" ,]+' | sed 's/&amp;/\&/g' | sort -u | while read -r url; do
        curl -s -o /dev/null "$base$url"
    done
}

# bench_start_grain NAME LEVEL [SERVE OPTIONS...]: sets GRAIN_PORT (and records NAME_PORT
# and NAME_PID) once it is warm: its home page, a story page and what they link fetched
# once. With BENCH_COLD set it is not warmed (an empty media cache).
bench_start_grain() {
    local name=$1 level=$2 port
    port="$(bench_free_port)"
    mkdir -p "$BENCH_TMP/$name-data"
    "$GRAIN_BIN" serve --host 127.0.0.1 --port "$port" --appview-url "http://127.0.0.1:$STANDIN_PORT" \
        --insecure-hosts 127.0.0.1 --data-dir "$BENCH_TMP/$name-data" --log-level "$level" "${@:3}" \
        >"$BENCH_TMP/$name.log" 2>&1 &
    BENCH_PIDS+=($!)
    printf -v "${name}_PID" '%s' "$!"
    bench_wait_http "http://127.0.0.1:$port/healthz"
    local base="http://127.0.0.1:$port"
    if [ -z "${BENCH_COLD:-}" ]; then
        curl -s "$base/" | bench_fetch_linked "$base"
        curl -s "$base$STORY_PATH" | bench_fetch_linked "$base"
    fi
    GRAIN_PORT=$port
    printf -v "${name}_PORT" '%s' "$port"
}

bench_media_path() {
    curl -s "$1$STORY_PATH" | grep -oE 'elementtiming="story-photo" src="/media/[^"]+' | sed 's/.*src="//; s/&amp;/\&/g' | head -1
}

bench_load() {
    awk '{print $1, $2, $3}' /proc/loadavg
}

# bench_start_nginx HEADERS_FILE: serves $BENCH_TMP/nginx/html/index.html with nginx on a
# free port (sets nginx_port), adding the page headers the server sent (saved by curl -D
# in HEADERS_FILE) so both answer alike; one worker per core, access log to a file.
#
# nginx is tuned as a production site would tune it (issue 26), not left at its defaults,
# whose keepalive_requests of 1,000 makes every wrk connection reconnect after 1,000
# answers: sendfile on; tcp_nopush on; open_file_cache max=64 inactive=60s;
# open_file_cache_valid 60s; keepalive_requests 10000000; keepalive_timeout 65. Its
# connection and file limits (NGINX_CONNECTIONS, default 1024) are raised for the
# thousands-of-connections runs. NGINX_TUNING describes this for the scripts' output.
NGINX_TUNING="tuned nginx (sendfile on, tcp_nopush on, open_file_cache max=64 inactive=60s valid 60s, keepalive_requests 10000000, keepalive_timeout 65, $(nproc) workers)"
bench_start_nginx() {
    local headers_file=$1 workers headers line name value n
    nginx_port="$(bench_free_port)"
    workers="$(nproc)"
    headers=""
    while IFS= read -r line; do
        line="${line%$'\r'}"
        name="${line%%:*}"
        value="${line#*: }"
        case "${name,,}" in
        content-security-policy | x-content-type-options | referrer-policy | x-frame-options | \
            cross-origin-opener-policy | permissions-policy | cache-control)
            headers+="        add_header $name \"$value\" always;"$'\n' ;;
        esac
    done <"$headers_file"
    n="$BENCH_TMP/nginx"
    cat >"$n/nginx.conf" <<CONF
daemon off;
worker_processes $workers;
worker_rlimit_nofile $(( (${NGINX_CONNECTIONS:-1024} * 2 + 64) < $(ulimit -Hn) ? (${NGINX_CONNECTIONS:-1024} * 2 + 64) : $(ulimit -Hn) ));
pid $n/nginx.pid;
error_log $n/error.log warn;
events { worker_connections ${NGINX_CONNECTIONS:-1024}; }
http {
    access_log $n/access.log;
    sendfile on;
    tcp_nopush on;
    open_file_cache max=64 inactive=60s;
    open_file_cache_valid 60s;
    keepalive_requests 10000000;
    keepalive_timeout 65;
    client_body_temp_path $n/body;
    proxy_temp_path $n/proxy;
    fastcgi_temp_path $n/fastcgi;
    uwsgi_temp_path $n/uwsgi;
    scgi_temp_path $n/scgi;
    types { text/html html; image/jpeg jpg; application/json json; }
    charset utf-8;
    server {
        listen 127.0.0.1:$nginx_port;
        root $n/html;
        index index.html;
$headers    }
}
CONF
    chmod -R a+rX "$BENCH_TMP"  # when started as root, nginx's workers run as nobody
    nginx -c "$n/nginx.conf" -p "$n" &
    BENCH_PIDS+=($!)
    bench_wait_http "http://127.0.0.1:$nginx_port/"
}

# The median of the numbers on standard input (space or newline separated).
bench_median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
