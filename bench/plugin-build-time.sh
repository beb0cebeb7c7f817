#!/usr/bin/env bash
# How much time ClipKit's manifest plugin adds to an incremental build of a package that adopts it.
#
# Builds two copies of Tests/Fixtures/PluginAdopter, each in its own scratch folder under
# .build-plugin-bench/ (debug, as a developer's edit-build loop runs):
#   plugin     as the fixture is: three targets adopt ClipKitManifestPlugin
#   committed  the same targets with the Swift the plugin generates written once by
#              clipkit-generate-swift and kept as a source file, and no plugin
# After a full build of each, it times RUNS rounds (median) of:
#   null build      nothing changed
#   source edit     one Swift file of RoadFlareClip touched, so that module recompiles
#   manifest edit   RoadFlareClip's clipkit.json changed (plugin copy only): the generator runs again
#                   and the module recompiles
# and prints each case's median for both copies and the difference, the time the plugin adds.
#
# Usage: bench/plugin-build-time.sh [RUNS]     (default 5)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"
work="$root/.build-plugin-bench"
mkdir -p "$work"

swift build --package-path "$root" --product clipkit-generate-swift >&2
generator="$(swift build --package-path "$root" --show-bin-path)/clipkit-generate-swift"

prepare() {  # prepare NAME: a copy of the fixture with links resolved and the ClipKit path made absolute
    local copy="$work/$1"
    rm -rf "$copy"
    mkdir -p "$copy"
    cp -RL "$root/Tests/Fixtures/PluginAdopter/Package.swift" "$root/Tests/Fixtures/PluginAdopter/Sources" \
        "$root/Tests/Fixtures/PluginAdopter/Tests" "$copy/"
    sed -i "s|path: \"../../..\"|path: \"$root\"|" "$copy/Package.swift"
}

prepare plugin
prepare committed
# The committed copy: the generated file beside the target's sources, no manifest, no plugin.
for target in RoadFlareClip BlueskyClip TicketClip; do
    folder="$work/committed/Sources/$target"
    configuration=()
    [ -f "$folder/clipkit-plugin.json" ] && configuration=(--configuration "$folder/clipkit-plugin.json")
    "$generator" --manifest "$folder/clipkit.json" --output "$folder/ClipKitGenerated.swift" "${configuration[@]}"
    rm -f "$folder/clipkit.json" "$folder/clipkit-plugin.json"
done
sed -i '/plugins: \[.plugin(name: "ClipKitManifestPlugin"/d' "$work/committed/Package.swift"
if grep -q ClipKitManifestPlugin "$work/committed/Package.swift"; then
    echo "plugin-build-time: the committed copy still names the plugin" >&2
    exit 1
fi

build() {  # build NAME: one debug build of the copy; prints its wall time in seconds
    local started ended
    started="$(date +%s.%N)"
    swift build --package-path "$work/$1" --scratch-path "$work/$1.scratch" --build-tests >"$work/$1.log" 2>&1 || {
        cat "$work/$1.log" >&2
        echo "plugin-build-time: the $1 copy did not build" >&2
        exit 1
    }
    ended="$(date +%s.%N)"
    awk -v a="$started" -v b="$ended" 'BEGIN { printf "%.2f", b - a }'
}

median() { tr ' ' '\n' | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for copy in plugin committed; do
    echo "full build ($copy): $(build "$copy") s" >&2
done

declare -A results
for copy in plugin committed; do
    null=() source=() manifest=()
    for _ in $(seq "$runs"); do
        null+=("$(build "$copy")")
        touch "$work/$copy/Sources/RoadFlareClip/DriverLinkScreen.swift"
        source+=("$(build "$copy")")
        if [ "$copy" = plugin ]; then
            file="$work/$copy/Sources/RoadFlareClip/clipkit.json"
            if grep -q '"ttlSeconds": 604800' "$file"; then
                sed -i 's/"ttlSeconds": 604800/"ttlSeconds": 604801/' "$file"
            else
                sed -i 's/"ttlSeconds": 604801/"ttlSeconds": 604800/' "$file"
            fi
            manifest+=("$(build "$copy")")
        fi
    done
    results[$copy,null]="$(echo "${null[*]}" | median)"
    results[$copy,source]="$(echo "${source[*]}" | median)"
    [ "$copy" = plugin ] && results[$copy,manifest]="$(echo "${manifest[*]}" | median)"
    echo "$copy: null ${null[*]}; source edit ${source[*]}${manifest:+; manifest edit ${manifest[*]}}" >&2
done

difference() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.2f", a - b }'; }
echo "| incremental debug build of the fixture (median of $runs) | with the plugin | generated code committed | the plugin adds |"
echo "|---|---:|---:|---:|"
echo "| nothing changed | ${results[plugin,null]} s | ${results[committed,null]} s | $(difference "${results[plugin,null]}" "${results[committed,null]}") s |"
echo "| one Swift file of the clip target touched | ${results[plugin,source]} s | ${results[committed,source]} s | $(difference "${results[plugin,source]}" "${results[committed,source]}") s |"
echo "| clipkit.json changed (generator runs, target recompiles) | ${results[plugin,manifest]} s | — | $(difference "${results[plugin,manifest]}" "${results[committed,source]}") s against a source edit |"
