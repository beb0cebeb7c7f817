#!/usr/bin/env bash
# What ClipNotifications adds to a notification service extension, in file size and in memory.
#
# Builds two probes with -Osize, strips them, runs each once and compares:
#   size-probe-baseline       Foundation only (reads a URL and some JSON, prints a name)
#   size-probe-notifications  Bluesky's extension job on ClipNotifications: parse a chat-message
#                             payload, load the preferences from an App Group folder, apply
#                             ReasonPolicy.bluesky, bump the shared badge count
# and prints, for each, the stripped file size and, on Linux, the resident and private dirty memory
# after the job (a notification service extension is killed when its dirty memory passes the
# system's limit; clean file-backed pages do not count). Same two build modes as nostr-size.sh:
#   kept       the compiler's default: every public definition of each linked module is kept
#   stripped   -internalize-at-link and -function-sections: only what the job reaches
#
# Usage: bench/notification-size.sh     (from anywhere; builds under .build-size*/ in the repo)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
payload="$root/Examples/bluesky/payloads/chat-message.json"
preferences="$root/Examples/bluesky/payloads/chat-preferences.json"
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }

measure() {  # measure MODE SCRATCH [swiftc flags...]
    local mode="$1" scratch="$2"; shift 2
    local mode_flags=("$@")
    local out="$scratch/notification-probes"
    mkdir -p "$out"
    local bin
    bin="$(swift build --package-path "$root" --scratch-path "$scratch" -c release --show-bin-path)"
    for product in size-probe-baseline size-probe-notifications; do
        swift build --package-path "$root" --scratch-path "$scratch" -c release --product "$product" \
            -Xswiftc -Osize "${mode_flags[@]}" >&2
        strip -o "$out/$product.stripped" "$bin/$product"
    done

    # Seven runs, each in a fresh container; the medians of the memory figures are shown.
    local result memory run container
    : > "$out/notifications.memory"
    for run in 1 2 3 4 5 6 7; do
        container="$(mktemp -d)"
        cp "$preferences" "$container/ClipNotificationPreferences.json"
        result="$("$out/size-probe-notifications.stripped" "$container" < "$payload" 2>> "$out/notifications.memory")"
        rm -rf "$container"
        if [[ "$result" != "sound: dm.aiff, "* ]]; then
            echo "notification-size: the probe did not process the chat message: $result" >&2
            exit 1
        fi
    done
    median() {  # median FIELD: the median of FIELD's kB figures in the memory lines
        grep -o "$1: [0-9]*" "$out/notifications.memory" | awk '{ print $2 }' | sort -n \
            | awk '{ value[NR] = $1 } END { print value[int((NR + 1) / 2)] }'
    }
    memory="Rss $(median Rss) kB, Private_Dirty $(median Private_Dirty) kB (medians of 7 runs)"

    local baseline notifications
    baseline=$(stat -c %s "$out/size-probe-baseline.stripped")
    notifications=$(stat -c %s "$out/size-probe-notifications.stripped")
    echo "## $mode"
    echo ""
    echo "| stripped -Osize executable | bytes | size |"
    echo "|---|---:|---:|"
    echo "| baseline (Foundation only) | $baseline | $(kib "$baseline") |"
    echo "| notification extension job on ClipNotifications | $notifications | $(kib "$notifications") |"
    echo "| **what ClipNotifications adds** | $((notifications - baseline)) | **$(kib $((notifications - baseline)))** |"
    echo ""
    echo "memory after the job (notification probe, Linux): $memory"
    echo ""
}

measure "kept: every public symbol kept (compiler default)" "$root/.build-size"
measure "stripped: only what the job reaches (-internalize-at-link, -function-sections, --gc-sections)" \
    "$root/.build-size-stripped" \
    -Xswiftc -Xfrontend -Xswiftc -internalize-at-link -Xswiftc -Xfrontend -Xswiftc -function-sections
