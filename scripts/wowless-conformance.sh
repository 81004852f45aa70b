#!/bin/bash
# Runs wowless's in-game test suite (addon/Wowless and the data addons its generator makes for the
# product `wow`) in wow-sim and prints passed/total, the pass rate and the failures by category.
# Nothing of wowless is copied into the wow-sim repository: the checkout is an argument, and the
# generated addons go to a scratch folder. Usage:
#   scripts/wowless-conformance.sh WOWLESS_DIR [--blizzard-ui DIR] [--wow-sim BIN]
#       [--scratch DIR] [--seconds N] [--timeout N] [--failures FILE] [--disable FILE:FROM-TO]...
# WOWLESS_DIR: a wowless checkout (its data/, tools/, wowapi/, wowless/ and addon/Wowless).
# --wow-sim: the binary (default: target/release/wow-sim under CARGO_TARGET_DIR or the repo).
# --scratch: where the generated addons, the WTF folder and the raw results go (default: a new
#   temporary folder, kept and named at the end). --seconds: virtual seconds to run (default 60).
# --timeout: wall-clock bound in seconds for the wow-sim run (default 3600).
# --failures FILE: also write every failing check (path and message, tab-separated) to FILE.
# --disable FILE:FROM-TO: blank lines FROM..TO of addon/Wowless/FILE in the scratch copy (never in
#   the checkout), to get past a case that hangs wow-sim; the run is then no longer unaugmented,
#   and the script says so. docs/conformance.md names the case.
#
# wowless's generator is Lua 5.1 with penlight, argparse and luafilesystem, and reads its YAML data
# through a module `wowapi.cyaml` (parse(text) -> Lua value). That module is wowless's C code, which
# this script does not build; it supplies the same interface with Debian's lua-yaml (libyaml's
# binding) and wowless's scalar rules: a plain scalar is true, false, a number if the whole text
# reads as one, an empty table if empty, else a string; a quoted scalar is a string.
set -euo pipefail
usage() { sed -n '6,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[[ $# -ge 1 ]] || usage
WOWLESS=$(cd "$1" && pwd) || usage
shift
BLIZZ="" SIM="" SCRATCH="" SECONDS_RUN=60 TIMEOUT=3600 FAILURES="" DISABLE=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --blizzard-ui) BLIZZ=$(cd "$2" && pwd); shift 2 ;;
    --wow-sim) SIM=$2; shift 2 ;;
    --scratch) SCRATCH=$2; shift 2 ;;
    --seconds) SECONDS_RUN=$2; shift 2 ;;
    --timeout) TIMEOUT=$2; shift 2 ;;
    --failures) FAILURES=$2; shift 2 ;;
    --disable) DISABLE+=("$2"); shift 2 ;;
    *) usage ;;
  esac
done
REPO=$(cd "$(dirname "$0")/.." && pwd)
if [[ -z $SIM ]]; then SIM=${CARGO_TARGET_DIR:-$REPO/target}/release/wow-sim; fi
[[ -x $SIM ]] || { echo "wowless-conformance: no wow-sim binary at $SIM (build it: cargo build --release --bin wow-sim --no-default-features, or pass --wow-sim BIN)" >&2; exit 2; }
for f in tools/gentest.lua tools/generatexmltest.lua addon/Wowless/Wowless.toc data/products/wow/build.yaml; do
  [[ -f $WOWLESS/$f ]] || { echo "wowless-conformance: $WOWLESS/$f: missing; is this a wowless checkout?" >&2; exit 2; }
done

# --- the Debian packages the generator needs ---
PKGS=(lua5.1 lua-penlight lua-argparse lua-filesystem lua-yaml)
missing=()
for p in "${PKGS[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [[ ${#missing[@]} -gt 0 ]]; then
  if [[ $(id -u) == 0 ]]; then
    echo "wowless-conformance: installing ${missing[*]}" >&2
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
  else
    echo "wowless-conformance: missing Debian packages: ${missing[*]} (apt-get install them)" >&2; exit 2
  fi
fi

