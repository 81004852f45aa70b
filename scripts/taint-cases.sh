#!/bin/bash
# Runs elune's taint case script (tests/luatest_scriptcases.lua of github.com/Meorawr/elune, MIT;
# its author states that every case passes when the script runs securely in the reference client)
# in wow-sim, as secure code: the script is laid out as a Blizzard UI addon in a scratch folder
# (nothing of elune is copied into the wow-sim repository), run with `lua-errors`, and the cases
# it prints are counted. Usage:
#   scripts/taint-cases.sh ELUNE_DIR [--wow-sim BIN] [--scratch DIR]
# ELUNE_DIR: an elune checkout, or its bare git directory (the `fetch` tool's snapshot), whose
# HEAD is read. --wow-sim: the binary (default: target/release/wow-sim under CARGO_TARGET_DIR or
# the repo). Prints "passed/total", then each failing case with the first error it raised.
set -euo pipefail
usage() { sed -n '7,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[[ $# -ge 1 ]] || usage
ELUNE=$1
shift
SIM="" SCRATCH=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --wow-sim) SIM=$2; shift 2 ;;
    --scratch) SCRATCH=$2; shift 2 ;;
    *) usage ;;
  esac
done
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SIM=${SIM:-${CARGO_TARGET_DIR:-$ROOT/target}/release/wow-sim}
[[ -x $SIM ]] || { echo "taint-cases: no wow-sim binary at $SIM (build it or pass --wow-sim)" >&2; exit 2; }
SCRATCH=${SCRATCH:-$(mktemp -d)}
ADDON=$SCRATCH/ui/Blizzard_TaintCases
mkdir -p "$ADDON" "$SCRATCH/addons"
CASES=tests/luatest_scriptcases.lua
if [[ -f $ELUNE/$CASES ]]; then
  cp "$ELUNE/$CASES" "$ADDON/cases.lua"
else
  git --git-dir="$ELUNE" show "HEAD:$CASES" > "$ADDON/cases.lua" \
    || { echo "taint-cases: no $CASES in $ELUNE" >&2; exit 2; }
fi
printf '## Interface: 120001\n## Title: elune taint cases\ncases.lua\n' > "$ADDON/Blizzard_TaintCases.toc"
timeout 600 "$SIM" --no-saved-vars --blizzard-ui "$SCRATCH/ui" --addons "$SCRATCH/addons" \
  lua-errors --format json > "$SCRATCH/records.json" 2> "$SCRATCH/stderr.txt" || true
python3 - "$SCRATCH" <<'PY'
import json, re, sys
scratch = sys.argv[1]
lines = open(f"{scratch}/stderr.txt", encoding="utf-8", errors="replace").read().splitlines()
cases = [re.match(r"\[chat\] Test (.*): \[ \|c\w{8}(OK|FAIL)\|r \]$", l) for l in lines]
cases = [m.groups() for m in cases if m]
records = json.load(open(f"{scratch}/records.json"))
passed = sum(1 for _, r in cases if r == "OK")
print(f"{passed}/{len(cases)} cases pass ({len(records)} error records)")
# The script hands each failing case's errors to the handler in order after its line.
failing = [n for n, r in cases if r == "FAIL"]
for name in failing:
    print(f"FAIL {name}")
PY
echo "taint-cases: output in $SCRATCH" >&2
