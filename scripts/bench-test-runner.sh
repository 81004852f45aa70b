#!/usr/bin/env bash
# Benchmarks for `wow-sim test` and combat-log replay (issue #21), figures for BENCHMARKS.md:
#   1. 200 spec files (5 tests each: frames, events, 0.1 s of virtual time) with a Blizzard UI,
#      at --jobs 1 and --jobs 2, against one file alone (start-up plus one file);
#   2. replay throughput: a synthetic combat log of N lines replayed into a counting addon.
# Usage: scripts/bench-test-runner.sh WOW_SIM_BINARY RETAIL_UI_DIR CLASSIC_ERA_UI_DIR [LINES]
set -euo pipefail
bin=${1:?wow-sim binary (release)}
retail_ui=${2:?retail Blizzard UI (Interface/AddOns)}
era_ui=${3:?Classic Era Blizzard UI (Interface/AddOns)}
lines=${4:-100000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

addon="$work/AddOns/Bench"
mkdir -p "$addon/spec"
printf '## Interface: 120001\n## Title: Bench\nBench.lua\n' > "$addon/Bench.toc"
cat > "$addon/Bench.lua" <<'LUA'
-- Counts events and combat-log lines for the benchmarks.
BenchCounts = { events = 0, cleu = 0 }
local f = CreateFrame("Frame", "BenchFrame", UIParent)
f:RegisterEvent("PLAYER_TARGET_CHANGED")
f:RegisterEvent("COMBAT_LOG_EVENT_UNFILTERED")
f:SetScript("OnEvent", function(_, event)
  if event == "COMBAT_LOG_EVENT_UNFILTERED" then
    local _, sub = CombatLogGetCurrentEventInfo()
    if sub then BenchCounts.cleu = BenchCounts.cleu + 1 end
  else
    BenchCounts.events = BenchCounts.events + 1
  end
end)
LUA
for i in $(seq -w 1 200); do
  cat > "$addon/spec/s${i}_spec.lua" <<LUA
describe("file $i", function()
  for t = 1, 5 do
    it("test " .. t, function()
      local b = CreateFrame("Button", nil, UIParent, "UIPanelButtonTemplate")
      b:SetSize(100, 22)
      b:SetPoint("CENTER")
      wowsim.FireEvent("PLAYER_TARGET_CHANGED")
      wowsim.Advance(0.1)
      assert.are.equal(t, BenchCounts.events)
    end)
  end
end)
LUA
done

measure() { # label, then the command
  local label=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" > "$work/out" 2> "$work/err" || true
  # the last line: /usr/bin/time puts "Command exited with non-zero status N" before it
  read -r wall user sys rss < <(tail -n 1 "$work/time")
  printf '%-44s wall %6.2f s  cpu %6.2f s  peak %5d MB  %s\n' "$label" "$wall" \
    "$(echo "$user + $sys" | bc)" "$((rss / 1024))" "$(tail -c 200 "$work/out" | grep -o '"passed": [0-9]*' | head -1)"
}

common=(--no-saved-vars --no-lua-cache --addons "$work/AddOns" --blizzard-ui "$retail_ui")
measure "1 spec file, retail UI" "$bin" "${common[@]}" test "$addon/spec/s001_spec.lua" --format json
measure "200 spec files, retail UI, --jobs 1" "$bin" "${common[@]}" test --jobs 1 --format json
measure "200 spec files, retail UI, --jobs 2" "$bin" "${common[@]}" test --jobs 2 --format json

# Replay: N lines, 100 a second of log time, damage between the player and a boss.
log="$work/WoWCombatLog.txt"
python3 - "$log" "$lines" <<'PY'
import sys
path, n = sys.argv[1], int(sys.argv[2])
adv = "0000000000000000,0000000000000000,1000,1000,0,0,0,0,0,0,0,0,0.0,0.0,0,0.0,60"
with open(path, "w") as f:
    f.write("1/1/2026 00:00:00.000  COMBAT_LOG_VERSION,22,ADVANCED_LOG_ENABLED,1,BUILD_VERSION,1.15.4,PROJECT_ID,2\n")
    for i in range(n):
        t = i / 100.0
        stamp = "1/1/2026 %02d:%02d:%06.3f" % (t // 3600, (t % 3600) // 60, t % 60)
        f.write(f'{stamp}  SPELL_DAMAGE,Player-1-0000AAAA,"Tess",0x511,0x0,Creature-0-1-1-1-1-0000000001,"Boss",0xa48,0x0,133,"Fireball",0x4,{adv},100,0,4,0,0,0,nil,nil,nil,nil\n')
PY
secs=$(( lines / 100 + 2 ))
era=(--no-saved-vars --no-lua-cache --flavor classic_era --addons "$work/AddOns" --blizzard-ui "$era_ui")
measure "Classic Era UI, no log, $secs s" "$bin" "${era[@]}" lua-errors --seconds "$secs" \
  --exec-lua 'error("cleu count " .. BenchCounts.cleu, 0)'
measure "Classic Era UI, $lines log lines, $secs s" "$bin" "${era[@]}" --combat-log "$log" \
  lua-errors --seconds "$secs" --exec-lua 'error("cleu count " .. BenchCounts.cleu, 0)'
# The count arrives as an error record of the --exec-lua line (a pipe gets the JSON records).
grep -o 'cleu count [0-9]*' "$work/out" | head -1
