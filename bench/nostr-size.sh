#!/usr/bin/env bash
# What ClipKit + ClipNostr add to a release -Osize executable.
#
# Builds probes with -Osize, strips them, and compares:
#   size-probe-baseline  Foundation only (reads a share URL and a relay's event JSON, prints a name)
#   size-probe-crypto    + swift-crypto's SHA-256 (BoringSSL on Linux; CryptoKit, in the OS, on Apple)
#   size-probe-kit       the baseline's job with the URL routed by ClipKit alone (what ClipKit costs)
#   size-probe-web-bridge  the ClipKit probe plus decoding a web-content message (what ClipWebBridge costs)
#   size-probe-nostr     the RoadFlare clip's whole job with ClipKit + ClipNostr: route, NIP-19,
#                        fetch through the relay pool (verify, newest wins, profile), handoff note
#   size-probe-nostr-generated  the same job with the configuration ClipKitManifestPlugin compiles
#                        from clipkit.json, as the examples build it: no run-time manifest reader
# The Nostr probe is linked twice: with libsecp256k1 as a shared library (as Debian ships it) and
# statically (as an iOS clip would carry it), so its share is shown separately.
# The Swift runtime and Foundation are shared libraries here (in the OS on Apple) and not counted.
#
# Every probe is built in two ways, each in its own scratch folder:
#   kept       the compiler's default. Swift marks every public definition as used (on ELF and
#              Mach-O alike), so the linker keeps a module's whole public API and all it reaches,
#              whatever the clip calls: this is what a clip built with default settings carries.
#   stripped   -internalize-at-link and -function-sections: public definitions are no longer
#              forced to stay and each function has its own section, so --gc-sections keeps only
#              what the probe's job reaches: the floor for this job with today's code.
#
# Last, the Nostr probe and size-probe-nostr-generated (the same job with the configuration the
# manifest plugin compiles from clipkit.json) are built without libsecp256k1, as Apple clips are,
# and compared against the 400 KiB target.
#
# Usage: bench/nostr-size.sh            (from anywhere; builds under .build-size*/ in the repo)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
static_dir="$root/.build-size/static-secp256k1"
mkdir -p "$static_dir"

library_dir="$(pkg-config --variable=libdir libsecp256k1)"
if [ ! -f "$library_dir/libsecp256k1.a" ]; then
    echo "nostr-size: $library_dir/libsecp256k1.a is missing; install Debian's libsecp256k1-dev" >&2
    exit 2
fi
# A folder holding only the static archive, and a pkg-config file that points there: found
# first through PKG_CONFIG_PATH, it makes -lsecp256k1 link statically.
ln -sf "$library_dir/libsecp256k1.a" "$static_dir/libsecp256k1.a"
cat > "$static_dir/libsecp256k1.pc" <<PC
Name: libsecp256k1
Description: libsecp256k1, static archive only (for size measurement)
Version: $(pkg-config --modversion libsecp256k1)
Cflags: $(pkg-config --cflags libsecp256k1)
Libs: -L$static_dir -lsecp256k1
PC

