#!/bin/sh
# Badge counter benchmark: builds the benchmark in release mode and runs it, printing a Markdown
# table (naive read-modify-write vs ClipKit's BadgeCounter, 1 and 8 processes, lost increments)
# and keeping a copy under bench/results/.
#
#   bench/badge-counter.sh [--increments N] [--durable-increments N] [--runs N]
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product badge-counter-benchmark >&2
mkdir -p bench/results
.build/release/badge-counter-benchmark "$@" | tee "bench/results/badge-counter-$(date +%Y%m%d-%H%M%S).md"
