#!/usr/bin/env python3
"""Generate crates/wowsim-data/data/<flavor>/*.json from the wowless YAML API reference.

Usage: tools/gen-data.py [WOWLESS_DATA_DIR]   (default: ../shared/reference/wowless-data beside the repository)

The YAML is read with YAML 1.2 core typing (so `on`/`Off` stay strings) and every key is
checked against the known schema: an unknown key aborts, so nothing is dropped silently.
"A key with no value means present, empty": such values become empty tables / lists.
Output is compact JSON (no whitespace), one file per kind; see crates/wowsim-data/README.md.
"""

import json
import os
import re
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "crates", "wowsim-data")
FLAVORS = {"retail": "wow", "classic": "wow_classic", "classic_era": "wow_classic_era"}


class CoreLoader(yaml.SafeLoader):
    """SafeLoader with YAML 1.2 core-schema implicit typing (no yes/no/on/off, no base 60)."""


CoreLoader.yaml_implicit_resolvers = {}


def _resolver(tag, regexp, first):
    CoreLoader.add_implicit_resolver("tag:yaml.org,2002:" + tag, re.compile(regexp), list(first))


_resolver("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""])
_resolver("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF")
_resolver("int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789")
_resolver(
    "float",
    r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
    "-+0123456789.",
)


def load(path):
    with open(path, encoding="utf-8") as f:
        return yaml.load(f, Loader=CoreLoader)


def check(d, known, where):
    """Abort on keys the generator does not know; returns d (or {} for an empty node)."""
    d = d or {}
    unknown = set(d) - set(known)
    if unknown:
        sys.exit(f"gen-data: unknown key(s) {sorted(unknown)} in {where}")
    return d


def flags(d, names, out):
    """Copy the true boolean flags / present scalar options `names` from d into out."""
    for n in names:
        v = d.get(n)
        if v is not None and v is not False:
            out[n] = v
    return out


def ty(t, where):
    """Type -> compact string: 'number', 'enum:X', 'structure:X', '[]uiobject:Frame', ..."""
    if isinstance(t, str):
        return t
    if isinstance(t, dict) and len(t) == 1:
        ((k, v),) = t.items()
        if k == "arrayof":
            return "[]" + ty(v, where)
        if k in ("enum", "structure", "uiobject", "luaobject", "stringenum") and isinstance(v, str):
            return f"{k}:{v}"
    sys.exit(f"gen-data: unknown type shape {t!r} in {where}")


def value(v):
    """YAML value -> Value JSON: null/bool/number/string, tables as [[key, value], ...]."""
    if v is None:  # present, empty
        return []
    if isinstance(v, dict):
        return [[value(k), value(x)] for k, x in v.items()]
    if isinstance(v, list):
        return [[i + 1, value(x)] for i, x in enumerate(v)]
    return v


PARAM_KEYS = ("name", "type", "nilable", "default", "stub", "stubnotnil", "permissive")


def param(p, where, name=None):
    """Param -> [name|null, type] or [name|null, type, {nilable, default, stub, ...}]."""
    p = check(p, PARAM_KEYS, where)
    if name is None and p.get("name") is not None:
        name = str(p["name"])
    opts = flags(p, ("nilable", "stubnotnil", "permissive"), {})
    for k in ("default", "stub"):
        if k in p:
            opts[k] = value(p[k])
    out = [name, ty(p["type"], where) if "type" in p else "unknown"]
    return out + [opts] if opts else out


def params(lst, where):
    return [param(p, where) for p in (lst or [])]


FUNC_FLAGS = ("mayreturnnothing", "stubnothing", "instride", "outstride", "stuboutstrides")


def function(name, f, extra_keys, where):
    """Common shape of apis and methods: inputs/outputs are omitted when unknown."""
    f = check(f, ("inputs", "outputs") + FUNC_FLAGS + extra_keys, where)
    out = {"name": name}
    for k in ("inputs", "outputs"):
        if k in f:
            out[k] = params(f[k], f"{where}.{k}")
    return flags(f, FUNC_FLAGS, out)


def gen_apis(d):
    keys = ("impl", "protected", "secureonly", "unsupported", "platform", "usage")
    out = []
    for name in sorted(d):
        a = function(name, d[name], keys, f"apis.{name}")
        out.append(flags(d[name] or {}, keys[:-1], a))  # `usage` is prose: dropped
    return out


def gen_events(d):
    out = []
    for name in sorted(d):
        e = check(d[name], ("payload", "callback", "noscript", "restricted", "stride"), name)
        ev = {"name": name, "payload": params(e.get("payload"), f"events.{name}")}
        out.append(flags(e, ("callback", "noscript", "restricted", "stride"), ev))
    return out


def enum_value(v, where):
    if isinstance(v, str) and v.startswith("0x"):
        return int(v, 16)
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    sys.exit(f"gen-data: bad enum value {v!r} in {where}")


def gen_enums(d):
    out = []
    for name in sorted(d):
        vals = check(d[name], ("values",), name).get("values") or {}
        pairs = sorted(((str(k), enum_value(v, name)) for k, v in vals.items()), key=lambda p: (p[1], p[0]))
        out.append({"name": name, "values": [list(p) for p in pairs]})
    return out


def gen_stringenums(d):
    return [{"name": n, "values": sorted(str(k) for k in (d[n] or {}))} for n in sorted(d)]


def gen_structures(d):
    out = []
    for name in sorted(d):
        s = check(d[name], ("fields", "mixin"), name)
        fields = [param(f, f"structures.{name}.{fn}", name=str(fn)) for fn, f in (s.get("fields") or {}).items()]
        out.append(flags(s, ("mixin",), {"name": name, "fields": fields}))
    return out


def gen_globals(d):
    return [[str(k), value(v)] for k, v in sorted(d.items())]


def gen_cvars(d):
    out = []
    for name in sorted(d):
        c = check(d[name], ("default", "account", "character", "locked", "readonly", "secure"), name)
        out.append(flags(c, ("default", "account", "character", "locked", "readonly", "secure"), {"name": name}))
    return out


def method_impl(i, where):
    i = check(i, ("getter", "setter", "settexture", "uiobjectimpl"), where)
    if len(i) != 1:
        sys.exit(f"gen-data: method impl {i!r} in {where}")
    ((k, v),) = i.items()
    if k in ("getter", "setter"):
        return {k: [check(x, ("name",), where)["name"] for x in v]}
    if k == "settexture":
        return {k: check(v, ("field", "extra", "shown", "return"), where)}
    return {k: v}


def gen_methods(ms, where, extra=()):
    out = []
    for mn, m in (ms or {}).items():
        ks = ("impl", "manualinputs") + extra
        meth = function(str(mn), m, ks, f"{where}.{mn}")
        m = m or {}
        if "impl" in m:
            meth["impl"] = method_impl(m["impl"], f"{where}.{mn}")
        out.append(flags(m, ("manualinputs",), meth))
    return out


def gen_uiobjects(d):
    keys = ("fields", "inherits", "methods", "virtual", "singleton", "objectType", "childField", "scripts")
    out = []
    for name in sorted(d):
        o = check(d[name], keys + ("fieldinitoverrides",), name)
        fields = []
        for fn, f in (o.get("fields") or {}).items():
            f = check(f, ("type", "init", "nilable", "dynamicinit"), f"{name}.{fn}")
            fo = {"name": str(fn), "type": ty(f["type"], f"{name}.{fn}")}
            if "init" in f:
                fo["init"] = value(f["init"])
            fields.append(flags(f, ("nilable", "dynamicinit"), fo))
        uo = {
            "name": name,
            "inherits": sorted(o.get("inherits") or {}),
            "fields": fields,
            "methods": gen_methods(o.get("methods"), f"uiobjects.{name}"),
            "scripts": sorted(o.get("scripts") or {}),
            "fieldinitoverrides": [[k, value(v)] for k, v in (o.get("fieldinitoverrides") or {}).items()],
        }
        out.append(flags(o, ("virtual", "singleton", "objectType", "childField"), uo))
    return out


def gen_luaobjects(d):
    out = []
    for name in sorted(d):
        o = check(d[name], ("methods", "inherits", "impl", "virtual"), name)
        lo = {"name": name, "methods": gen_methods(o.get("methods"), f"luaobjects.{name}")}
        out.append(flags(o, ("inherits", "impl", "virtual"), lo))
    return out


def xml_tag_impl(i, where):
    if isinstance(i, str):
        if i not in ("transparent", "loadstring", "unknowntype"):
            sys.exit(f"gen-data: unknown xml tag impl {i!r} in {where}")
        return i
    i = check(i, ("uiobject", "script", "call"), where)
    ((k, v),) = i.items()
    if k == "script":
        return {k: check(v, ("args",), where)}
    if k == "call":
        return {k: check(v, ("argument", "parentmethod", "parenttype"), where)}
    return {k: v}


def gen_xml(d):
    tag_keys = ("extends", "virtual", "sealed", "root", "containmentwarnings", "phase")
    out = []
    for name in sorted(d):
        t = check(d[name], tag_keys + ("attributes", "contents", "impl"), name)
        attrs = []
        for an, a in (t.get("attributes") or {}).items():
            where = f"xml.{name}.{an}"
            a = check(a, ("type", "impl", "phase", "required", "warnsoninvalid"), where)
            ao = {"name": str(an), "type": ty(a["type"], where)}
            if isinstance(a.get("impl"), str):
                if a["impl"] not in ("internal", "loadfile"):
                    sys.exit(f"gen-data: unknown xml attribute impl {a['impl']!r} in {where}")
                ao["impl"] = a["impl"]
            elif "impl" in a:
                ao["impl"] = check(a["impl"], ("field", "method", "scope"), where)
            attrs.append(flags(a, ("phase", "required", "warnsoninvalid"), ao))
        tag = {"name": name, "attributes": attrs}
        contents = t.get("contents")
        if contents == "text":
            tag["text"] = True
        elif contents is not None:
            tag["children"] = sorted(check(contents, ("tags",), name).get("tags") or {})
        if "impl" in t:
            tag["impl"] = xml_tag_impl(t["impl"], name)
        out.append(flags(t, tag_keys, tag))
    return out


def gen_build(d, gametypes):
    b = check(d, ("build", "date", "gametype", "hash", "test", "tocversion", "version"), "build")
    gt = gametypes.get(b["gametype"]) or {}
    return {
        "version": str(b["version"]),
        "build": str(b["build"]),
        "date": str(b["date"]),
        "tocversion": b["tocversion"],
        "gametype": b["gametype"],
        "family": gt.get("family"),
        "expansion_level": gt.get("expansion_level"),
        "hash": b["hash"],
        "test": bool(b.get("test")),
    }


KINDS = {
    "apis": gen_apis,
    "events": gen_events,
    "enums": gen_enums,
    "stringenums": gen_stringenums,
    "structures": gen_structures,
    "globals": gen_globals,
    "cvars": gen_cvars,
    "uiobjects": gen_uiobjects,
    "luaobjects": gen_luaobjects,
    "xml": gen_xml,
    "scripttypes": lambda d: sorted(d),
    "config": value,  # wowless product settings, kept as a generic Value table
}


def write_json(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        f.write("\n")


def commit_of(src):
    with open(os.path.join(src, "README.md"), encoding="utf-8") as f:
        m = re.search(r"commit ([0-9a-f]{40})[^\n]*", f.read())
    return m.group(1) if m else "unknown"


def write_notice(src):
    with open(os.path.join(src, "LICENSE"), encoding="utf-8") as f:
        licence = f.read()
    text = (
        "The files under data/ are derived from the wowless project's API data\n"
        "(https://github.com/wowless/wowless, data/products/*), commit "
        f"{commit_of(src)},\n"
        "converted by tools/gen-data.py. That data is used under the following licence:\n\n"
    )
    with open(os.path.join(OUT, "NOTICE"), "w", encoding="utf-8") as f:
        f.write(text + licence)


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../shared/reference/wowless-data")
    gametypes = load(os.path.join(src, "gametypes.yaml"))
    for flavor, product in FLAVORS.items():
        pdir = os.path.join(src, "products", product)
        odir = os.path.join(OUT, "data", flavor)
        os.makedirs(odir, exist_ok=True)
        write_json(os.path.join(odir, "build.json"), gen_build(load(os.path.join(pdir, "build.yaml")), gametypes))
        for kind, gen in KINDS.items():
            write_json(os.path.join(odir, kind + ".json"), gen(load(os.path.join(pdir, kind + ".yaml")) or {}))
    write_notice(src)


if __name__ == "__main__":
    main()
