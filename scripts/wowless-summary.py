#!/usr/bin/env python3
"""Counts the records scripts/wowless-report.lua printed (wowless's test suite in wow-sim):
passed/total and the pass rate, overall and by category, the failures by category, whether the
suite finished, and which async test it was waiting on. Used by scripts/wowless-conformance.sh."""
import argparse
import json
import sys
from collections import Counter, defaultdict


def unesc(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            out.append({"n": "\n", "t": "\t", "\\": "\\"}.get(s[i + 1], s[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def category(path):
    """The suite's top-level test, or generated.X for the generated tests (~cfuncs → cfuncs)."""
    if path[0] == "generated" and len(path) > 1:
        return "generated." + path[1].lstrip("~")
    return path[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("results")
    ap.add_argument("errors")
    ap.add_argument("--wall", type=float, default=0.0)
    ap.add_argument("--exit", type=int, default=0)
    ap.add_argument("--failures")
    a = ap.parse_args()

    done, state, totals, asyncs, ended = None, {}, Counter(), [], False
    fails = []  # (path tuple, message)
    errors = []
    for raw in open(a.results, encoding="utf-8", errors="replace"):
        f = [unesc(x) for x in raw.rstrip("\n").split("\t")]
        kind = f[0]
        if kind == "done":
            done = f[1] == "true"
        elif kind == "state":
            state[f[1]] = f[2]
        elif kind == "fail":
            n = int(f[1])
            fails.append([tuple(f[2 : 2 + n]), []])
        elif kind == "detail" and fails:
            fails[-1][1].append(f[1])
        elif kind == "total":
            totals["generated.cfuncs" if f[1] == "generated.~cfuncs" else f[1]] += int(f[2])
        elif kind == "async":
            asyncs.append(f[1])
        elif kind == "end":
            ended = True
        elif kind == "error":
            errors.append(f[1])

    failed = Counter()
    for path, _ in fails:
        failed[category(path)] += 1
    # async tests: each is one check; LUA_WARNING (expected vs actual warnings) is one check,
    # made when the suite finishes
    totals["async"] = len(asyncs)
    if done:
        totals["LUA_WARNING"] = 1

    try:
        records = json.load(open(a.errors))
        records = records if isinstance(records, list) else records.get("errors", [])
        n_errors = len(records)
    except (OSError, ValueError):
        records, n_errors = [], None
    # An async test that raises before it calls done() leaves the suite waiting for ever (the
    # driver calls it unprotected): its error record names the test's function, asyncFn.
    stuck = [r for r in records if any("in function 'asyncFn'" in f for f in r.get("stack") or [])]

    print(f"wow-sim exit code {a.exit}, wall {a.wall:.1f} s, Lua error records: {n_errors}")
    for e in errors:
        print(f"error: {e}")
    if not ended:
        print("the report did not run to its end (see stderr.txt): figures are incomplete")
    print(f"WowlessTestsDone: {str(done).lower()}")
    if state:
        print("suite state: " + ", ".join(f"{k}={v}" for k, v in state.items()))
    if not done and state.get("asyncPending") == "true":
        print(f"waiting on async test: {state.get('asyncCurKey')}")
    for r in stuck:
        print(f"an async test raised before calling done (the suite waits for ever): {r.get('message')}")
    tot = sum(totals.values())
    bad = sum(failed.values())
    rate = 100.0 * (tot - bad) / tot if tot else 0.0
    print(f"passed {tot - bad}/{tot} ({rate:.2f}%), failed {bad}")
    print()
    print("| category | passed | total | rate | failed |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for c in sorted(set(totals) | set(failed), key=lambda c: (-failed[c], c)):
        t, b = totals[c], failed[c]
        r = f"{100.0 * (t - b) / t:.2f}%" if t else "-"
        print(f"| {c} | {t - b} | {t} | {r} | {b} |")
    if a.failures:
        with open(a.failures, "w", encoding="utf-8") as out:
            for path, detail in fails:
                msg = " | ".join(d.replace("\n", "\\n") for d in detail)
                out.write(" > ".join(path) + "\t" + msg + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