measure() {  # measure MODE SCRATCH [swiftc flags...]: builds the probes, prints the tables
    local mode="$1" scratch="$2"; shift 2
    local mode_flags=("$@")
    out="$scratch/probes"
    mkdir -p "$out"
    echo "## $mode"
    echo ""
    build() {  # build PRODUCT [extra linker flags...]
        local product="$1"; shift
        swift build --package-path "$root" --scratch-path "$scratch" -c release --product "$product" \
            -Xswiftc -Osize "${mode_flags[@]}" "$@" >&2
    }

    bin="$(swift build --package-path "$root" --scratch-path "$scratch" -c release --show-bin-path)"

    build size-probe-baseline
    cp "$bin/size-probe-baseline" "$out/baseline"
    build size-probe-crypto
    cp "$bin/size-probe-crypto" "$out/crypto"
    build size-probe-kit
    cp "$bin/size-probe-kit" "$out/kit"
    build size-probe-web-bridge
    cp "$bin/size-probe-web-bridge" "$out/web-bridge"
    build size-probe-nostr
    cp "$bin/size-probe-nostr" "$out/nostr-shared-secp256k1"
    rm -f "$bin/size-probe-nostr"
    PKG_CONFIG_PATH="$static_dir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" build size-probe-nostr
    cp "$bin/size-probe-nostr" "$out/nostr-static-secp256k1"

    build size-probe-nostr-generated
    cp "$bin/size-probe-nostr-generated" "$out/nostr-generated-shared-secp256k1"

    if ldd "$out/nostr-static-secp256k1" | grep -q secp256k1; then
        echo "nostr-size: the static probe still loads libsecp256k1 dynamically" >&2
        exit 1
    fi

    # Each probe must work: the Nostr one verifies a real event signed by nostr-sdk.
    event="$root/Tests/Fixtures/nostr/driver-profile-event.json"
    link="https://roadflare.app/share/d/npub1seq7ln62frek853200w4jrge72uq750dezc4rvxwjknfjgfvs7vs2wkxuj"
    for probe in baseline crypto kit web-bridge nostr-shared-secp256k1 nostr-static-secp256k1 nostr-generated-shared-secp256k1; do
        strip -o "$out/$probe.stripped" "$out/$probe"
        result="$("$out/$probe.stripped" "$link" < "$event")"
        echo "  $probe: $result" >&2
    done
    if ! "$out/nostr-static-secp256k1.stripped" "$link" < "$event" | grep -q "driverShare: Ana Driver"; then
        echo "nostr-size: the Nostr probe did not verify and read the profile" >&2
        exit 1
    fi
    if ! "$out/nostr-generated-shared-secp256k1.stripped" "$link" < "$event" | grep -q "driverShare: Ana Driver"; then
        echo "nostr-size: the generated-configuration probe did not verify and read the profile" >&2
        exit 1
    fi
    if ! "$out/kit.stripped" "$link" < "$event" | grep -q "^driverShare: ana$"; then
        echo "nostr-size: the ClipKit probe did not route the link" >&2
        exit 1
    fi
    if ! "$out/web-bridge.stripped" "$link" < "$event" | grep -q "^driverShare: ana store$"; then
        echo "nostr-size: the web-bridge probe did not decode the page's message" >&2
        exit 1
    fi

    size_of() { stat -c %s "$out/$1.stripped"; }
    baseline=$(size_of baseline)
    crypto=$(size_of crypto)
    kit=$(size_of kit)
    bridge=$(size_of web-bridge)
    shared=$(size_of nostr-shared-secp256k1)
    static=$(size_of nostr-static-secp256k1)
    generated=$(size_of nostr-generated-shared-secp256k1)

    echo "| stripped -Osize executable | bytes | size |"
    echo "|---|---:|---:|"
    echo "| baseline (Foundation only) | $baseline | $(kib "$baseline") |"
    echo "| baseline + ClipKit routing the URL | $kit | $(kib "$kit") |"
    echo "| … + ClipWebBridge decoding a page's message | $bridge | $(kib "$bridge") |"
    echo "| + swift-crypto SHA-256 (BoringSSL) | $crypto | $(kib "$crypto") |"
    echo "| + ClipKit + ClipNostr, libsecp256k1 shared | $shared | $(kib "$shared") |"
    echo "| + ClipKit + ClipNostr, libsecp256k1 static | $static | $(kib "$static") |"
    echo ""
    echo "| what is added | bytes | size |"
    echo "|---|---:|---:|"
    echo "| ClipKit + ClipNostr code alone (shared-secp256k1 probe − crypto probe) | $((shared - crypto)) | $(kib $((shared - crypto))) |"
    echo "| the same job with the configuration the manifest plugin generates, no manifest reader (generated − crypto) | $((generated - crypto)) | $(kib $((generated - crypto))) |"
    echo "| of which ClipKit (kit probe − baseline) | $((kit - baseline)) | $(kib $((kit - baseline))) |"
    echo "| of which ClipNostr (the rest) | $((shared - crypto - kit + baseline)) | $(kib $((shared - crypto - kit + baseline))) |"
    echo "| ClipWebBridge, for clips that show web content (web-bridge probe − ClipKit probe) | $((bridge - kit)) | $(kib $((bridge - kit))) |"
    echo "| libsecp256k1, verification parts linked statically (static − shared) | $((static - shared)) | $(kib $((static - shared))) |"
    echo "| **what a clip on Apple platforms carries: ClipKit + ClipNostr + libsecp256k1** (static − crypto) | $((static - crypto)) | **$(kib $((static - crypto)))** |"
    echo "| swift-crypto's BoringSSL for SHA-256, Linux only (crypto − baseline) | $((crypto - baseline)) | $(kib $((crypto - baseline))) |"
    echo "| everything added on Linux (static − baseline) | $((static - baseline)) | $(kib $((static - baseline))) |"

    # Where the ClipKit + ClipNostr growth sits, by kind of ELF section (shared-secp256k1 probe − crypto
    # probe). Code and data are what any object format carries; the unwind tables (.eh_frame, one DWARF
    # record per function, and its search table) and the PIE relocation and dynamic-linking tables are
    # how ELF stores what Mach-O keeps in compact unwind entries and in-place fixups.
    section_growth() {  # section_growth [PROBE]: prints "class bytes" lines for PROBE − crypto
        local probe="${1:-nostr-shared-secp256k1}"
        size -A "$out/crypto.stripped" | awk 'NF == 3 && $1 != "Total" { print "a", $1, $2 }' > "$out/sections.txt"
        size -A "$out/$probe.stripped" | awk 'NF == 3 && $1 != "Total" { print "b", $1, $2 }' >> "$out/sections.txt"
        awk '
            function class(name) {
                if (name == ".eh_frame" || name == ".eh_frame_hdr") return "unwind"
                if (name ~ /^\.(rela|dyn|gnu\.(version|hash)|hash|plt|got|dynamic|interp|note)/) return "linking"
                if (name == ".bss" || name == ".tbss") return "none"
                if (name == ".text" || name == ".init" || name == ".fini") return "code"
                return "data"
            }
            { size[$1, $2] = $3; names[$2] = 1 }
            END {
                for (n in names) growth[class(n)] += size["b", n] - size["a", n]
                fdes = ((size["b", ".eh_frame_hdr"] - 12) - (size["a", ".eh_frame_hdr"] - 12)) / 8
                printf "code %d\ndata %d\nunwind %d\nlinking %d\nfunctions %d\n", growth["code"], growth["data"], growth["unwind"], growth["linking"], fdes
            }' "$out/sections.txt"
    }
    growth="$(section_growth)"
    value() { awk -v k="$1" '$1 == k { print $2 }' <<< "$growth"; }
    code=$(value code); data=$(value data); unwind=$(value unwind); linking=$(value linking); functions=$(value functions)
    padding=$((shared - crypto - code - data - unwind - linking))
    echo ""
    echo "| where the ClipKit + ClipNostr growth sits (ELF sections) | bytes | size |"
    echo "|---|---:|---:|"
    echo "| machine code (.text) | $code | $(kib "$code") |"
    echo "| constant data, Swift metadata and writable data (.rodata, .data*, swift5_*) | $data | $(kib "$data") |"
    echo "| **code and data** | $((code + data)) | **$(kib $((code + data)))** |"
    echo "| DWARF unwind tables (.eh_frame + .eh_frame_hdr), for $functions more functions | $unwind | $(kib "$unwind") |"
    echo "| relocation and dynamic-linking tables (.rela.*, .dynsym, .dynstr, .plt, .got, …) | $linking | $(kib "$linking") |"
    echo "| section alignment and file layout | $padding | $(kib "$padding") |"
    generated_growth="$(section_growth nostr-generated-shared-secp256k1)"
    generated_code=$(awk '$1 == "code" { print $2 }' <<< "$generated_growth")
    generated_data=$(awk '$1 == "data" { print $2 }' <<< "$generated_growth")
    echo "| code and data of the same job with the generated configuration (generated − crypto) | $((generated_code + generated_data)) | $(kib $((generated_code + generated_data))) |"
    if [ -n "$reference" ]; then
        ref_size=$(stat -c %s "$reference")
        echo "| for scale: nostr-sdk's rust-nostr library in the Python wheel (libnostr_sdk_ffi.so, not stripped again) | $ref_size | $(kib "$ref_size") |"
    fi
}

