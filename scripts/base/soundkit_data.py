#!/usr/bin/env python3
"""Writes the built-in base's sound kit table (crates/wowsim-core/src/base/base_soundkit.lua).

`SOUNDKIT` is the client's table of sound kit names and their numeric ids (`PlaySound(SOUNDKIT.X)`).
The ids are facts of each client, read here from a Blizzard UI tree's `SoundKitConstants.lua`
(retail: Blizzard_SharedXML/Mainline, Classic Era: Blizzard_SharedXML/Vanilla); the output is
name/id rows only (in three sections: both flavours, retail only, Classic Era only), never the
file's code or comments.

Usage: soundkit_data.py RETAIL_UI CLASSIC_ERA_UI > crates/wowsim-core/src/base/base_soundkit.lua
  RETAIL_UI and CLASSIC_ERA_UI are the Interface/AddOns folders of the two UI trees.
"""
import os
import re
import sys

ROW = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(-?\d+)\s*[,;]?\s*(--.*)?$")


def read(path):
    kits = {}
    for line in open(path, encoding="utf-8"):
        m = ROW.match(line)
        if m:
            kits[m.group(1)] = int(m.group(2))
    return kits


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    retail = read(os.path.join(sys.argv[1], "Blizzard_SharedXML", "Mainline", "SoundKitConstants.lua"))
    era = read(os.path.join(sys.argv[2], "Blizzard_SharedXML", "Vanilla", "SoundKitConstants.lua"))
    both = {k: v for k, v in retail.items() if era.get(k) == v}
    only_retail = {k: v for k, v in retail.items() if k not in both}
    only_era = {k: v for k, v in era.items() if k not in both}
    out = sys.stdout
    out.write(
        "-- wow-sim built-in base: SOUNDKIT, the client's sound kit names and their numeric ids, per\n"
        "-- flavour (data, not code: name/id rows written by scripts/base/soundkit_data.py from the\n"
        "-- retail 12.0.1 and Classic Era 1.15.4 UI trees' SoundKitConstants.lua; Mists Classic\n"
        "-- takes the Classic Era rows). Each flavour gets the common rows and its own.\n"
        "local KITS = [[\n"
    )
    for title, rows in (("common", both), ("retail", only_retail), ("classic", only_era)):
        out.write("[%s]\n" % title)
        for k in sorted(rows):
            out.write("%s %d\n" % (k, rows[k]))
    out.write(
        "]]\n\n"
        "local section = WOW_PROJECT_ID == WOW_PROJECT_MAINLINE and \"retail\" or \"classic\"\n"
        "local kits, current = {}, nil\n"
        "for line in KITS:gmatch(\"[^\\n]+\") do\n"
        "  local s = line:match(\"^%[(%w+)%]$\")\n"
        "  if s then\n"
        "    current = s\n"
        "  elseif current == \"common\" or current == section then\n"
        "    local name, id = line:match(\"^(%S+) (%-?%d+)$\")\n"
        "    kits[name] = tonumber(id)\n"
        "  end\n"
        "end\n"
        "SOUNDKIT = kits\n"
        "if section == \"classic\" then\n"
        "  SOUNDKIT_ALLOW_DUPLICATES = false\n"
        "end\n"
    )


main()
