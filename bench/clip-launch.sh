#!/usr/bin/env bash
# Launch work of a clip, from a cold process to its first screen's data: whole processes timed over
# many runs, against a Foundation-only process that parses the same URL and exits.
#
#   launch-probe-roadflare    the RoadFlare clip: the configuration the manifest plugin compiled from
#                             Examples/roadflare/clipkit.json, the runtime over an App Group folder
#                             (shared store, handoff store), the signed share link routed, the profile
#                             in its fragment decoded and verified with the pure-Swift BIP-340
#                             verifier, the install promotion decided with its memory in the App Group
#   launch-probe-coffee-shop  the coffee shop's clip: the same with Examples/coffee-shop/clipkit.json,
#                             through ClipKitUI's ClipSession, for a table link
#   launch-probe-baseline     Foundation only: parses the URL, prints a line, exits
#   launch-probe-baseline-networking
#                             the same, linking URLSession as ClipNostr does: on Linux that is
#                             FoundationNetworking, which loads libcurl and about 30 more libraries
#                             at start; on Apple platforms URLSession is part of Foundation, so the
#                             RoadFlare probe is also given against this one
#
# Built in release without libsecp256k1 (the package's default traits off), as a clip on iOS is
# built, under .build-launch/. The signed link comes from `clipkit link make` on
# Examples/roadflare/demo/sample-driver.json; before anything is timed, each probe's output is
# checked (the RoadFlare probe must print the verified driver's name), so no failure path is timed.
#
# Timing: hyperfine (no shell between it and the probe), in rounds that each run every probe in
# turn, so a change of the machine's load reaches all probes alike; minimum, median and p99 over
# all runs, from hyperfine's JSON. Peak memory: each probe's maximum resident set (getrusage of the
# child, ru_maxrss) and private dirty memory when it exits (the probe reads /proc/self/smaps_rollup
# when CLIP_LAUNCH_MEMORY is set), medians over runs. `uptime` before and after.
#
# Usage: bench/clip-launch.sh [--rounds N] [--runs-per-round N] [--memory-runs N] [--profile]
#   defaults 20 rounds of 25 runs (500 runs per probe) and 25 memory runs; --profile adds
#   callgrind's instruction counts for one run of each probe (the whole process, the dynamic
#   loader, main) and the 25 costliest functions each clip probe's main reaches.
# Needs hyperfine and python3 (and valgrind for --profile): apt-get install hyperfine valgrind
# (scripts/setup installs hyperfine). The clipkit command: $CLIPKIT, else `clipkit` on PATH, else
# the tooling's debug build (`swift build --package-path Tooling --product clipkit`).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
rounds=20
per_round=25
memory_runs=25
profile=false
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --runs-per-round) per_round="$2"; shift 2 ;;
        --memory-runs) memory_runs="$2"; shift 2 ;;
        --profile) profile=true; shift ;;
        *) echo "clip-launch: unknown argument $1 (see the usage at the top of $0)" >&2; exit 2 ;;
    esac
done