# The RoadFlare clip's whole job as an Apple clip builds it: the package's default traits off, so no
# libsecp256k1 and ClipNostr's own BIP-340 verifier (ProfileFetcher's default), once with the manifest read
# and checked at run time (size-probe-nostr) and once with the configuration the manifest plugin
# compiled from clipkit.json (size-probe-nostr-generated). Both against the crypto probe, which holds
# swift-crypto's SHA-256 (CryptoKit, part of the OS, on Apple platforms).
measure_apple() {  # measure_apple SCRATCH [swiftc flags...]: prints "crypto runtime generated" sizes
    local scratch="$1"; shift
    local flags=("$@")
    local out="$scratch/probes"
    mkdir -p "$out"
    local bin
    bin="$(swift build --package-path "$root" --scratch-path "$scratch" -c release --disable-default-traits --show-bin-path)"
    local event="$root/Tests/Fixtures/nostr/driver-profile-event.json"
    local link="https://roadflare.app/share/d/npub1seq7ln62frek853200w4jrge72uq750dezc4rvxwjknfjgfvs7vs2wkxuj"
    for product in size-probe-crypto size-probe-nostr size-probe-nostr-generated; do
        swift build --package-path "$root" --scratch-path "$scratch" -c release --disable-default-traits \
            --product "$product" -Xswiftc -Osize "${flags[@]}" >&2
        strip -o "$out/$product.stripped" "$bin/$product"
        if nm "$bin/$product" 2>/dev/null | grep -q ' secp256k1_'; then
            echo "nostr-size: $product contains libsecp256k1 code with the default traits off" >&2
            exit 1
        fi
    done
    for product in size-probe-nostr size-probe-nostr-generated; do
        result="$("$out/$product.stripped" "$link" < "$event")"
        echo "  $product (no libsecp256k1): $result" >&2
        if ! grep -q "^driverShare: Ana Driver" <<< "$result"; then
            echo "nostr-size: $product did not verify and read the profile with the Swift verifier" >&2
            exit 1
        fi
    done
    echo "$(stat -c %s "$out/size-probe-crypto.stripped") $(stat -c %s "$out/size-probe-nostr.stripped") $(stat -c %s "$out/size-probe-nostr-generated.stripped")"
}

