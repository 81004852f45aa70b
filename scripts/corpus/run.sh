#!/bin/bash
# Runs `wow-sim lua-errors` on every addon set that scripts/corpus/pack.py laid out, per flavour
# the set lists, with and without the Blizzard UI, one run at a time at low priority; keeps each
# run's JSON records and prints one line per run: set, flavour, ui|base, records, wall seconds,
# peak RSS in MB, exit code. Usage:
#   scripts/corpus/run.sh OUT RESULTS [SET...]
# OUT is pack.py's output folder, RESULTS receives <set>.<flavour>.<ui|base>.json and summary.tsv.
# Environment: WOW_SIM (the binary), RETAIL_UI and CLASSIC_ERA_UI (the Blizzard UI AddOns
# folders), TIMEOUT (seconds per run, default 300: wow-sim's own --timeout, which prints the
# records so far and one saying so; a minute later `timeout` ends a run that hangs), MODES (the
# modes to run, default "ui base": MODES=ui runs only the runs with the Blizzard UI),
# GLOBAL_STRINGS_RETAIL and GLOBAL_STRINGS_CLASSIC_ERA (optional: the user's copy of the client's
# global strings for the flavour, passed as --global-strings: a GlobalStrings.lua or .csv, or a
# folder in the BlizzardInterfaceResources layout; without them the runs use the stand-ins).
set -uo pipefail
OUT=${1:?usage: run.sh OUT RESULTS [SET...]}
RES=${2:?usage: run.sh OUT RESULTS [SET...]}
shift 2
W=${WOW_SIM:?set WOW_SIM to the wow-sim binary}
TIMEOUT=${TIMEOUT:-300}
MODES=${MODES:-ui base}
mkdir -p "$RES"
sets=("$@")
[[ ${#sets[@]} -gt 0 ]] || mapfile -t sets < <(ls "$OUT/per")
for s in "${sets[@]}"; do
  for fl in $(cat "$OUT/per/$s/.flavors"); do
    case $fl in
      retail) ui=${RETAIL_UI:?set RETAIL_UI} ;;
      classic_era) ui=${CLASSIC_ERA_UI:?set CLASSIC_ERA_UI} ;;
      *) echo "run.sh: unknown flavour $fl" >&2; exit 2 ;;
    esac
    for mode in $MODES; do
      case $mode in ui|base) ;; *) echo "run.sh: unknown mode $mode" >&2; exit 2 ;; esac
      args=(--no-saved-vars --flavor "$fl" --addons "$OUT/per/$s")
      [[ $mode == ui ]] && args+=(--blizzard-ui "$ui")
      case $fl in
        retail) gs=${GLOBAL_STRINGS_RETAIL:-} ;;
        classic_era) gs=${GLOBAL_STRINGS_CLASSIC_ERA:-} ;;
      esac
      [[ -n $gs ]] && args+=(--global-strings "$gs")
      f=$RES/$s.$fl.$mode
      nice -n 10 /usr/bin/time -f '%e %M' -o "$f.time" \
        timeout $((TIMEOUT + 60)) "$W" "${args[@]}" lua-errors --timeout "$TIMEOUT" >"$f.json" 2>"$f.err"
      rc=$?
      # the last line: /usr/bin/time puts "Command exited with non-zero status N" before it
      read -r secs kb < <(tail -n 1 "$f.time") || { secs=-; kb=0; }
      [[ $kb =~ ^[0-9]+$ ]] || kb=0
      n=$(python3 -c 'import json,sys
try: print(len(json.load(open(sys.argv[1]))))
except Exception: print("?")' "$f.json")
      line=$(printf '%s\t%s\t%s\t%s\t%s\t%s\t%s' "$s" "$fl" "$mode" "$n" "$secs" "$((kb / 1024))" "$rc")
      echo "$line" | tee -a "$RES/summary.tsv"
    done
  done
done