command -v hyperfine >/dev/null || { echo "clip-launch: hyperfine is missing: apt-get install hyperfine (or scripts/setup)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "clip-launch: python3 is missing" >&2; exit 2; }
if $profile; then
    command -v valgrind >/dev/null || { echo "clip-launch: --profile needs valgrind: apt-get install valgrind" >&2; exit 2; }
fi

# 1. The probes, as a clip is built: release, no libsecp256k1.
scratch="$root/.build-launch"
build=(swift build --package-path "$root" --scratch-path "$scratch" -c release --disable-default-traits)
for product in launch-probe-baseline launch-probe-baseline-networking launch-probe-roadflare launch-probe-coffee-shop; do
    "${build[@]}" --product "$product" >&2
done
bin="$("${build[@]}" --show-bin-path)"
if nm "$bin/launch-probe-roadflare" 2>/dev/null | grep -q ' secp256k1_'; then
    echo "clip-launch: the RoadFlare probe contains libsecp256k1 with the default traits off" >&2
    exit 1
fi

# 2. The links: the signed share link from the tooling, the coffee shop's table link.
if [ -n "${CLIPKIT:-}" ]; then
    clipkit="$CLIPKIT"
elif command -v clipkit >/dev/null; then
    clipkit="$(command -v clipkit)"
else
    swift build --package-path "$root/Tooling" --product clipkit >&2
    clipkit="$(swift build --package-path "$root/Tooling" --show-bin-path)/clipkit"
fi
echo "clipkit: $clipkit" >&2
signed_link="$("$clipkit" link make "$root/Examples/roadflare/demo/sample-driver.json" --manifest "$root/Examples/roadflare/clipkit.json")"
table_link="https://brew.example/s/soho/t/12"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/roadflare-group" "$work/coffee-shop-group"
roadflare=("$bin/launch-probe-roadflare" "$signed_link" "$work/roadflare-group")
coffee=("$bin/launch-probe-coffee-shop" "$table_link" "$work/coffee-shop-group")
baseline=("$bin/launch-probe-baseline" "$signed_link")
networking=("$bin/launch-probe-baseline-networking" "$signed_link")

# 3. Each probe does its whole job before anything is timed.
check() {  # check NAME PATTERN COMMAND...: runs COMMAND, requires PATTERN in its output
    local name="$1" pattern="$2"; shift 2
    local output
    output="$("$@")" || { echo "clip-launch: $name failed: $output" >&2; exit 1; }
    echo "  $name: $output" >&2
    grep -q -- "$pattern" <<< "$output" || { echo "clip-launch: $name did not print '$pattern'" >&2; exit 1; }
}
check roadflare "^driverShare: verified Maria Lopez; promotion: hold" "${roadflare[@]}"
check coffee-shop "^table: soho table 12; promotion: hold" "${coffee[@]}"
check baseline "^roadflare.app: npub1edvuw7sx35krakezgvkf40vf9pap3swtp5c3jfe5kl2fh5cgg29q0v85s8 fragment: " "${baseline[@]}"
check baseline-networking "^roadflare.app: npub1edvuw7sx35krakezgvkf40vf9pap3swtp5c3jfe5kl2fh5cgg29q0v85s8 fragment: " "${networking[@]}"
# A changed signature must be refused by the verifier, or the check above proves nothing: the
# fragment's characters 54 to 137 hold the signature (after the version, key, time and kind).
fragment="${signed_link#*#}"
replacement=A
[ "${fragment:80:1}" != A ] || replacement=B
tampered_link="${signed_link%%#*}#${fragment:0:80}$replacement${fragment:81}"
if "$bin/launch-probe-roadflare" "$tampered_link" "$work/roadflare-group" > "$work/tampered.txt" \
    || ! grep -q "signature does not verify" "$work/tampered.txt"; then
    echo "clip-launch: the RoadFlare probe did not refuse a changed signature: $(cat "$work/tampered.txt")" >&2
    exit 1
fi
echo "  roadflare, signature changed: $(cat "$work/tampered.txt")" >&2

quote() { printf '%q ' "$@"; }
# Freshly linked probes sit in the page cache as dirty pages, which smaps counts as the process's
# private dirty memory until they are written back.
sync
echo "load before: $(uptime)"
echo ""

# 4. Time: rounds of hyperfine, each running every probe in turn.
for round in $(seq 1 "$rounds"); do
    hyperfine --shell=none --warmup 3 --runs "$per_round" --style none --export-json "$work/round-$round.json" \
        -n baseline "$(quote "${baseline[@]}")" \
        -n baseline-networking "$(quote "${networking[@]}")" \
        -n roadflare "$(quote "${roadflare[@]}")" \
        -n coffee-shop "$(quote "${coffee[@]}")" > /dev/null
done

# 5. Peak memory of each probe, interleaved, and the tables.
python3 - "$work" "$memory_runs" "${baseline[*]@Q}" "${networking[*]@Q}" "${roadflare[*]@Q}" "${coffee[*]@Q}" <<'PY'
import glob, json, os, shlex, statistics, subprocess, sys

work, memory_runs = sys.argv[1], int(sys.argv[2])
commands = {name: shlex.split(argument) for name, argument in zip(("baseline", "baseline-networking", "roadflare", "coffee-shop"), sys.argv[3:])}

times = {name: [] for name in commands}
for path in sorted(glob.glob(os.path.join(work, "round-*.json"))):
    with open(path) as file:
        for result in json.load(file)["results"]:
            times[result["command"]] += [t * 1000 for t in result["times"]]

def p99(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]

peaks = {name: [] for name in commands}
dirty = {name: [] for name in commands}
environment = dict(os.environ, CLIP_LAUNCH_MEMORY="1")
def run(name, command, env):  # the child's stderr and its peak resident set in KiB (ru_maxrss)
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    report = child.stderr.read().decode()
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        sys.exit(f"clip-launch: {name} exited with status {status} while measuring memory")
    return report, usage.ru_maxrss

# The peak is taken from runs that do not read their own memory report, which touches more pages.
for _ in range(memory_runs):
    for name, command in commands.items():
        peaks[name].append(run(name, command, None)[1])
        report = run(name, command, environment)[0]
        fields = dict(part.split(": ") for part in report.strip().removeprefix("memory: ").split(", "))
        dirty[name].append(int(fields["Private_Dirty"].split()[0]))

stats = {}
for name in commands:
    values = times[name]
    stats[name] = (
        min(values), statistics.median(values), p99(values), statistics.median(peaks[name]), len(values),
        statistics.median(dirty[name]),
    )

print("| process (release, no libsecp256k1) | runs | minimum | median | p99 | peak RSS | private dirty at exit |")
print("|---|---:|---:|---:|---:|---:|---:|")
labels = {
    "baseline": "Foundation only: parse the URL, exit",
    "baseline-networking": "Foundation + URLSession (FoundationNetworking on Linux): parse the URL, exit",
    "roadflare": "RoadFlare clip: signed share link to a verified driver",
    "coffee-shop": "coffee shop clip: table link through ClipSession",
}
for name in commands:
    low, median, high, peak, count, private = stats[name]
    print(f"| {labels[name]} | {count} | {low:.2f} ms | {median:.2f} ms | {high:.2f} ms | {peak / 1024:.1f} MiB | {private / 1024:.2f} MiB |")
print()
print("| difference | minimum | median | p99 | peak RSS | private dirty | target (median ≤ 2 ms, p99 ≤ 5 ms, peak RSS ≤ 2 MiB) |")
print("|---|---:|---:|---:|---:|---:|---|")
rows = (
    ("RoadFlare clip − Foundation only", "roadflare", "baseline"),
    ("coffee shop clip − Foundation only", "coffee-shop", "baseline"),
    ("RoadFlare clip − Foundation + URLSession (without the Linux-only libcurl start-up)", "roadflare", "baseline-networking"),
    ("of which URLSession on Linux: Foundation + URLSession − Foundation only", "baseline-networking", "baseline"),
)
for label, name, against in rows:
    low, median, high, peak, _, private = stats[name]
    base = stats[against]
    deltas = (low - base[0], median - base[1], high - base[2], (peak - base[3]) / 1024, (private - base[5]) / 1024)
    met = deltas[1] <= 2 and deltas[2] <= 5 and deltas[3] <= 2
    verdict = ("met" if met else "not met") if name != "baseline-networking" else "—"
    print(f"| {label} | {deltas[0]:+.2f} ms | {deltas[1]:+.2f} ms | {deltas[2]:+.2f} ms | {deltas[3]:+.2f} MiB | {deltas[4]:+.2f} MiB | {verdict} |")
PY
echo ""
echo "load after: $(uptime)"

# 6. Where the time goes: instructions counted by callgrind, one run of each probe. Valgrind
# cannot read the compiler's debug information, so it runs copies without it (symbols kept).
if $profile; then
    echo ""
    echo "Instructions (callgrind, one run each): the whole process, the dynamic loader (ld.so's"
    echo "_dl_start: loading and relocating the libraries), and main (the probe's work and exit):"
    echo ""
    echo "| process | instructions | dynamic loader | main |"
    echo "|---|---:|---:|---:|"
    for name in baseline baseline-networking roadflare coffee-shop; do
        case "$name" in
            baseline) command=("${baseline[@]}") ;;
            baseline-networking) command=("${networking[@]}") ;;
            roadflare) command=("${roadflare[@]}") ;;
            coffee-shop) command=("${coffee[@]}") ;;
        esac
        strip --strip-debug -o "$work/$name.bin" "${command[0]}"
        valgrind --tool=callgrind --callgrind-out-file="$work/$name.callgrind" "$work/$name.bin" "${command[@]:1}" \
            > /dev/null 2> "$work/$name.valgrind.txt" || { cat "$work/$name.valgrind.txt" >&2; exit 1; }
        callgrind_annotate --inclusive=yes "$work/$name.callgrind" > "$work/$name.annotated.txt" 2>/dev/null
        count() { grep -m1 -E "$1" "$work/$name.annotated.txt" | awk '{ print $1 }'; }
        echo "| $name | $(count 'PROGRAM TOTALS') | $(count 'rtld.c:_dl_start ') | $(count 'libc_start_call_main.h:\(below main\)') |"
    done
    for name in roadflare coffee-shop; do
        echo ""
        echo "The $name probe's main, the 25 costliest functions it reaches (inclusive instructions):"
        awk '/launch_probe_[a-z_]*_main \[/ { found = 1 } found' "$work/$name.annotated.txt" | grep -v -E 'ld-linux|dl-|\(below main\)' \
            | head -n 26 | cut -c1-220 || true
    done
fi
