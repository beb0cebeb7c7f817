#!/usr/bin/env bash
# Verifications per second: ClipNostr's EventVerifier against raw libsecp256k1, release build,
# one process, interleaved rounds. Prints Markdown tables for BENCHMARKS.md:
#   1. rates per thread CPU second (the machine may be shared; CPU time leaves out waiting);
#   2. the pure-Swift verifier (SwiftSignatureVerifier) against raw libsecp256k1 in the same run,
#      and its generator table per window: build time, size, verification rate;
#   3. when valgrind is installed, instructions per verification counted by callgrind, which do
#      not depend on what else runs (setup counted by a run that verifies nothing is subtracted),
#      for both backends.
#
# Usage: bench/nostr-verify.sh [EVENTS-PER-WORKLOAD [ROUNDS]]   (defaults 2000 and 7)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
swift build --package-path "$root" -c release --product nostr-verify-bench >&2
binary="$(swift build --package-path "$root" -c release --show-bin-path)/nostr-verify-bench"
"$binary" "$@"

if ! command -v valgrind >/dev/null; then
    echo ""
    echo "(valgrind is not installed: no instruction counts)"
    exit 0
fi

# valgrind cannot read the debug information Swift emits; a stripped copy runs the same code.
stripped="$(mktemp)"
trap 'rm -f "$stripped"' EXIT
strip -o "$stripped" "$binary"
count=200
instructions() {  # PATH WORKLOAD
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$stripped" --once "$1" "$2" "$count" 2>&1 \
        | awk '/Collected/ { print $4 }'
}
echo ""
echo "Instructions per verification (callgrind, $count events, setup subtracted):"
echo ""
echo "| workload | raw libsecp256k1 | ClipNostr signature only | ClipNostr id + signature | raw ÷ ClipNostr | raw SHA-256 + verify | (raw SHA-256 + verify) ÷ ClipNostr | ClipNostr decode JSON + id + signature |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
names=("kind-0 profile (~330 B content)" "kind-1 note, 4 KiB content, 3 tags" "kind-1 note, 64 KiB content")
for workload in 0 1 2; do
    setup=$(instructions none "$workload")
    per() { echo $(( ($(instructions "$1" "$workload") - setup) / count )); }
    raw=$(per raw); signature=$(per signature-only); full=$(per clipnostr); hashed=$(per raw-hashed); decoded=$(per decode-clipnostr)
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f×", a / b }'; }
    echo "| ${names[$workload]} | $raw | $signature | $full | $(ratio "$raw" "$full") | $hashed | $(ratio "$hashed" "$full") | $decoded |"
done

# The pure-Swift verifier: its setup (the generator table, built on the first verification) is
# counted by a run that only builds the table, and reported on its own.
none=$(instructions none 0)
table=$(instructions swift-table-only 0)
raw=$(( ($(instructions raw 0) - none) / count ))
swift=$(( ($(instructions swift-raw 0) - table) / count ))
echo ""
echo "Pure-Swift verifier, instructions per verification (callgrind, $count kind-0 events, setup subtracted):"
echo ""
echo "| raw libsecp256k1 | SwiftSignatureVerifier | Swift ÷ libsecp256k1 | generator table build (once) |"
echo "|---:|---:|---:|---:|"
echo "| $raw | $swift | $(awk -v a="$swift" -v b="$raw" 'BEGIN { printf "%.2f×", a / b }') | $(( table - none )) |"
echo ""
echo "Under valgrind the CPU's SHA extensions are not offered, so BoringSSL hashes in software here: the hashing share is larger than on the real CPU."
