#!/usr/bin/env bash
# Profile-fetch latency: `clipkit profile` (ClipNostr) beside nostr-sdk's fetch_events, against
# three real relays behind a delay proxy (20 ms, 300 ms, never answering). Release build.
# Prints a Markdown table of medians for BENCHMARKS.md.
#
# Usage: bench/profile-fetch.sh [--runs N] [--timeout SECONDS]   (defaults 7 and 5)
# Needs the Python environment (scripts/setup): nostr-relay and nostr-sdk.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${CLIPKIT_VENV:-$root/.venv}"
[ -x "$venv/bin/python" ] || { echo "profile-fetch: no Python environment at $venv; run scripts/setup" >&2; exit 2; }
swift build --package-path "$root/Tooling" -c release --product clipkit >&2
binary="$(swift build --package-path "$root/Tooling" -c release --show-bin-path)/clipkit"
"$venv/bin/python" "$root/bench/ProfileFetch/run.py" --clipkit "$binary" "$@"
