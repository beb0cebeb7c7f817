#!/usr/bin/env bash
# Relay work of `clipkit serve` under share-page requests for unknown npubs: a real nostr-relay on
# loopback behind a counting proxy (what the relay receives), `clipkit serve` (release build)
# with that relay as its only one, and load.py sending requests for distinct, fresh npubs.
# Two runs: every request from one client address, then spread over 64 loopback addresses.
# Checks that lookups reaching the relay (profile REQs; each lookup also opens a relay-list
# subscription) stay within what the configured token buckets allow (burst + rate x seconds), that
# no more than two subscriptions per lookup in flight (2 x --relay-subscriptions) are open at once,
# and that the server's peak RSS stays under RSS_LIMIT_MIB. Exits 1 when a bound is broken.
#
# Usage: bench/serve-relay-load/run.sh
# Environment: COUNT (requests per run, default 20000), CONCURRENCY (default 64),
#              TIME_LIMIT (seconds per run, default 120), RSS_LIMIT_MIB (default 64),
#              SKIP_BUILD=1 (reuse the release build), CLIPKIT (a clipkit binary to use instead;
#              implies SKIP_BUILD), CLIPKIT_VENV (default .venv).
# Needs: scripts/setup (nostr-relay in the virtual environment), curl.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
count="${COUNT:-20000}"
concurrency="${CONCURRENCY:-64}"
time_limit="${TIME_LIMIT:-120}"
rss_limit_mib="${RSS_LIMIT_MIB:-64}"
venv="${CLIPKIT_VENV:-$root/.venv}"
python="$venv/bin/python"
here="$root/bench/serve-relay-load"

# The knobs under test: clipkit serve's defaults, written out.
relay_subscriptions=16
client_burst=10
client_per_minute=12
overall_burst=50
overall_per_second=10

[ -x "$venv/bin/nostr-relay" ] || { echo "missing nostr-relay: run scripts/setup" >&2; exit 2; }
if [ -z "${CLIPKIT:-}" ] && [ "${SKIP_BUILD:-0}" != 1 ]; then
    (cd "$root/Tooling" && swift build -c release --product clipkit >&2)
fi
clipkit="${CLIPKIT:-$root/Tooling/.build/release/clipkit}"

run="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
    rm -rf "$run"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
wait_port() { for _ in $(seq 1 400); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.05; done; echo "nothing listens on $1" >&2; exit 1; }

relay_port="$(free_port)"
cat > "$run/relay.yaml" <<YAML
DEBUG: false
relay_name: clipkit bench relay
storage:
  sqlalchemy.url: sqlite+aiosqlite:///$run/relay.sqlite3
gunicorn:
  bind: 127.0.0.1:$relay_port
  workers: 1
  loglevel: warning
authentication:
  enabled: false
logging:
  version: 1
  root:
    level: WARNING
YAML
(cd "$run" && exec "$venv/bin/nostr-relay" -c "$run/relay.yaml" serve --use-uvicorn > "$run/relay.log" 2>&1) &
pids+=($!)
wait_port "$relay_port"

"$python" "$here/counting_relay_proxy.py" --upstream "$relay_port" > "$run/proxy.json" 2> "$run/proxy.err" &
pids+=($!)
for _ in $(seq 1 200); do [ -s "$run/proxy.json" ] && break; sleep 0.05; done
proxy_port="$("$python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["listen"])' "$run/proxy.json")"
stats_port="$("$python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["stats"])' "$run/proxy.json")"

run_load() { # clients → JSON line
    local clients="$1" port pid
    port="$(free_port)"
    "$clipkit" serve --manifest "$root/Examples/roadflare/clipkit.json" --relay "ws://127.0.0.1:$proxy_port" \
        --port "$port" --log-level warning \
        --relay-subscriptions "$relay_subscriptions" \
        --client-lookup-burst "$client_burst" --client-lookups-per-minute "$client_per_minute" \
        --lookup-burst "$overall_burst" --lookups-per-second "$overall_per_second" \
        > "$run/serve-$clients.out" 2> "$run/serve-$clients.err" &
    pid=$!
    pids+=("$pid")
    wait_port "$port"
    "$python" "$here/load.py" --url "http://127.0.0.1:$port" --stats-port "$stats_port" --pid "$pid" \
        --count "$count" --concurrency "$concurrency" --clients "$clients" --time-limit "$time_limit"
    kill -TERM "$pid"
    wait "$pid" 2>/dev/null || true
}

echo "clipkit serve under $count requests for distinct unknown npubs, one relay (nostr-relay) behind a counting proxy, concurrency $concurrency, loopback, $(nproc) cores" >&2
failed=0
printf '%-8s %9s %8s %10s %9s %12s %8s %14s %10s %10s %13s %10s\n' clients requests seconds "req/s" throttled connections lookups subscriptions "bound" "peak open" "peak RSS MiB" "start MiB"
for clients in 1 64; do
    result="$(run_load "$clients")"
    echo "$result" > "$run/result-$clients.json"
    read -r requests seconds rps throttled connections lookups subscriptions peak_open peak_rss start_rss errors <<<"$("$python" -c '
import json, sys
r = json.loads(sys.argv[1])
rss = r["rssKiB"]
print(r["requests"], r["seconds"], r["requestsPerSecond"], r["throttled"], r["relay"]["connections"], r["relay"]["lookups"], r["relay"]["subscriptions"],
      r["relay"]["peakSubscriptionsOpen"], round(max(rss["peakSampled"], rss["highWaterMark"] or 0) / 1024, 1),
      round(rss["start"] / 1024, 1), r["errors"])' "$result")"
    # What the buckets allow in the run's time (plus the 6 s drain): the overall bucket, and for
    # one client its own bucket.
    bound="$(awk -v s="$seconds" -v c="$clients" -v ob="$overall_burst" -v or="$overall_per_second" \
        -v cb="$client_burst" -v cm="$client_per_minute" 'BEGIN {
            t = s + 6; overall = ob + or * t; per = c * (cb + cm / 60 * t);
            printf "%d", (per < overall ? per : overall) }')"
    printf '%-8s %9s %8s %10s %9s %12s %8s %14s %10s %10s %13s %10s\n' "$clients" "$requests" "$seconds" "$rps" "$throttled" "$connections" "$lookups" "$subscriptions" "<= $bound" "$peak_open" "$peak_rss" "$start_rss"
    [ "$errors" -eq 0 ] || { echo "  $errors requests failed" >&2; failed=1; }
    [ "$lookups" -le "$bound" ] || { echo "  more lookups than the buckets allow" >&2; failed=1; }
    [ "$subscriptions" -le $((2 * bound)) ] || { echo "  more than two subscriptions per allowed lookup" >&2; failed=1; }
    [ "$peak_open" -le $((2 * relay_subscriptions)) ] || { echo "  more than $((2 * relay_subscriptions)) subscriptions open at once" >&2; failed=1; }
    awk -v p="$peak_rss" -v l="$rss_limit_mib" 'BEGIN { exit !(p <= l) }' || { echo "  peak RSS over $rss_limit_mib MiB" >&2; failed=1; }
done
echo "(bound: lookups the token buckets allow in the run's seconds plus the 6 s drain, two subscriptions each; peak open <= $((2 * relay_subscriptions)); peak RSS <= $rss_limit_mib MiB)"
exit "$failed"
