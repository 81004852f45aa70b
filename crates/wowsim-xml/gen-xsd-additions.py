#!/usr/bin/env python3
"""Write data/xsd_<flavor>.txt: the element and attribute names (and value kinds) that a
client's UI.xsd accepts and the generated schema lacks, in the schema's line format, so the
embedded schema accepts them without a Blizzard UI too.

Input: the differences tests/xsd.rs reports for the flavour, one a line
(`retail attribute Texture rotation (Number)`, `retail child Font FontHeight`,
`retail tag FontHeight`), e.g.

  WOWSIM_UI_RETAIL=.../Interface/AddOns cargo test -p wowsim-xml --test xsd 2>&1 \
    | grep 'not in the embedded' | sed 's/: in .*//' | gen-xsd-additions.py retail

An attribute missing on every concrete tag under a common base is written once, on the base.
`intrinsic` differences are not closed here (data/xsd_differences.txt lists them).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def read_schema(flavor):
    """Tag → (extends, virtual, attributes) of data/<flavor>.txt and data/overrides.txt."""
    tags = {}
    cur = None
    for name in (f"{flavor}.txt", "overrides.txt"):
        for line in open(os.path.join(HERE, "data", name), encoding="utf-8"):
            f = line.rstrip("\n").split("\t")
            if f[0] == "T":
                cur = f[1]
                t = tags.setdefault(cur, {"extends": None, "virtual": False, "attrs": set()})
                for x in f[2:]:
                    if x.startswith("extends="):
                        t["extends"] = x[len("extends="):]
                    elif x == "virtual":
                        t["virtual"] = True
            elif f[0] == "A" and cur:
                tags[cur]["attrs"].add(f[1].lower())
    return tags


def chain(tags, t):
    out = []
    while t in tags and t not in out:
        out.append(t)
        t = tags[t]["extends"]
    return out


def main():
    flavor = sys.argv[1]
    tags = read_schema(flavor)
    new_tags, attrs, children = [], {}, {}
    for line in sys.stdin:
        f = line.split()
        if len(f) < 3 or f[0] != flavor:
            continue
        kind = f[1]
        if kind == "tag":
            new_tags.append(f[2])
            tags.setdefault(f[2], {"extends": None, "virtual": False, "attrs": set()})
        elif kind == "attribute":
            ty = f[4].strip("()").lower() if len(f) > 4 else "string"
            attrs.setdefault((f[3], ty), set()).add(f[2])
        elif kind == "child":
            children.setdefault(f[2], []).append(f[3])
    out = {}
    for (attr, ty), where in sorted(attrs.items()):
        placed = set()
        for t in sorted(where):
            best = t
            for a in chain(tags, t)[1:]:
                under = [u for u in tags if a in chain(tags, u) and not tags[u]["virtual"]]
                if all(u in where or attr in tags[u]["attrs"] for u in under):
                    best = a
            if best not in placed:
                placed.add(best)
                out.setdefault(best, []).append(f"A\t{attr}\t{ty}")
    for t, cs in children.items():
        out.setdefault(t, []).extend(f"C\t{c}" for c in sorted(set(cs)))
    print(f"# What the client's UI.xsd ({flavor}) accepts and the generated schema lacks:")
    print("# element and attribute names and value kinds (facts), written by gen-xsd-additions.py")
    print("# from the differences tests/xsd.rs reports. Same line format as data/<flavor>.txt.")
    scripts = set(children.get("Scripts", []))
    for t in new_tags:
        extra = "\textends=ScriptType\timpl=script" if t in scripts else ""
        print(f"T\t{t}{extra}")
        for line in out.pop(t, []):
            print(line)
    for t in sorted(out):
        print(f"T\t{t}")
        for line in out[t]:
            print(line)


if __name__ == "__main__":
    main()