reference="$( (ls "$root"/.venv/lib/python3*/site-packages/nostr_sdk/libnostr_sdk_ffi.so \
               "${CLIPKIT_VENV:-/nonexistent}"/lib/python3*/site-packages/nostr_sdk/libnostr_sdk_ffi.so 2>/dev/null || true) | head -n 1)"
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }

measure "kept: every public symbol kept (compiler default)" "$root/.build-size"
echo ""
measure "stripped: only what the job reaches (-internalize-at-link, -function-sections, --gc-sections)" \
    "$root/.build-size-stripped" \
    -Xswiftc -Xfrontend -Xswiftc -internalize-at-link -Xswiftc -Xfrontend -Xswiftc -function-sections

echo ""
echo "## The RoadFlare clip's job as on Apple platforms: no libsecp256k1, ClipNostr's Swift verifier"
echo ""
read -r kept_crypto kept_runtime kept_generated <<< "$(measure_apple "$root/.build-size-apple")"
read -r stripped_crypto stripped_runtime stripped_generated <<< "$(measure_apple "$root/.build-size-apple-stripped" \
    -Xswiftc -Xfrontend -Xswiftc -internalize-at-link -Xswiftc -Xfrontend -Xswiftc -function-sections)"
target=$((400 * 1024))
verdict() { [ "$1" -le "$target" ] && echo "met" || echo "not met"; }
echo "| ClipKit + ClipNostr + verification (probe − crypto probe) | kept (compiler default) | stripped |"
echo "|---|---:|---:|"
echo "| manifest read and checked at run time (size-probe-nostr) | $((kept_runtime - kept_crypto)) B ($(kib $((kept_runtime - kept_crypto)))) | $((stripped_runtime - stripped_crypto)) B ($(kib $((stripped_runtime - stripped_crypto)))) |"
echo "| configuration generated from clipkit.json (size-probe-nostr-generated) | $((kept_generated - kept_crypto)) B ($(kib $((kept_generated - kept_crypto)))) | $((stripped_generated - stripped_crypto)) B ($(kib $((stripped_generated - stripped_crypto)))) |"
echo "| what the generated configuration saves | $((kept_runtime - kept_generated)) B ($(kib $((kept_runtime - kept_generated)))) | $((stripped_runtime - stripped_generated)) B ($(kib $((stripped_runtime - stripped_generated)))) |"
echo "| target ≤ 400 KiB, generated configuration | $(verdict $((kept_generated - kept_crypto))) | $(verdict $((stripped_generated - stripped_crypto))) |"