if [[ -z $SCRATCH ]]; then SCRATCH=$(mktemp -d -t wowless-conformance.XXXXXX); fi
mkdir -p "$SCRATCH"; SCRATCH=$(cd "$SCRATCH" && pwd)
case $SCRATCH/ in "$REPO"/*) echo "wowless-conformance: the scratch folder must be outside the repository" >&2; exit 2 ;; esac
GEN=$SCRATCH/gen ADDONS=$SCRATCH/AddOns
rm -rf "$GEN" "$ADDONS" "$SCRATCH/WTF"
mkdir -p "$GEN/lua/wowapi" "$GEN/staging" "$GEN/src/build/runtime" "$ADDONS"

# the YAML module under the name the generator requires (see the header)
cat > "$GEN/lua/wowapi/cyaml.lua" <<'LUA'
local lyaml = require('lyaml')
local function scalar(v)
  if v == 'true' then
    return true
  elseif v == 'false' then
    return false
  elseif v == '' then
    return {}
  end
  return tonumber(v) or v
end
return {
  parse = function(text)
    return lyaml.load(text, { implicit_scalar = scalar, explicit_scalar = {} })
  end,
}
LUA
# The generator reads paths relative to the checkout, and one file its CMake build writes
# (build/runtime/platform.lua, the build's platform); a work folder of links keeps the checkout as it is.
for d in data tools wowapi wowless addon; do ln -s "$WOWLESS/$d" "$GEN/src/$d"; done
echo "return 'linux'" > "$GEN/src/build/runtime/platform.lua"

echo "wowless-conformance: generating the data addons (product wow) into $ADDONS" >&2
gen() { # gen DEST_DIR KIND FILE [ARGS...]: one gentest.lua output, as wowless's CMakeLists.txt makes it
  local dest=$1 kind=$2 file=$3; shift 3
  mkdir -p "$dest"
  (cd "$GEN/src" && LUA_PATH="$GEN/lua/?.lua;./?.lua;;" lua5.1 tools/gentest.lua wow "$kind" "$GEN/staging/$file" "$@")
  cp "$GEN/staging/$file" "$dest/$file"
}
D=$ADDONS/WowlessData
for pair in WowlessData.toc:toc build.lua:build config.lua:config containment.lua:containment \
  cvars.lua:cvars events.lua:events globalapis.lua:globalapis globals.lua:globals \
  impltests.lua:impltests luaobjects.lua:luaobjects namespaceapis.lua:namespaceapis \
  product.lua:product scripttypes.lua:scripttypes templates.lua:templates templates.xml:templatexml \
  uiobjectapis.lua:uiobjectapis warningbatchsize.lua:warningbatchsize xml.lua:xml; do
  gen "$D" "${pair#*:}" "${pair%%:*}"
done
BATCHES=$(sed -n 's/^set(warningbatchcount \([0-9]*\))$/\1/p' "$WOWLESS/CMakeLists.txt")
BATCHES=${BATCHES:-4}
for ((i = 1; i <= BATCHES; i++)); do
  gen "$ADDONS/WowlessBatch$i" warningbatchtoc "WowlessBatch$i.toc" --batch=$i --batchcount="$BATCHES"
  gen "$ADDONS/WowlessBatch$i" warningbatchxml "WowlessBatch$i.xml" --batch=$i --batchcount="$BATCHES"
done
mkdir -p "$ADDONS/Wowless"
cp "$WOWLESS"/addon/Wowless/* "$ADDONS/Wowless/"
(cd "$GEN/src" && LUA_PATH="$GEN/lua/?.lua;./?.lua;;" lua5.1 tools/generatexmltest.lua "$GEN/staging/generatedxml.xml")
cp "$GEN/staging/generatedxml.xml" "$ADDONS/Wowless/"
for d in "${DISABLE[@]}"; do
  file=${d%%:*} range=${d#*:}
  [[ -f $ADDONS/Wowless/$file && $range =~ ^[0-9]+-[0-9]+$ ]] ||
    { echo "wowless-conformance: --disable $d: want FILE:FROM-TO with FILE in addon/Wowless" >&2; exit 2; }
  sed -i "${range%-*},${range#*-}s/.*//" "$ADDONS/Wowless/$file"
  echo "wowless-conformance: note: disabled addon/Wowless/$file lines $range (the run is augmented)"
done

# --- run, then read the results out of the suite's own globals ---
REPORT=$SCRATCH/report.lua
cp "$REPO/scripts/wowless-report.lua" "$REPORT"
ARGS=(--addons "$ADDONS" --wtf "$SCRATCH/WTF" --no-lua-cache)
[[ -n $BLIZZ ]] && ARGS+=(--blizzard-ui "$BLIZZ")
echo "wowless-conformance: running $SIM (${SECONDS_RUN}s virtual${BLIZZ:+, Blizzard UI $BLIZZ})" >&2
start=$(date +%s.%N)
set +e
# wow-sim's own --timeout cannot stop a loop inside its own Lua helpers; the outer bound can.
timeout -s KILL "$((TIMEOUT + 120))" "$SIM" "${ARGS[@]}" --exec-lua "@$REPORT" lua-errors --seconds "$SECONDS_RUN" --timeout "$TIMEOUT" \
  > "$SCRATCH/lua-errors.json" 2> "$SCRATCH/stderr.txt"
rc=$?
set -e
wall=$(echo "$(date +%s.%N) - $start" | bc)
grep -a '^\[chat\] WCONF	' "$SCRATCH/stderr.txt" | sed 's/^\[chat\] WCONF	//' > "$SCRATCH/results.tsv" || true
SV=$SCRATCH/WTF/Account/WOWSIM/SavedVariables/Wowless.lua
if [[ ! -s $SCRATCH/results.tsv && -f $SV ]]; then
  # with the Blizzard UI, print does not reach wow-sim's chat output: read the SavedVariable copy
  echo 'dofile(arg[1]) for _, l in ipairs(WowlessLastTestFailures["~wowless-conformance"] or {}) do print(l) end' |
    lua5.1 - "$SV" | sed 's/^WCONF	//' > "$SCRATCH/results.tsv"
fi
python3 "$REPO/scripts/wowless-summary.py" "$SCRATCH/results.tsv" "$SCRATCH/lua-errors.json" \
  --wall "$wall" --exit "$rc" ${FAILURES:+--failures "$FAILURES"}
echo "wowless-conformance: raw output in $SCRATCH (results.tsv, lua-errors.json, stderr.txt)" >&2
