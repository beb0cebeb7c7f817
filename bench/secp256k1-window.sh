#!/usr/bin/env bash
# What libsecp256k1's precomputation window costs a clip, in size and in verification speed.
#
# Linked statically (as an iOS clip carries it), libsecp256k1 brings two tables for verification of
# 2^(window − 2) points of 64 bytes each; the library's default window is 15 (1 MiB of tables). This
# script builds the library as Debian ships it (the source package of the installed version, from
# Debian's archive) with several windows, and for each one
#   - links the Nostr size probe (bench/SizeProbe/Nostr) statically against it and reports what the
#     library adds over the same probe with libsecp256k1 as a shared library, and
#   - measures BIP-340 verifications per second (bench/Secp256k1Window/verify-rate.c),
# all in one run, so the rates compare like with like.
# Beside them, the pure-Swift verifier that Apple clips use instead (no C library): the probe built
# with the package's default traits off, and the size of the verifier's own code and data in it
# (the symbols of ClipNostr's Secp256k1 arithmetic and SwiftSignatureVerifier, from the unstripped
# executable), since every build of ClipNostr carries it.
#
# Usage: bench/secp256k1-window.sh [WINDOW...]     (default: 15 12 10 8 6 4)
# Needs: apt-get (for the source package), a C compiler, xz; builds under .build-size/ in the repo.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$root/.build-size"
work="$scratch/secp256k1-window"
windows=("$@")
[ ${#windows[@]} -gt 0 ] || windows=(15 12 10 8 6 4)
for window in "${windows[@]}"; do
    case "$window" in
        [2-9]|1[0-5]) ;;
        *) echo "secp256k1-window: window '$window' is out of range: the shipped tables allow 2 to 15" >&2; exit 2 ;;
    esac
done
mkdir -p "$work"

# 1. The source of the installed version, from Debian's archive, through a private source list.
version="$(dpkg-query -W -f='${Version}' libsecp256k1-dev 2>/dev/null || true)"
if [ -z "$version" ]; then
    echo "secp256k1-window: Debian's libsecp256k1-dev is not installed (scripts/setup installs it)" >&2
    exit 2
fi
upstream="${version%-*}"
source_dir="$work/libsecp256k1-$upstream"
if [ ! -d "$source_dir" ]; then
    codename="$(. /etc/os-release && echo "$VERSION_CODENAME")"
    mkdir -p "$work/apt/lists/partial" "$work/apt/archives/partial"
    echo "deb-src http://deb.debian.org/debian $codename main" > "$work/apt/sources.list"
    apt_options=(-o "Dir::Etc::SourceList=$work/apt/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
                 -o "Dir::State::Lists=$work/apt/lists" -o "Dir::Cache::Archives=$work/apt/archives"
                 -o "Debug::NoLocking=1" -q)
    apt-get "${apt_options[@]}" update >&2
    (cd "$work" && apt-get "${apt_options[@]}" --download-only source "libsecp256k1=$version" >&2)
    tar -xf "$work/libsecp256k1_$upstream.orig.tar.xz" -C "$work"
fi

# 2. The probe with the shared library, the reference for what static linking adds.
build_probe() {
    rm -f "$bin/size-probe-nostr"
    swift build --package-path "$root" --scratch-path "$scratch" -c release --product size-probe-nostr -Xswiftc -Osize >&2
    strip -o "$1" "$bin/size-probe-nostr"
}
bin="$(swift build --package-path "$root" --scratch-path "$scratch" -c release --show-bin-path)"
event="$root/Tests/Fixtures/nostr/driver-profile-event.json"
link="https://roadflare.app/share/d/npub1seq7ln62frek853200w4jrge72uq750dezc4rvxwjknfjgfvs7vs2wkxuj"
build_probe "$work/probe-shared"
shared=$(stat -c %s "$work/probe-shared")

