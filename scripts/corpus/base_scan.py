#!/usr/bin/env python3
"""Which names of Blizzard's UI the development corpus uses, and which of them the built-in base lacks.

For each flavour, the names a Blizzard UI tree defines (its Lua globals and functions, mixins,
XML templates and font objects) are read from the files its TOCs load for that flavour; then the
files each corpus addon loads for the flavour (its flavour TOC, the XML includes and scripts it
names) are read for the uses of those names: identifiers in Lua code and XML scripts, XML
`inherits=`, `mixin=`, `font=`/`style=` and `function=`, and string literals (template names in
`CreateFrame(..., "A, B")`, font names in `SetFontObject("X")`). It is a static scan: code that
runs late counts as much as code that runs at load. Each name is then checked against the
built-in base by one wow-sim run without a Blizzard UI, with one probe addon whose file reads
every name (a global or font: its value; a template: an object made that inherits it).

Usage: base_scan.py OUT [--markdown] [--min N]
       base_scan.py --clean RESULTS... (run.sh results, each with .ui.json and/or .base.json runs:
       per flavour, how many sets load clean with the Blizzard UI and how many of those load
       clean on the base; a later RESULTS folder's run of a set replaces an earlier one's)
  OUT is pack.py's output (OUT/per/<set>/.flavors and the set's addon folders).
Environment: WOW_SIM (the binary), RETAIL_UI and CLASSIC_ERA_UI (and CLASSIC_UI for Mists
Classic, used when a set declares `classic`): the Blizzard UI AddOns folders.
Prints one line per name (flavour, kind, name, addons using it, provided or missing); with
--markdown the table of docs/base-coverage.md (names used by at least --min addons, default 3).
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

TOC_SUFFIXES = {
    "retail": ["_Standard", "-Standard", "_Mainline", "-Mainline", ""],
    "classic": ["_Mists", "-Mists", "_Classic", "-Classic", ""],
    "classic_era": ["_Vanilla", "-Vanilla", "_Classic", "-Classic", ""],
}
TOC_WORDS = {  # [Family] and [Game] in TOC file lines
    "retail": ("Mainline", "Standard"),
    "classic": ("Classic", "Mists"),
    "classic_era": ("Classic", "Vanilla"),
}
UI_ENV = {"retail": "RETAIL_UI", "classic": "CLASSIC_UI", "classic_era": "CLASSIC_ERA_UI"}

# A name read as a global: not a field (`.x`, `:x`), not a key or the target of an assignment (`x =`).
IDENT = re.compile(r"(?<![.:\w])([A-Za-z_][A-Za-z0-9_]*)(?!\s*=[^=]|\w)")
# Comments and string literals of Lua, in one pass so that `--` in a string is no comment.
LUA_NONCODE = re.compile(r"--\[(=*)\[.*?\]\1\]|--[^\n]*|\[(=*)\[(.*?)\]\2\]|"
                         r"\"((?:\\.|[^\"\\\n])*)\"|'((?:\\.|[^'\\\n])*)'", re.S)


def split_lua(text):
    """(the code without comments and strings, the string literals' contents)."""
    strings = []

    def keep(m):
        if m.group(0).startswith("--"):
            return " "
        strings.append(next((g for g in m.group(3, 4, 5) if g is not None), ""))
        return '""'

    return LUA_NONCODE.sub(keep, text), strings
XML_ATTR = re.compile(r"\b(inherits|mixin|secureMixin|font|style|function|parentKey|name)\s*=\s*\"([^\"]*)\"")
XML_SCRIPT = re.compile(r"<(On[A-Za-z]+|Script)\b[^>]*>(.*?)</\1>", re.S)
XML_INCLUDE = re.compile(r"<(?:Include|Script)\b[^>]*\bfile\s*=\s*\"([^\"]+)\"", re.I)


def find_ci(folder, rel):
    """`rel` (a client path, `\\` or `/`) under `folder`, matched case-insensitively as the client does."""
    cur = folder
    for part in re.split(r"[\\/]+", rel.strip()):
        if part in ("", "."):
            continue
        if part == "..":
            cur = os.path.dirname(cur)
            continue
        try:
            names = os.listdir(cur)
        except OSError:
            return None
        hit = next((n for n in names if n.lower() == part.lower()), None)
        if hit is None:
            return None
        cur = os.path.join(cur, hit)
    return cur


def toc_of(folder, flavor):
    """The TOC file the client reads for this addon folder and flavour, or None."""
    base = os.path.basename(folder)
    for suf in TOC_SUFFIXES[flavor]:
        p = find_ci(folder, f"{base}{suf}.toc")
        if p and os.path.isfile(p):
            return p
    return None


def read(path):
    with open(path, encoding="utf-8-sig", errors="replace") as f:
        return f.read()


def loaded_files(folder, flavor):
    """The Lua and XML files the flavour's TOC of `folder` loads, XML includes followed; and
    whether the TOC says LoadOnDemand."""
    toc = toc_of(folder, flavor)
    if toc is None:
        return [], False
    family, game = TOC_WORDS[flavor]
    out, seen, lod = [], set(), False

    def visit(path):
        if path is None or path in seen or not os.path.isfile(path):
            return
        seen.add(path)
        out.append(path)
        if path.lower().endswith(".xml"):
            here = os.path.dirname(path)
            for inc in XML_INCLUDE.findall(read(path)):
                visit(find_ci(here, inc))

    for line in read(toc).splitlines():
        line = line.strip()
        if line.startswith("##"):
            if re.match(r"##\s*LoadOnDemand\s*:\s*1", line):
                lod = True
            continue
        if not line or line.startswith("#"):
            continue
        line = re.sub(r"\s+\[AllowLoad[^\]]*\]$", "", line)
        line = line.replace("[Family]", family).replace("[Game]", game)
        if line.lower().endswith((".lua", ".xml")):
            visit(find_ci(folder, line))
    return out, lod


def value_type(value):
    """The Lua type of an assignment's value from its first token, when that says it: a number
    literal, a string literal (split_lua leaves `""`), a table constructor, a function; None
    for any other expression."""
    if re.match(r"-?(?:\d|\.\d)", value):
        return "number"
    if value.startswith('""'):
        return "string"
    if value.startswith("{") or value.startswith(("CreateFromMixins(", "Mixin(", "CreateFrame(")):
        return "table"
    if value.startswith("function"):
        return "function"
    return None


def ui_definitions(ui, flavor):
    """name → (kind, the template's or font's tag, defined only by a load-on-demand addon, the
    value's Lua type when its assignment says it) for what the Blizzard UI's addons define for
    the flavour."""
    defs = {}

    def define(n, kind, tag, lod, vtype=None):
        old = defs.get(n)
        if old is None or (old[2] and not lod) or (old[0] == "global" and kind != "global"):
            defs[n] = (kind, tag, lod and (old is None or old[2]), vtype or (old and old[3]))
        elif vtype and not old[3]:
            defs[n] = old[:3] + (vtype,)

    for addon in sorted(os.listdir(ui)):
        files, lod = loaded_files(os.path.join(ui, addon), flavor)
        for path in files:
            text = read(path)
            if path.lower().endswith(".lua"):
                text = split_lua(text)[0]
                kind_of = lambda n: "mixin" if n.endswith("Mixin") and n != "Mixin" else "global"
                for n in re.findall(r"(?m)^function\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(", text):
                    define(n, kind_of(n), None, lod, "function")
                for n, value in re.findall(r"(?m)^([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)[ \t]*(\S*)", text):
                    define(n, kind_of(n), None, lod, value_type(value))
                continue
            for tag, attrs in re.findall(r"<([A-Za-z]+)\b([^>]*)>", text):
                m = re.search(r"\bname\s*=\s*\"([A-Za-z_][A-Za-z0-9_]*)\"", attrs)
                if not m or "$parent" in attrs:
                    continue
                n = m.group(1)
                if tag in ("Font", "FontFamily"):
                    define(n, "font", tag, lod, "table")
                elif re.search(r"\bintrinsic\s*=\s*\"true\"", attrs):
                    define(n, "template", n, lod)  # an intrinsic is made as a type of its name
                elif re.search(r"\bvirtual\s*=\s*\"true\"", attrs):
                    define(n, "template", tag, lod)
                elif tag not in ("Include", "Script", "Anchor", "KeyValue", "Attribute"):
                    define(n, "global", tag, lod, "table")
    return defs


LOCALS = re.compile(r"\blocal\s+(?:function\s+)?([A-Za-z_][\w \t,]*)|\bfunction\b[^(\n]*\(([^)]*)\)|"
                    r"\bfor\s+([A-Za-z_][\w \t,]*?)\s+in\b|\bfor\s+([A-Za-z_]\w*)\s*=")


def locals_of(code):
    """The names a Lua file declares as locals, parameters or loop variables (so a local that
    shares a Blizzard global's name is not counted as a use of it)."""
    out = set()
    for groups in LOCALS.findall(code):
        for g in groups:
            out.update(re.findall(r"[A-Za-z_]\w*", g.split("=")[0]))
    return out


def lua_uses(text, defs):
    """The defined names a piece of Lua uses: identifiers that are no local of its own, and
    template and font names in its string literals."""
    code, strings = split_lua(text)
    own = locals_of(code)
    used = {n for n in IDENT.findall(code) if n in defs and n not in own}
    for lit in strings:
        for n in re.split(r"[,\s]+", lit.strip()):
            if n in defs and defs[n][0] in ("template", "font"):
                used.add(n)
    return used


def uses_in(path, defs):
    """The defined names one addon file uses."""
    text = read(path)
    if path.lower().endswith(".lua"):
        return lua_uses(text, defs)
    used = set()
    for attr, val in XML_ATTR.findall(text):
        if attr in ("parentKey", "name"):
            continue
        for n in re.split(r"[,\s]+", val):
            if n in defs:
                used.add(n)
    for _, body in XML_SCRIPT.findall(text):
        used |= lua_uses(body, defs)
    return used


def corpus_uses(out, flavor, defs):
    """name → sorted addon folders (by folder name) of the corpus that use it for the flavour."""
    by_name = defaultdict(set)
    per = os.path.join(out, "per")
    for s in sorted(os.listdir(per)):
        flavors = read(os.path.join(per, s, ".flavors")).split()
        if flavor not in flavors:
            continue
        for addon in sorted(os.listdir(os.path.join(per, s))):
            folder = os.path.join(per, s, addon)
            if addon.startswith(".") or not os.path.isdir(folder):
                continue
            files, _ = loaded_files(folder, flavor)
            for path in files:
                for n in uses_in(path, defs):
                    by_name[n].add(addon)
    return by_name


CHECK_LUA = r"""
local names = %s
-- A global string's stand-in (global_strings/mod.rs): the name itself, the name and its
-- format's specifiers, or a slash command's lower-case name.
local function standIn(n, v)
  return type(v) == "string" and (v == n or v:sub(1, #n + 1) == n .. " " or v == n:lower())
end
local function state(n, kind, tag, want)
  if kind ~= "template" then
    local v = reads[n]
    if v == nil then
      return "missing"
    elseif standIn(n, v) then
      return "stand-in"
    elseif want and type(v) ~= want then
      return "wrong-type:" .. type(v)
    end
    return "provided"
  end
  local ok, err
  if tag == "Texture" then
    ok, err = pcall(UIParent.CreateTexture, UIParent, nil, "ARTWORK", n)
  elseif tag == "FontString" then
    ok, err = pcall(UIParent.CreateFontString, UIParent, nil, "ARTWORK", n)
  elseif tag == n then -- an intrinsic: a type of its own name
    ok, err = pcall(CreateFrame, n, nil, UIParent)
  else
    ok, err = pcall(CreateFrame, tag or "Frame", nil, UIParent, n)
  end
  err = tostring(err)
  local found = ok or not (err:find("Couldn't find inherited node", 1, true) or err:find("Unknown frame type", 1, true))
  return found and "provided" or "missing"
end
for _, e in ipairs(names) do
  print("BASESCAN " .. e[1] .. " " .. state(e[1], e[2], e[3], e[4]))
end
"""


def lua_quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def base_provides(flavor, entries):
    """name → "provided" when the built-in base (no Blizzard UI) has it, seen from an addon of one
    Lua file that reads every name (names the client defines for the code that reads them, such
    as global strings and colours, appear only then); "stand-in" when what it reads is a global
    string's stand-in (the name as its own value; the UI's value never is);
    "wrong-type:T" when the UI's assignment says another type; else "missing"."""
    q = lambda v: lua_quote(v) if v else "nil"
    rows = ",".join("{%s,%s,%s,%s}" % (lua_quote(n), lua_quote(k), q(t), q(w)) for n, k, t, w in entries)
    with tempfile.TemporaryDirectory() as tmp:
        probe = os.path.join(tmp, "BaseScanProbe")
        os.mkdir(probe)
        with open(os.path.join(probe, "BaseScanProbe.toc"), "w") as f:
            f.write("## Interface: %s\n## Title: BaseScanProbe\nprobe.lua\n"
                    % {"retail": 120001, "classic": 50500, "classic_era": 11504}[flavor])
        with open(os.path.join(probe, "probe.lua"), "w") as f:
            reads = [n for n, k, _, _ in entries if k != "template"]
            f.write("local reads = {" + ", ".join(f"{n} = {n}" for n in reads) + "}\n")
            f.write(CHECK_LUA % ("{" + rows + "}"))
        r = subprocess.run([os.environ["WOW_SIM"], "--no-saved-vars", "--no-blizzard-ui", "--flavor", flavor,
                            "--addons", tmp, "lua-errors", "--format", "text"], capture_output=True, text=True)
    got = {}
    for line in (r.stdout + r.stderr).splitlines():
        m = re.search(r"BASESCAN (\S+) (provided|missing|stand-in|wrong-type:\w+)", line)
        if m:
            got[m.group(1)] = m.group(2)
    if not got and entries:
        sys.exit(f"base_scan.py: no answers from wow-sim ({flavor}): {r.stdout[-1000:]} {r.stderr[-2000:]}")
    return got


def scan(out, flavor):
    ui = os.environ.get(UI_ENV[flavor])
    if not ui:
        sys.exit(f"base_scan.py: set {UI_ENV[flavor]} to the {flavor} Blizzard UI AddOns folder")
    defs = ui_definitions(ui, flavor)
    uses = corpus_uses(out, flavor, defs)
    entries = [(n, defs[n][0], defs[n][1], defs[n][3]) for n in sorted(uses)]
    have = base_provides(flavor, entries)
    return [(flavor, defs[n][0], n, sorted(uses[n]), have.get(n, "missing"), defs[n][2]) for n in sorted(uses)]


def markdown(rows, least):
    """The tables of docs/base-coverage.md: a summary per flavour and kind, then every name that
    at least `least` addons use."""
    print("| flavour | kind | names used | used by ≥ %d addons | of those provided |" % least)
    print("| --- | --- | --- | --- | --- |")
    summary = defaultdict(lambda: [0, 0, 0])
    for fl, kind, n, addons, have, _ in rows:
        s = summary[(fl, kind)]
        s[0] += 1
        if len(addons) >= least:
            s[1] += 1
            s[2] += have == "provided"
    for (fl, kind), (a, b, c) in sorted(summary.items()):
        print(f"| {fl} | {kind} | {a} | {b} | {c} |")
    for fl in sorted({r[0] for r in rows}):
        print(f"\n### {fl}\n")
        print("| name | kind | addons using it | provided by the base |")
        print("| --- | --- | --- | --- |")
        sel = [r for r in rows if r[0] == fl and len(r[3]) >= least]
        for _, kind, n, addons, have, lod in sorted(sel, key=lambda r: (-len(r[3]), r[2])):
            where = " (a load-on-demand addon's)" if lod else ""
            shown = {"provided": "yes", "missing": "**no**"}.get(have, f"**no** ({have})")
            print(f"| `{n}` | {kind}{where} | {len(addons)} | {shown} |")


def clean_counts(folders):
    """Per flavour: sets clean with the UI, of those clean on the base, and which are not."""
    runs = {}
    for res in folders:
        for f in sorted(os.listdir(res)):
            m = re.match(r"(.+)\.(retail|classic|classic_era)\.(ui|base)\.json$", f)
            if not m or m.group(1).startswith("("):
                continue
            try:
                with open(os.path.join(res, f)) as h:
                    runs[m.groups()] = json.load(h)
            except (OSError, ValueError):
                runs[m.groups()] = None
    print("| flavour | sets run | clean with Blizzard's UI | of those, clean on the base | not clean on the base |")
    print("| --- | --- | --- | --- | --- |")
    for fl in sorted({k[1] for k in runs}):
        sets = sorted({k[0] for k in runs if k[1] == fl}, key=str.lower)
        ui_clean = [s for s in sets if runs.get((s, fl, "ui")) == []]
        both = [s for s in ui_clean if runs.get((s, fl, "base")) == []]
        left = ", ".join(f"{s} ({len(runs.get((s, fl, 'base')) or [])})" for s in ui_clean if s not in both)
        print(f"| {fl} | {len(sets)} | {len(ui_clean)} | {len(both)} | {left or 'none'} |")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if sys.argv[1] == "--clean":
        clean_counts(sys.argv[2:])
        return
    out = sys.argv[1]
    least = int(sys.argv[sys.argv.index("--min") + 1]) if "--min" in sys.argv else 3
    flavors = set()
    for s in os.listdir(os.path.join(out, "per")):
        flavors.update(read(os.path.join(out, "per", s, ".flavors")).split())
    rows = []
    for fl in sorted(flavors):
        rows.extend(scan(out, fl))
    if "--markdown" in sys.argv:
        markdown(rows, least)
        return
    if "--json" in sys.argv:
        json.dump(rows, sys.stdout)
        return
    for fl, kind, n, addons, have, lod in sorted(rows, key=lambda r: (r[0], -len(r[3]), r[2])):
        print(f"{fl}\t{kind}\t{n}\t{len(addons)}\t{have}\t{','.join(addons)}")


if __name__ == "__main__":
    main()
