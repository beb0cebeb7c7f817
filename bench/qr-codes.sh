#!/bin/sh
# QR codes made per second: ClipCodes (release build) against segno (PyPI, the reference encoder),
# on the same URLs, at the same level, in one run. Prints a Markdown table with the ratios and keeps
# a copy under bench/results/.
#
#   bench/qr-codes.sh [SECONDS] [LEVEL]      (default 5 seconds a side and level M)
#
# The URLs: the coffee shop's 40 table links, 40 store links, and 120 links of 60 to 900
# characters (query strings, signed-link-sized fragments), fixed by a seed, written to a file both
# sides read. Each side makes the symbol with its mask chosen (segno.make_qr with its defaults:
# the level raised when free, as ClipCodes does), then also a PNG file at 10 pixels a module.
set -eu
cd "$(dirname "$0")/.."
seconds="${1:-5}"
level="${2:-M}"
python="${CLIPKIT_VENV:-.venv}/bin/python"
[ -x "$python" ] || { echo "qr-codes: $python is missing; run scripts/setup" >&2; exit 2; }
swift build -c release --product qr-codes-bench >&2
mkdir -p bench/results
urls="$(mktemp)"
trap 'rm -f "$urls"' EXIT
"$python" - "$urls" <<'PY'
import random, string, sys
random.seed(28)
links = [f"https://brew.example/s/soho/t/{n}" for n in range(1, 41)]
links += [f"https://brew.example/s/{''.join(random.choices(string.ascii_lowercase, k=random.randint(3, 12)))}" for _ in range(40)]
alphabet = string.ascii_letters + string.digits + "-_"
for _ in range(120):
    length = random.randint(60, 900)
    link = "https://roadflare.app/share/d/npub1" + "".join(random.choices(string.ascii_lowercase + string.digits, k=58)) + "#"
    links.append(link + "".join(random.choices(alphabet, k=max(1, length - len(link)))))
open(sys.argv[1], "w").write("\n".join(links))
PY
ours="$(.build/release/qr-codes-bench "$urls" "$seconds" "$level")"
theirs="$("$python" bench/qr_codes_segno.py "$urls" "$seconds" "$level")"
"$python" - "$ours" "$theirs" "$level" "$seconds" <<'PY' | tee "bench/results/qr-codes-$(date +%Y%m%d-%H%M%S).md"
import json, os, sys
ours, theirs = json.loads(sys.argv[1]), json.loads(sys.argv[2])
print(f"QR codes a second, level {sys.argv[3]}, {ours['urls']} URLs, {sys.argv[4]} s a side, load average {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
print()
print("| what | ClipCodes | segno | ratio |")
print("|---|---:|---:|---:|")
for key, name in (("symbolsPerSecond", "symbol (mask chosen)"), ("pngPerSecond", "symbol + PNG, 10 px a module")):
    print(f"| {name} | {ours[key]:,.0f} | {theirs[key]:,.0f} | {ours[key] / theirs[key]:.1f}× |")
PY
