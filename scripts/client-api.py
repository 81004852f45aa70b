#!/usr/bin/env python3
"""Rebuilds crates/wowsim-data/data/client_api.tsv: the names of global C functions a flavour's
client has (its own dump of its global environment) that the wowless reference lacks, from a
checkout or bare clone of Ketho/BlizzardInterfaceResources (`Resources/GlobalAPI.lua`, dumped
in the running client by the KethoDoc addon).

Only names leave this script: no signature, no code. wow-sim gives each name a counted stub
that takes anything and returns nothing (the reference does not know its signature).

    scripts/client-api.py REPO [--retail BRANCH] [--classic-era BRANCH] \
        [--retail-ui DIR] [--classic-era-ui DIR] [--out FILE]

REPO is a git directory; each BRANCH (defaults: mainline, vanilla) is read with
`git show BRANCH:Resources/GlobalAPI.lua`. A dump older than the flavour's client (retail's
snapshot may be) can list functions the client has since removed, so with `--retail-ui DIR`
(a Blizzard UI tree of that flavour) only the names that UI's Lua or XML mentions are kept:
the UI of the newer client still calling a function is the evidence that it still exists.
The reference's names come from crates/wowsim-data/data/<flavour>/apis.json of this checkout.
"""

import argparse
import json
import os
import re
import subprocess
import sys

SOURCE = "https://github.com/Ketho/BlizzardInterfaceResources"
PATH = "Resources/GlobalAPI.lua"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# (flavour, letter, default branch)
FLAVOURS = [("retail", "r", "mainline"), ("classic_era", "e", "vanilla")]
ENTRY = re.compile(r'^\s*"([A-Za-z_][A-Za-z0-9_.]*)",\s*$')
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def git(repo, *args):
    return subprocess.run(["git", "--git-dir", repo, *args], check=True,
                          capture_output=True).stdout.decode("utf-8")


def dump(repo, branch):
    commit = git(repo, "rev-parse", branch + "^{commit}").strip()
    subject = git(repo, "log", "-1", "--format=%s", commit).strip()
    names = set()
    for line in git(repo, "show", f"{commit}:{PATH}").splitlines():
        m = ENTRY.match(line)
        if m:
            names.add(m.group(1))
    if not names:
        sys.exit(f"{branch}:{PATH}: no names read")
    return commit, subject, names


def reference(flavour):
    path = os.path.join(ROOT, "crates", "wowsim-data", "data", flavour, "apis.json")
    with open(path, encoding="utf-8") as f:
        return {a["name"] for a in json.load(f)}


GLOBAL_USE = re.compile(r"(?<![.:\w])[A-Za-z_][A-Za-z0-9_]*")
DEFINED = re.compile(r"^\s*(?:function\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(|([A-Za-z_][A-Za-z0-9_]*)\s*=[^=])",
                     re.M)


def words_of(ui):
    """What the Lua and XML files under `ui` say of names: every identifier they mention, the
    ones they use as globals (not after `.` or `:`), and the globals their Lua defines itself
    (`function X(` or `X =` at the start of a line): a name the UI defines is the UI's own
    function (a deprecated wrapper, say), not one of the client's."""
    words, used, defined = set(), set(), set()
    for base, _, files in os.walk(ui):
        for f in files:
            if f.lower().endswith((".lua", ".xml")):
                with open(os.path.join(base, f), encoding="utf-8", errors="replace") as fh:
                    text = fh.read()
                words.update(WORD.findall(text))
                used.update(GLOBAL_USE.findall(text))
                if f.lower().endswith(".lua"):
                    defined.update(a or b for a, b in DEFINED.findall(text))
    return words, used, defined


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("repo")
    for flavour, _, default in FLAVOURS:
        opt = flavour.replace("_", "-")
        ap.add_argument("--" + opt, default=default, metavar="BRANCH")
        ap.add_argument("--" + opt + "-ui", metavar="DIR")
    ap.add_argument("--out", default=os.path.join(ROOT, "crates", "wowsim-data", "data",
                                                  "client_api.tsv"))
    args = ap.parse_args()
    rows = {}
    header = []
    for flavour, letter, _ in FLAVOURS:
        branch = getattr(args, flavour)
        ui = getattr(args, flavour + "_ui")
        commit, subject, names = dump(args.repo, branch)
        extra = names - reference(flavour)
        note = ""
        if ui:
            words, used, defined = words_of(ui)
            # `C_X.F` is mentioned when both parts are; a plain name must be used as a global
            # and not be defined by the UI itself.
            extra = {n for n in extra
                     if (all(p in words for p in n.split(".")) if "." in n
                         else n in used and n not in defined)}
            note = (", only the names a Blizzard UI tree of the flavour uses as globals and does"
                    " not define itself")
        header.append(f"#   {letter} = {flavour}: branch {branch}, commit {commit} ({subject}): "
                      f"{len(names)} names, {len(extra)} the reference lacks{note}")
        for n in extra:
            rows.setdefault(n, []).append(letter)
    lines = [
        "# Global C functions each flavour's client has (its dump of its global environment)",
        "# that the wowless reference (crates/wowsim-data/data/<flavour>/apis.json) lacks.",
        "# Names only: wow-sim stubs each (any arguments, no results, counted).",
        f"# Generated by scripts/client-api.py from {SOURCE}, {PATH}:",
        *header,
        "# Columns (tab-separated): NAME, the flavour letters whose client has it.",
    ]
    lines += [f"{n}\t{''.join(ls)}" for n, ls in sorted(rows.items())]
    text = "\n".join(lines) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)


if __name__ == "__main__":
    main()
