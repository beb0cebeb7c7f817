#!/usr/bin/env bash
# Outbox lookup: the time to the first verified profile when it sits only on the author's write
# relay, `clipkit profile` (ClipNostr's outbox model) beside nostr-sdk's gossip routing, in one run,
# against two real relays behind a delay proxy. Release build.
# Prints a Markdown table of medians with ratios for BENCHMARKS.md.
#
# Usage: bench/outbox-fetch.sh [--runs N] [--latency MS] [--timeout SECONDS]   (defaults 7, 40, 5)
# Needs the Python environment (scripts/setup): nostr-relay and nostr-sdk.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${CLIPKIT_VENV:-$root/.venv}"
[ -x "$venv/bin/python" ] || { echo "outbox-fetch: no Python environment at $venv; run scripts/setup" >&2; exit 2; }
swift build --package-path "$root/Tooling" -c release --product clipkit >&2
binary="$(swift build --package-path "$root/Tooling" -c release --show-bin-path)/clipkit"
"$venv/bin/python" "$root/bench/OutboxFetch/run.py" --clipkit "$binary" "$@"
