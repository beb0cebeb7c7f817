#!/bin/sh
# QR codes made per second: ClipCodes (release build) against libqrencode (Debian's C library, the
# one most QR tools link) and segno (PyPI, the reference encoder, pure Python), on the same URLs,
# at the same level, interleaved round by round in one run so that a load that comes and goes
# falls on every side alike. Prints a Markdown table with the ratios and keeps a copy under
# bench/results/.
#
#   bench/qr-codes.sh [SECONDS] [LEVEL] [ROUNDS]     (default 2 seconds a side a round, level M, 5 rounds)
#
# The URLs: the coffee shop's 40 table links, 40 store links, and 120 links of 60 to 900
# characters (query strings, signed-link-sized fragments), fixed by a seed, written to a file every
# side reads. Every side makes the symbol in the smallest version with its mask chosen by penalty
# scoring. libqrencode keeps the level asked for; ClipCodes and segno raise it by default when that
# costs no size, so each is also measured at exactly the level asked for, and the ratio to
# libqrencode is taken there. libqrencode runs twice: the URL as one 8-bit segment
# (QRcode_encodeString8bit) and split into modes by libqrencode (QRcode_encodeString, the qrencode
# command's default). ClipCodes and segno also write a PNG file at 10 pixels a module.
#
# Needs: a C compiler, pkg-config and libqrencode-dev (installed here with apt-get when missing),
# and the Python environment of scripts/setup (segno).
set -eu
cd "$(dirname "$0")/.."
seconds="${1:-2}"
level="${2:-M}"
rounds="${3:-5}"
python="${CLIPKIT_VENV:-.venv}/bin/python"
[ -x "$python" ] || { echo "qr-codes: $python is missing; run scripts/setup" >&2; exit 2; }

# libqrencode from Debian, as scripts/setup installs system packages.
if ! pkg-config --exists libqrencode 2>/dev/null; then
    command -v apt-get >/dev/null 2>&1 || { echo "qr-codes: libqrencode is missing: install libqrencode-dev and pkg-config with your package manager" >&2; exit 2; }
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "qr-codes: installing libqrencode-dev needs root: run as root or install sudo" >&2; exit 2; }
        sudo="sudo"
    fi
    echo "==> apt-get install libqrencode-dev pkg-config" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libqrencode-dev pkg-config >/dev/null
fi

swift build -c release --product qr-codes-bench >&2
bin="$(swift build -c release --show-bin-path)"
driver="$bin/qrencode-driver"
# shellcheck disable=SC2046 # pkg-config prints several words on purpose
${CC:-cc} -O2 -o "$driver" bench/qrencode_driver.c $(pkg-config --cflags --libs libqrencode)
mkdir -p bench/results
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
urls="$work/urls"
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

# One line of JSON a side a round, in $work/<side>; the order of the sides turns every round.
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
round=1
while [ "$round" -le "$rounds" ]; do
    echo "==> round $round of $rounds" >&2
    for turn in 0 1 2 3; do
        case $(( (turn + round) % 4 )) in
            0) "$bin/qr-codes-bench" "$urls" "$seconds" "$level" symbols-exact-level symbols png >> "$work/clipcodes" ;;
            1) "$driver" "$urls" "$seconds" "$level" 8bit >> "$work/libqrencode-8bit" ;;
            2) "$driver" "$urls" "$seconds" "$level" auto >> "$work/libqrencode-auto" ;;
            3) "$python" bench/qr_codes_segno.py "$urls" "$seconds" "$level" symbols-exact-level symbols png >> "$work/segno" ;;
        esac
    done
    round=$((round + 1))
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

"$python" - "$work" "$level" "$seconds" "$rounds" "$load_before" "$load_after" <<'PY' | tee "bench/results/qr-codes-$(date +%Y%m%d-%H%M%S).md"
import json, os, statistics, sys
work, level, seconds, rounds, load_before, load_after = sys.argv[1:7]
def runs(side):
    return [json.loads(line) for line in open(os.path.join(work, side))]
ours, exact8, auto, segno = runs("clipcodes"), runs("libqrencode-8bit"), runs("libqrencode-auto"), runs("segno")
def median(side, key):
    return statistics.median(run[key] for run in side)
def ratio(mine, key, theirs, their_key):
    # The ratio of each round, both sides measured in that round; their median and range.
    each = sorted(a[key] / b[their_key] for a, b in zip(mine, theirs))
    return f"**{statistics.median(each):.2f}×** ({each[0]:.2f}–{each[-1]:.2f})"
print(f"QR codes a second, level {level}, {ours[0]['urls']} URLs, {rounds} rounds of {seconds} s a side "
      f"(segno: at least every URL once), interleaved; load average {load_before} before, {load_after} after ({os.cpu_count()} cores)")
print()
print("| symbol, mask chosen | codes/s (median) | ClipCodes ÷ this, median of rounds (range) |")
print("|---|---:|---:|")
print(f"| ClipCodes, level exactly {level} | {median(ours, 'symbols-exact-level'):,.0f} | |")
print(f"| ClipCodes, level raised when free (default) | {median(ours, 'symbols'):,.0f} | |")
print(f"| libqrencode, 8-bit segment, level exactly {level} | {median(exact8, 'symbols'):,.0f} | {ratio(ours, 'symbols-exact-level', exact8, 'symbols')} |")
print(f"| libqrencode, its own mode split, level exactly {level} | {median(auto, 'symbols'):,.0f} | {ratio(ours, 'symbols-exact-level', auto, 'symbols')} |")
print(f"| segno, level exactly {level} | {median(segno, 'symbols-exact-level'):,.0f} | {ratio(ours, 'symbols-exact-level', segno, 'symbols-exact-level')} |")
print(f"| segno, level raised when free (default) | {median(segno, 'symbols'):,.0f} | {ratio(ours, 'symbols', segno, 'symbols')} |")
print()
print(f"ClipCodes with its default (level raised when free) ÷ libqrencode 8-bit at exactly {level}: "
      f"{ratio(ours, 'symbols', exact8, 'symbols')}.")
print()
print("| symbol + PNG, 10 px a module, level raised when free | ClipCodes | segno | ratio |")
print("|---|---:|---:|---:|")
print(f"| codes/s (median) | {median(ours, 'png'):,.0f} | {median(segno, 'png'):,.0f} | {ratio(ours, 'png', segno, 'png')} |")
PY
