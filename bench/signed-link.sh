#!/usr/bin/env bash
# Signed share links: how long they get (QR code versions, NFC tags), and the time from invocation
# to the first verified preview for a plain link and a signed one, with the relay at 20 ms, 300 ms
# and dead. Release build. Prints Markdown tables for BENCHMARKS.md.
#
# Usage: bench/signed-link.sh [--runs N] [--timeout SECONDS]   (defaults 15 and 5)
# Needs the Python environment (scripts/setup): nostr-relay and nostr-sdk.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${CLIPKIT_VENV:-$root/.venv}"
[ -x "$venv/bin/python" ] || { echo "signed-link: no Python environment at $venv; run scripts/setup" >&2; exit 2; }
swift build --package-path "$root/Tooling" -c release --product clipkit >&2
swift build --package-path "$root/Tooling" -c release --product signed-link-bench >&2
bin="$(swift build --package-path "$root/Tooling" -c release --show-bin-path)"
"$venv/bin/python" "$root/Tooling/Benchmarks/SignedLink/sizes.py" --clipkit "$bin/clipkit"
echo
"$venv/bin/python" "$root/Tooling/Benchmarks/SignedLink/run.py" --clipkit "$bin/clipkit" --bench "$bin/signed-link-bench" "$@"
