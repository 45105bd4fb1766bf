#!/usr/bin/env bash
# Builds the MCR reference calculator binaries from the PyMahjongGB 1.4.0 sdist (PyPI) plus our own
# driver (tools/reference/driver.cpp). The library's code is fetched into a cache dir and never
# committed; header switches are patched in build-dir copies only.
#
#   bash tools/reference/build.sh          # prints the binaries dir (default target/reference/bin)
#   MJ_REF_DIR=/some/cache bash tools/reference/build.sh
#
# Variants:
#   mcr           SUPPORT_CONCEALED_KONG_AND_MELDED_KONG=0 (1998 text: 明杠 + 暗杠, no 明暗杠)
#   mcr-mil       as shipped (明暗杠 = 5 points)
#   mcr-strict98  switch 0 and STRICT_98_RULE defined
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
DIR="${MJ_REF_DIR:-$REPO/target/reference}"
VERSION="1.4.0"
CXX="${CXX:-g++}"
CXXFLAGS=(-O2 -std=c++17)

log() { echo "build.sh: $*" >&2; }

mkdir -p "$DIR/dl" "$DIR/bin" "$DIR/build"

# Test binaries run in parallel and each builds the reference on first use: one build at a time,
# and the ones that waited find the binaries up to date.
exec 9>"$DIR/.lock"
flock 9

# 1. fetch the sdist (once)
sdist="$(ls "$DIR"/dl/[Pp]y[Mm]ahjong[Gg][Bb]-"$VERSION".tar.gz 2>/dev/null | head -n1 || true)"
if [[ -z "$sdist" ]]; then
    log "downloading pymahjonggb==$VERSION sdist"
    if command -v pip >/dev/null 2>&1; then PIP=(pip); else PIP=(python3 -m pip); fi
    "${PIP[@]}" download --quiet --no-deps --no-binary :all: "pymahjonggb==$VERSION" -d "$DIR/dl" >&2
    sdist="$(ls "$DIR"/dl/[Pp]y[Mm]ahjong[Gg][Bb]-"$VERSION".tar.gz | head -n1)"
fi

# 2. extract (once per sdist)
SRC="$DIR/src/PyMahjongGB-$VERSION"
ALG="$SRC/MahjongGB/mahjong-algorithm"
sdist_sum="$(sha256sum "$sdist" | cut -d' ' -f1)"
if [[ ! -f "$DIR/src/.extracted" || "$(cat "$DIR/src/.extracted")" != "$sdist_sum" ]]; then
    log "extracting $(basename "$sdist")"
    rm -rf "$DIR/src"
    mkdir -p "$DIR/src"
    tar -xzf "$sdist" -C "$DIR/src"
    # the top directory name follows the sdist's own capitalisation
    top="$(ls "$DIR/src" | head -n1)"
    [[ "$top" == "PyMahjongGB-$VERSION" ]] || mv "$DIR/src/$top" "$SRC"
    echo "$sdist_sum" > "$DIR/src/.extracted"
fi
for f in fan_calculator.h fan_calculator.cpp stringify.h stringify.cpp tile.h standard_tiles.h; do
    [[ -f "$ALG/$f" ]] || { log "missing $ALG/$f"; exit 1; }
done

# 3. build the three variants
build_variant() {
    local name="$1" kong_switch="$2" strict="$3"
    local bdir="$DIR/build/$name" out="$DIR/bin/$name"
    local defs=(-DMJ_VARIANT="\"$name\"")
    [[ "$strict" == 1 ]] && defs+=(-DSTRICT_98_RULE)

    # everything that determines the binary goes into the stamp
    local stamp
    stamp="$(
        {
            echo "$sdist_sum $kong_switch $strict $CXX ${CXXFLAGS[*]} ${defs[*]}"
            "$CXX" --version 2>/dev/null | head -n1
            cat "$HERE/driver.cpp" "${BASH_SOURCE[0]}"
        } | sha256sum | cut -d' ' -f1
    )"
    if [[ -x "$out" && -f "$bdir/.stamp" && "$(cat "$bdir/.stamp")" == "$stamp" ]]; then
        log "$name up to date"
        return 0
    fi

    log "building $name (SUPPORT_CONCEALED_KONG_AND_MELDED_KONG=$kong_switch STRICT_98_RULE=$strict)"
    rm -rf "$bdir"
    mkdir -p "$bdir"
    # the .cpp files include their headers with quotes, so sources and headers are copied together
    cp "$ALG"/*.h "$ALG"/fan_calculator.cpp "$ALG"/stringify.cpp "$bdir/"
    sed -i -E "s/^(#define[[:space:]]+SUPPORT_CONCEALED_KONG_AND_MELDED_KONG[[:space:]]+)[01]/\1$kong_switch/" \
        "$bdir/fan_calculator.h"
    grep -Eq "^#define[[:space:]]+SUPPORT_CONCEALED_KONG_AND_MELDED_KONG[[:space:]]+$kong_switch([^0-9]|$)" \
        "$bdir/fan_calculator.h" || { log "failed to set the kong switch in $bdir/fan_calculator.h"; exit 1; }

    local cc=(nice -n 10 "$CXX" "${CXXFLAGS[@]}" "${defs[@]}" -I"$bdir" -w)
    "${cc[@]}" -c "$bdir/fan_calculator.cpp" -o "$bdir/fan_calculator.o" &
    local p1=$!
    "${cc[@]}" -c "$bdir/stringify.cpp" -o "$bdir/stringify.o" &
    local p2=$!
    "${cc[@]}" -c "$HERE/driver.cpp" -o "$bdir/driver.o"
    wait "$p1"
    wait "$p2"
    "$CXX" "${CXXFLAGS[@]}" "$bdir/driver.o" "$bdir/fan_calculator.o" "$bdir/stringify.o" -o "$out.tmp"
    mv "$out.tmp" "$out"
    echo "$stamp" > "$bdir/.stamp"
}

build_variant mcr 0 0
build_variant mcr-mil 1 0
build_variant mcr-strict98 0 1

echo "$DIR/bin"
