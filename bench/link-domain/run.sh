#!/usr/bin/env bash
# Link-domain server benchmark: `clipkit serve` (release build) against nginx serving the
# `clipkit site build` output of the same manifest, loaded by wrk with the same threads,
# connections and duration, on loopback only. Prints a table with requests per second,
# p99 latency and the ratio clipkit / nginx.
#
# Usage: bench/link-domain/run.sh
# Environment: DURATION (seconds per run, default 5), ROUNDS (default 3), CONNECTIONS (default 64),
#              THREADS (default 2),
#              MANIFEST, TEMPLATES, DOMAIN, SHARE_PATH, SKIP_BUILD=1 (reuse the release build).
# Needs: Debian's nginx-light and wrk.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
duration="${DURATION:-5}"
rounds="${ROUNDS:-3}"
connections="${CONNECTIONS:-64}"
threads="${THREADS:-2}"
manifest="${MANIFEST:-$root/Examples/bluesky/clipkit.json}"
templates="${TEMPLATES:-$root/Examples/bluesky/site}"
domain="${DOMAIN:-bsky.app}"
share_path="${SHARE_PATH:-/start/alice.bsky.social/3kabc}"
aasa_path="/.well-known/apple-app-site-association"

for tool in nginx wrk curl; do
    command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || { echo "missing $tool: apt-get install nginx-light wrk curl" >&2; exit 2; }
done
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    (cd "$root/Tooling" && swift build -c release --product clipkit >&2)
fi
clipkit="$root/Tooling/.build/release/clipkit"

run="$(mktemp -d)"
chmod 755 "$run"  # nginx workers run as an unprivileged user and must read the site
nginx_pid=""
clipkit_pid=""
cleanup() {
    [ -n "$clipkit_pid" ] && kill -TERM "$clipkit_pid" 2>/dev/null && wait "$clipkit_pid" 2>/dev/null || true
    [ -n "$nginx_pid" ] && kill -QUIT "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
    rm -rf "$run"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
wait_for() { for _ in $(seq 1 200); do curl -s -o /dev/null "$1" && return 0; sleep 0.05; done; echo "server at $1 did not start" >&2; exit 1; }

"$clipkit" site build --manifest "$manifest" --templates "$templates" --domain "$domain" --out "$run/site" >/dev/null

nginx_port="$(free_port)"
sed -e "s|@RUN@|$run|g" -e "s|@PORT@|$nginx_port|g" -e "s|@SITE@|$run/site|g" \
    "$root/bench/link-domain/nginx.conf.template" > "$run/nginx.conf"
"$nginx_bin" -c "$run/nginx.conf" -p "$run" &
nginx_pid=$!

clipkit_port="$(free_port)"
"$clipkit" serve --manifest "$manifest" --templates "$templates" --port "$clipkit_port" --log-level warning > "$run/clipkit.out" 2> "$run/clipkit.err" &
clipkit_pid=$!

wait_for "http://127.0.0.1:$nginx_port$aasa_path"
wait_for "http://127.0.0.1:$clipkit_port$aasa_path"

# Both answer the AASA as application/json, and the share URL with a page (nginx: 404.html,
# rendered in the browser; clipkit: the share page rendered on the server, then cached).
for port in "$nginx_port" "$clipkit_port"; do
    type="$(curl -s -o /dev/null -w '%{content_type}' -H "Host: $domain" "http://127.0.0.1:$port$aasa_path")"
    [ "$type" = "application/json" ] || { echo "port $port served the AASA as '$type'" >&2; exit 1; }
    curl -s -o /dev/null -H "Host: $domain" "http://127.0.0.1:$port$share_path"
done

measure() { # url → "requests/s p99 bytes status"
    local url="$1" output rps p99 unit bytes status
    output="$(wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -H "Host: $domain" "$url")"
    rps="$(awk '/^Requests\/sec:/ {print $2}' <<<"$output")"
    p99="$(awk '$1 == "99%" {print $2}' <<<"$output")"
    bytes="$(curl -s -o /dev/null -w '%{size_download}' -H "Host: $domain" "$url")"
    status="$(curl -s -o /dev/null -w '%{http_code}' -H "Host: $domain" "$url")"
    echo "$rps $p99 $bytes $status"
}

to_ms() { # wrk latency such as 512.00us, 1.20ms, 1.01s → milliseconds
    awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n = n; else if (v ~ /s$/) n *= 1000; printf "%.2f", n }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "Link-domain server: clipkit serve vs nginx $("$nginx_bin" -v 2>&1 | sed 's|.*/||'), wrk -t$threads -c$connections -d${duration}s, $rounds rounds (order alternating), loopback, $(nproc) cores shared with wrk" >&2
declare -A rps_runs p99_runs bytes_of status_of
for round in $(seq 1 "$rounds"); do
    order="nginx clipkit"; [ $((round % 2)) -eq 0 ] && order="clipkit nginx"
    for name in aasa share; do
        path="$aasa_path"; [ "$name" = share ] && path="$share_path"
        for server in $order; do
            port="$nginx_port"; [ "$server" = clipkit ] && port="$clipkit_port"
            read -r rps p99 bytes status <<<"$(measure "http://127.0.0.1:$port$path")"
            rps_runs["$name-$server"]+="$rps "
            p99_runs["$name-$server"]+="$(to_ms "$p99") "
            bytes_of["$name-$server"]="$bytes"
            status_of["$name-$server"]="$status"
            echo "round $round: $name $server $rps req/s, p99 $(to_ms "$p99") ms" >&2
        done
    done
done

printf '%-22s %-8s %7s %6s %14s %12s   %s\n' "request" "server" "status" "bytes" "requests/s" "p99 ms" "runs (requests/s)"
declare -A median_rps
for name in aasa share; do
    label="AASA"; [ "$name" = share ] && label="share page (cached)"
    for server in nginx clipkit; do
        key="$name-$server"
        median_rps["$key"]="$(tr ' ' '\n' <<<"${rps_runs[$key]}" | grep . | median)"
        p99="$(tr ' ' '\n' <<<"${p99_runs[$key]}" | grep . | median)"
        printf '%-22s %-8s %7s %6s %14s %12s   %s\n' "$label" "$server" "${status_of[$key]}" "${bytes_of[$key]}" "${median_rps[$key]}" "$p99" "${rps_runs[$key]}"
    done
done
echo "(medians over $rounds rounds)"
echo
for name in aasa share; do
    ratio="$(awk -v a="${median_rps[$name-clipkit]}" -v b="${median_rps[$name-nginx]}" 'BEGIN { printf "%.2f", a / b }')"
    target="1.00"; [ "$name" = share ] && target="0.70"
    verdict="$(awk -v r="$ratio" -v t="$target" 'BEGIN { print (r >= t) ? "meets" : "misses" }')"
    label="AASA"; [ "$name" = share ] && label="share page"
    echo "$label: clipkit / nginx = ${ratio}x (target >= ${target}x: $verdict)"
done
