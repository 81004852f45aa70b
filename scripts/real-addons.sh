#!/bin/bash
# Lays out public copies of real addons as a user would have them installed (an AddOns folder),
# with the libraries their .pkgmeta `externals` name taken from their own public repositories.
# Inputs: git directories of the repositories (as the `fetch` tool leaves them under MIRROR) and
# an Ace3 checkout. Nothing here is copied into the wow-sim repository. Usage:
#   scripts/real-addons.sh OUT_DIR   (writes OUT_DIR/AddOns and the per-addon sets OUT_DIR/per;
#   prints the commit of each source)
set -euo pipefail
OUT=${1:?usage: real-addons.sh OUT_DIR}
MIRROR=${MIRROR:-/work/.mirror}
ACE3=${ACE3:-/work/inputs/addons-ace3/Ace3}
A=$OUT/AddOns
rm -rf "$A"
mkdir -p "$A"

gitdir() { local d=$MIRROR/${1/\//+}/repo; [[ -d $d/.git ]] && d=$d/.git; echo "$d"; }
# put REPO[@COMMIT] [SUBDIR] DEST: the tree of REPO's HEAD or COMMIT (or SUBDIR of it) becomes DEST
put() {
  local repo=${1%@*} rev=HEAD; [[ $1 == *@* ]] && rev=${1#*@}
  local g; g=$(gitdir "$repo")
  mkdir -p "$3"
  # a snapshot may lack its largest files (listed, content absent): those are left out, counted
  local absent
  absent=$(python3 - "$g" "$rev${2:+:$2}" "$3" <<'PY'
import os, subprocess, sys
gitdir, tree, dest = sys.argv[1:]
git = ["git", "--git-dir=" + gitdir]
entries = []
for line in subprocess.run(git + ["ls-tree", "-r", "-z", tree], check=True,
                           capture_output=True).stdout.split(b"\0"):
    if not line:
        continue
    meta, path = line.split(b"\t", 1)
    mode, kind, sha = meta.split()
    if kind == b"blob":
        entries.append((mode, sha, path))
cat = subprocess.Popen(git + ["cat-file", "--batch"], stdin=subprocess.PIPE,
                       stdout=subprocess.PIPE)
absent = 0
for mode, sha, path in entries:
    cat.stdin.write(sha + b"\n")
    cat.stdin.flush()
    header = cat.stdout.readline().split()
    if header[-1] == b"missing":
        absent += 1
        continue
    data = cat.stdout.read(int(header[2]))
    cat.stdout.read(1)
    out = os.path.join(dest.encode(), path)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "wb") as f:
        f.write(data)
    if mode == b"100755":
        os.chmod(out, 0o755)
print(absent)
PY
  )
  # the packager exports svn-hosted libraries with their `$Revision$` keywords expanded; a git
  # mirror keeps them bare, so expand them to the mirror's commit count as a stand-in revision
  grep -rlZ --include='*.lua' '\$Revision\$' "$3" 2>/dev/null |
    xargs -0 -r sed -i "s/\\\$Revision\\\$/\$Revision: $(git --git-dir="$g" rev-list --count "$rev") \$/g" || true
  local note=""; [[ $absent == 0 ]] || note=" ($absent files absent from the snapshot)"
  echo "$repo $(git --git-dir="$g" rev-parse "$rev") ${2:-.} -> ${3#"$OUT"/}$note"
}
ace() { mkdir -p "$2"; cp -r "$ACE3/$1" "$2/"; }

# --- DBM: DBM-Core, DBM-StatusBarTimers, DBM-GUI (move-folders of its .pkgmeta) ---
D=DeadlyBossMods/DeadlyBossMods
for f in DBM-Core DBM-StatusBarTimers DBM-GUI; do put $D "$f" "$A/$f"; done
L=$A/DBM-Core/Libs
ace LibStub "$L"; ace CallbackHandler-1.0 "$L"
mkdir -p "$L/ChatThrottleLib"; cp "$ACE3/AceComm-3.0/ChatThrottleLib.lua" "$L/ChatThrottleLib/"
put wowace-clone/LibChatAnims LibChatAnims "$L/LibChatAnims"
put wowace-clone/LibSharedMedia-3.0 LibSharedMedia-3.0 "$L/LibSharedMedia-3.0"
put BigWigsMods/LibKeystone LibKeystone "$L/LibKeystone"
put tekkub/libdatabroker-1-1 "" "$L/LibDataBroker-1.1"
put Questie/Questie Libs/LibDBIcon-1.0 "$L/LibDBIcon-1.0"
put SafeteeWoW/LibDeflate "" "$L/LibDeflate"
put rossnichols/LibSerialize "" "$L/LibSerialize"
put BigWigsMods/LibSpecialization LibSpecialization "$L/LibSpecialization"
put Stanzilla/LibCustomGlow "" "$L/LibCustomGlow-1.0"
# LibLatency and LibDurability are hosted on wowace only (svn): take the unchanged copies that an
# addon collection keeps in its packaged DBM-Core (version 2 of both, the retail C_ChatInfo ones)
put aby-ui/repo-base DBM-Core/Libs/LibLatency "$L/LibLatency"
put aby-ui/repo-base DBM-Core/Libs/LibDurability "$L/LibDurability"

# --- Details with its plugin folders (move-folders), Plater (libs are in the repository) ---
put Tercioo/Details-Damage-Meter "" "$A/Details"
for p in "$A"/Details/plugins/*/; do mv "$p" "$A/"; done
put Tercioo/Plater-Nameplates "" "$A/Plater"

# --- Bartender4 ---
put Nevcairiel/Bartender4 "" "$A/Bartender4"
L=$A/Bartender4/libs
for l in LibStub CallbackHandler-1.0 AceAddon-3.0 AceDB-3.0 AceDBOptions-3.0 AceEvent-3.0 \
  AceConsole-3.0 AceHook-3.0 AceLocale-3.0 AceGUI-3.0 AceConfig-3.0; do ace $l "$L"; done
# LibKeyBound-1.0 is hosted on wowace only; Tuller/LibKeyBound-1.0 stops in 2016 (revision 100000+1).
# The newest copy found is the one a 2026 UI suite embeds unchanged (revision 126, 100000+4)
put zol-wow/QUI libs/LibKeyBound-1.0 "$L/LibKeyBound-1.0"
# LibActionButton-1.0 from its author's repository (12.x aware: LEARNED_SPELL_IN_SKILL_LINE)
put Nevcairiel/LibActionButton-1.0 "" "$L/LibActionButton-1.0"
# LibButtonGlow-1.0 (wowace only): the unchanged copy (version 8) embedded by SpellActivationOverlay
put ennvina/spellactivationoverlay libs/LibButtonGlow-1.0 "$L/LibButtonGlow-1.0"
put Questie/Questie Libs/LibDBIcon-1.0 "$L/LibDBIcon-1.0"
put wowace-clone/LibWindow-1.1 LibWindow-1.1 "$L/LibWindow-1.1"
put AdiAddons/LibDualSpec-1.0 "" "$L/LibDualSpec-1.0"
put wowace-clone/LibSharedMedia-3.0 LibSharedMedia-3.0 "$L/LibSharedMedia-3.0"
put Questie/Questie Libs/AceGUI-3.0-SharedMediaWidgets "$L/AceGUI-3.0-SharedMediaWidgets"

# --- Questie (Classic; libraries are in the repository) ---
put Questie/Questie "" "$A/Questie"

# --- BugSack and OmniCC complete: the libraries the copies in addons-real lack ---
put funkydude/BugSack "" "$A/BugSack"
L=$A/BugSack/Libs
ace LibStub "$L"; ace CallbackHandler-1.0 "$L"; ace AceComm-3.0 "$L"; ace AceSerializer-3.0 "$L"
put tekkub/libdatabroker-1-1 "" "$L/LibDataBroker-1.1"
put Questie/Questie Libs/LibDBIcon-1.0 "$L/LibDBIcon-1.0"
put wowace-clone/LibSharedMedia-3.0 LibSharedMedia-3.0 "$L/LibSharedMedia-3.0"
# BugSack shows what !BugGrabber catches (without it, BugSack only prints that it needs it).
# funkydude/BugGrabber is not reachable; datagutten/BugGrabber holds its commits up to 2021
put datagutten/BugGrabber "" "$A/!BugGrabber"
put tullamods/OmniCC OmniCC "$A/OmniCC"
put tullamods/OmniCC OmniCC_Config "$A/OmniCC_Config"
L=$A/OmniCC/libs
ace LibStub "$L"; ace CallbackHandler-1.0 "$L"; ace AceDB-3.0 "$L"; ace AceLocale-3.0 "$L"
put wowace-clone/LibSharedMedia-3.0 LibSharedMedia-3.0 "$L/LibSharedMedia-3.0"
L=$A/OmniCC_Config/libs
ace AceConfig-3.0 "$L"; ace AceDBOptions-3.0 "$L"; ace AceGUI-3.0 "$L"
put Questie/Questie Libs/AceGUI-3.0-SharedMediaWidgets "$L/AceGUI-3.0-SharedMediaWidgets"
# --- Masque complete (the copy in addons-real lacks its LibDBIcon-1.0 external) ---
put SFX-WoW/Masque "" "$A/Masque"
L=$A/Masque/Libs
for l in AceAddon-3.0 AceConfig-3.0 AceDB-3.0 AceDBOptions-3.0 AceGUI-3.0; do ace $l "$L"; done
put SFX-WoW/AceGUI-3.0_SFX-Widgets "" "$L/AceGUI-3.0_SFX-Widgets"
put Questie/Questie Libs/LibDBIcon-1.0 "$L/LibDBIcon-1.0"
put AdiAddons/LibDualSpec-1.0 "" "$L/LibDualSpec-1.0"
# --- one folder of symlinks per addon set (OUT/per/NAME): the addon with what it needs ---
REAL=${REAL:-/work/inputs/addons-real/AddOns}
P=$OUT/per
rm -rf "$P"
set_of() { local n=$1 d; shift; mkdir -p "$P/$n"; for d in "$@"; do ln -s "$d" "$P/$n/"; done; }
set_of DBM "$A/DBM-Core" "$A/DBM-StatusBarTimers" "$A/DBM-GUI"
set_of Details "$A/Details" "$A"/Details_*
set_of Plater "$A/Plater"
set_of DetailsPlater "$A/Details" "$A/Plater"
set_of Bartender4 "$A/Bartender4"
set_of Questie "$A/Questie"
set_of BugSack "$A/BugSack" "$A/!BugGrabber"
set_of OmniCC "$A/OmniCC" "$A/OmniCC_Config"
set_of Masque "$A/Masque"
for n in Ace3 LibSharedMedia-3.0 HereBeDragons LibDeflate LibCustomGlow-1.0 HandyNotes; do
  set_of "$n" "$REAL/$n"
done
echo "Ace3 $(git -C "$ACE3" rev-parse HEAD 2>/dev/null || echo '(not a git checkout)') -> Ace3 libraries"