# 3. One library per window, built the same way (one translation unit, -O2, the modules Debian enables).
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }
for window in "${windows[@]}"; do
    out="$work/window-$window"
    mkdir -p "$out"
    flags=(-O2 -fPIC -I"$source_dir/include" -I"$source_dir/src" -I"$source_dir"
           -DECMULT_WINDOW_SIZE="$window" -DECMULT_GEN_PREC_BITS=4
           -DENABLE_MODULE_ECDH=1 -DENABLE_MODULE_RECOVERY=1 -DENABLE_MODULE_EXTRAKEYS=1 -DENABLE_MODULE_SCHNORRSIG=1)
    for unit in secp256k1 precomputed_ecmult precomputed_ecmult_gen; do
        cc "${flags[@]}" -c "$source_dir/src/$unit.c" -o "$out/$unit.o"
    done
    rm -f "$out/libsecp256k1.a"
    ar rcs "$out/libsecp256k1.a" "$out"/*.o
    cat > "$out/libsecp256k1.pc" <<PC
Name: libsecp256k1
Description: libsecp256k1 with a precomputation window of $window (static archive, for measurement)
Version: $upstream
Cflags: -I$source_dir/include
Libs: -L$out -lsecp256k1
PC
    PKG_CONFIG_PATH="$out" build_probe "$out/probe-static"
    if ldd "$out/probe-static" | grep -q secp256k1; then
        echo "secp256k1-window: the probe for window $window still loads libsecp256k1 dynamically" >&2
        exit 1
    fi
    if ! "$out/probe-static" "$link" < "$event" | grep -q "driverShare: Ana Driver"; then
        echo "secp256k1-window: the probe for window $window did not verify the event" >&2
        exit 1
    fi
    cc -O2 -I"$source_dir/include" "$root/bench/Secp256k1Window/verify-rate.c" "$out/libsecp256k1.a" -o "$out/verify-rate"
done

# 3b. The probe with no libsecp256k1 at all: ClipNostr's default verifier is then the Swift one.
swift_scratch="$root/.build-size-swift"
swift build --package-path "$root" --scratch-path "$swift_scratch" --disable-default-traits -c release \
    --product size-probe-nostr -Xswiftc -Osize >&2
swift_bin="$(swift build --package-path "$root" --scratch-path "$swift_scratch" --disable-default-traits -c release --show-bin-path)"
if ldd "$swift_bin/size-probe-nostr" | grep -q secp256k1 || ! "$swift_bin/size-probe-nostr" "$link" < "$event" | grep -q "driverShare: Ana Driver"; then
    echo "secp256k1-window: the probe without libsecp256k1 links it, or did not verify the event" >&2
    exit 1
fi
strip -o "$work/probe-swift" "$swift_bin/size-probe-nostr"
# Code and data of the verifier: every symbol of ClipNostr's Secp256k1 namespace or of
# SwiftSignatureVerifier (functions, metadata, witness tables), by nm's sizes.
swift_verifier=$(nm -S --defined-only "$swift_bin/size-probe-nostr" | awk 'NF == 4 { print $2, $4 }' \
    | swift demangle --simplified \
    | python3 -c 'import re, sys; print(sum(int(size, 16) for size, name in (line.split(" ", 1) for line in sys.stdin) if re.search(r"Secp256k1\.|SwiftSignatureVerifier", name)))')
if [ "$swift_verifier" -le 0 ]; then
    echo "secp256k1-window: found no symbols of the Swift verifier in the probe" >&2
    exit 1
fi

# 4. Verification rates: several rounds over every window in turn, the best round of each kept, so
# a burst of other work on the machine does not land on one window alone.
rounds=${SECP256K1_WINDOW_ROUNDS:-5}
declare -A best
for ((round = 1; round <= rounds; round++)); do
    for window in "${windows[@]}"; do
        read -r rate _ < <("$work/window-$window/verify-rate")
        if [ -z "${best[$window]:-}" ] || [ "$rate" -gt "${best[$window]}" ]; then best[$window]=$rate; fi
    done
done

first="${windows[0]}"
echo "| window | verification tables | libsecp256k1 in the clip (static − shared probe) | verifications/s (best of $rounds) | vs window $first |"
echo "|---:|---:|---:|---:|---:|"
for window in "${windows[@]}"; do
    tables=$(( (1 << (window - 2)) * 64 * 2 ))
    added=$(( $(stat -c %s "$work/window-$window/probe-static") - shared ))
    ratio="$(awk -v a="${best[$window]}" -v b="${best[$first]}" 'BEGIN { printf "%.2f×", a / b }')"
    echo "| $window | $(kib "$tables") | $(kib "$added") | ${best[$window]} | $ratio |"
done
echo ""
echo "| pure-Swift verifier (no C library) | size |"
echo "|---|---:|"
echo "| the verifier's code and data in the probe (symbols of ClipNostr's Secp256k1 arithmetic and SwiftSignatureVerifier) | **$(kib "$swift_verifier")** ($swift_verifier bytes) |"
echo "| stripped probe without libsecp256k1 (Swift verifier) | $(kib "$(stat -c %s "$work/probe-swift")") |"
echo "| stripped probe with libsecp256k1 shared (carries the Swift verifier too) | $(kib "$shared") |"
for window in "${windows[@]}"; do
    echo "| stripped probe with libsecp256k1 static, window $window (carries the Swift verifier too) | $(kib "$(stat -c %s "$work/window-$window/probe-static")") |"
done
