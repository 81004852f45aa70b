#!/usr/bin/env python3
"""Lays out the development corpus of real addons as a user would have them installed.

Reads corpus.toml (next to this file): for each addon, the public repository it comes from; its
`.pkgmeta` is applied as the packager (BigWigsMods/packager, release.sh) would: `externals` are
resolved to public copies (the library's own repository, or an unchanged copy embedded in another
public repository, per the [libs] table), `move-folders` are applied, and the release build's
keyword rules (`@debug@` blocks commented out, `@non-debug@` blocks enabled, `@project-version@`
and friends replaced). Sources are git directories as the `fetch` tool leaves them under $MIRROR (OWNER+NAME/repo).

Usage: pack.py OUT [NAME...]   (writes OUT/AddOns/<set>/<folder>, the sets OUT/per/<set> as
symlinks to the set's folders and those of its `deps`, and OUT/sources.tsv)
Nothing it writes belongs in the wow-sim repository.
"""
import fnmatch
import functools
import os
import re
import shutil
import subprocess
import sys
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
MIRROR = os.environ.get("MIRROR", "")  # where `fetch` leaves the snapshots (OWNER+NAME/repo)


@functools.lru_cache(maxsize=None)
def gitdir(repo):
    name = repo.replace("/", "+")
    if MIRROR and not os.path.isdir(os.path.join(MIRROR, name)):
        # GitHub's owner and repository names are case-insensitive (`safeteeWow/LibDeflate`)
        for have in os.listdir(MIRROR):
            if have.lower() == name.lower():
                name = have
                break
    d = os.path.join(MIRROR, name, "repo")
    if os.path.isdir(os.path.join(d, ".git")):
        d = os.path.join(d, ".git")
    if not os.path.isdir(d):
        sys.exit(f"pack.py: {repo} is not fetched (no {d}); fetch it first")
    return d


def git(repo, *args):
    return subprocess.run(["git", "--git-dir=" + gitdir(repo), *args], check=True,
                          capture_output=True).stdout


def rev_of(repo, ref):
    """The commit of REF (a tag, branch or commit) in REPO, or of HEAD when REF is absent there."""
    for r in ([ref] if ref else []) + ["HEAD"]:
        try:
            return git(repo, "rev-parse", "--verify", "-q", r + "^{commit}").decode().strip(), r
        except subprocess.CalledProcessError:
            continue
    sys.exit(f"pack.py: {repo} has no HEAD")


SOURCES = []  # (repo, commit, path, dest, note)


def export(repo, ref, path, dest, out):
    """Writes the tree PATH of REPO at REF into DEST; returns the number of absent blobs."""
    commit, used = rev_of(repo, ref)
    tree = commit + (":" + path if path else "")
    try:
        listing = git(repo, "ls-tree", "-r", "-z", tree)
    except subprocess.CalledProcessError:
        sys.exit(f"pack.py: {repo} has no {path!r} at {commit[:12]}")
    entries = []
    for line in listing.split(b"\0"):
        if not line:
            continue
        meta, p = line.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob":
            entries.append((mode, sha, p.decode()))
    cat = subprocess.Popen(["git", "--git-dir=" + gitdir(repo), "cat-file", "--batch"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    absent = 0
    for mode, sha, p in entries:
        cat.stdin.write(sha + b"\n")
        cat.stdin.flush()
        header = cat.stdout.readline().split()
        if header[-1] == b"missing":
            absent += 1
            continue
        data = cat.stdout.read(int(header[2]))
        cat.stdout.read(1)
        target = os.path.join(dest, p)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(data)
        if mode == b"100755":
            os.chmod(target, 0o755)
    cat.stdin.close()
    cat.wait()
    note = f"{absent} files absent from the snapshot" if absent else ""
    if ref and used != ref:
        note = (note + "; " if note else "") + f"{ref} not in the snapshot, HEAD used"
    SOURCES.append((repo, commit, path or ".", os.path.relpath(dest, out), note))
    return commit


# ---------------------------------------------------------------- externals

def resolve(url, libs):
    """(repo, path inside it, root folder or None) of an unchanged public copy of URL."""
    u = url.rstrip("/")
    if u in libs.get("url", {}):
        e = libs["url"][u]
        return e["repo"], e.get("path", ""), e.get("root")
    m = re.match(r"(?:https?|git)://github\.com/([^/]+)/([^/]+?)(?:\.git)?(?:/(.*))?$", u)  # git://: as submodules
    if m:
        key = f"{m[1]}/{m[2]}"
        e = libs.get("github", {}).get(key, {"repo": key, "path": ""})
        return e["repo"], "/".join(x for x in (e.get("path", ""), m[3] or "") if x), None
    m = re.match(r"(?:https?://repos\.(?:wowace|curseforge)\.com/wow/|svn://svn\.wowace\.com/wow/"
                 r"|(?:https?|git|ssh)://git\.wowace\.com/wow/)([^/]+?)(?:/mainline)?(?:\.git)?"
                 r"(?:/(?:trunk|tags/[^/]+))?(?:/(.*))?$", u)
    if m and m[1] in libs.get("wowace", {}):
        e = libs["wowace"][m[1]]
        sub = m[2] or ""
        if not sub and e.get("root"):
            # the copy is the trunk's inner folder only: it becomes <dest>/<root>
            return e["repo"], "/".join(x for x in (e["path"], e["root"]) if x), e["root"]
        return e["repo"], "/".join(x for x in (e.get("path", ""), sub) if x), None
    sys.exit(f"pack.py: no public copy known for the external {url} (add it to [libs])")


def ci_join(base, rel):
    """BASE/REL with each folder of REL spelled as an existing folder of another case: the
    packager's zip, unpacked on the client's case-insensitive file system, merges `libs/X` into a
    repository's `Libs/` (Arcana); a case-sensitive pack would keep two folders."""
    cur = base
    for part in rel.split("/"):
        if not part:
            continue
        if os.path.isdir(cur) and not os.path.exists(os.path.join(cur, part)):
            part = next((n for n in os.listdir(cur) if n.lower() == part.lower()), part)
        cur = os.path.join(cur, part)
    return cur


def newest_tag(repo):
    """The repository's newest tag (by its commit's date), or None without tags."""
    tags = git(repo, "tag", "--sort=-creatordate").decode().split()
    return tags[0] if tags else None


def apply_externals(meta, base, libs, out, skip):
    """Exports each external; returns (folder, repo, ref) of each, for its own keyword pass."""
    done = []
    for dest, spec in (meta.get("externals") or {}).items():
        if dest in skip:
            continue
        url, ref = (spec, None) if isinstance(spec, str) else (spec["url"], spec.get("tag")
                                                                or spec.get("branch") or spec.get("commit"))
        ref = None if ref is None else str(ref)
        repo, path, root = resolve(url, libs)
        if ref == "latest" and url.startswith("https://github.com/"):
            # a git external's `tag: latest` is its newest tag (release.sh), when it has one
            ref = newest_tag(repo)
        if ref in ("latest", "default") or "libstub" in url:  # LibStub's tag 1.0 is its trunk
            ref = None
        target = ci_join(base, dest)
        if root:
            target = os.path.join(target, root)
        shutil.rmtree(target, ignore_errors=True)
        export(repo, ref, path, target, out)
        done.append((target, repo, ref))
    return done


def ignored(p, patterns):
    """Whether a package path falls under one of .pkgmeta's `ignore` entries (globs)."""
    return any(fnmatch.fnmatch(p, g) or p.startswith(g.rstrip("/*") + "/") for g in patterns)


def submodules(repo, commit, path, base, out, ignore=()):
    """Git submodules (how some authors embed libraries): each gitlink's recorded commit; one
    under a path .pkgmeta ignores is left out of the package, so it is not needed."""
    try:
        mods = git(repo, "show", f"{commit}:.gitmodules").decode("utf-8", "replace")
    except subprocess.CalledProcessError:
        return
    urls = dict(re.findall(r"path\s*=\s*(\S+)\s+url\s*=\s*(\S+)", mods))
    tree = commit + (":" + path if path else "")
    for line in git(repo, "ls-tree", "-r", tree).decode().splitlines():
        meta, p = line.split("\t", 1)
        mode, kind, sha = meta.split()
        if kind != "commit":
            continue
        if ignored(p, ignore):
            continue
        url = urls.get((path + "/" if path else "") + p)
        m = re.match(r"(?:https?|git)://github\.com/([^/]+)/([^/]+?)(?:\.git)?/?$", url or "")
        if not m:
            sys.exit(f"pack.py: {repo}: submodule {p} has no GitHub URL ({url})")
        export(f"{m[1]}/{m[2]}", sha, "", os.path.join(base, p), out)


# ---------------------------------------------------------------- keywords

def drop_lines(text, start, end):
    """release.sh's do_not_package_filter, `sed '/START/,/END/d'`: every whole line from one
    holding START to the next holding END (or to the end of the file) is left out."""
    out, inside = [], False
    for line in text.splitlines(keepends=True):
        if not inside and start in line:
            # sed's range ends on a later line only, even when END is on the opening line
            inside = True
            continue
        if inside:
            if end in line:
                inside = False
            continue
        out.append(line)
    return "".join(out)


def project_version(repo, commit):
    """The packager's version: the tag, or `git describe` past it, or the short hash."""
    return git(repo, "describe", "--tags", "--always", "--abbrev=7", commit).decode().strip()


def keywords(folder, version, commit, revision, timestamp, skip=()):
    """The release build's replacements (release.sh): debug and alpha code off, non-debug on.
    Folders in `skip` (the externals) are left out: each external gets its own project's
    values, as the packager checks each one out as a project of its own."""
    skip = {os.path.normpath(d) for d in skip}
    # release.sh's lua_filter: each keyword's blocks become long comments of its own width; a
    # `@non-...@` block is enabled only where written with the fixed `[===[` width
    lua = [p for k, w in (("alpha", "="), ("debug", "==")) for p in (
        (f"--@{k}@", f"--[{w}[@{k}@"), (f"--@end-{k}@", f"--@end-{k}@]{w}]"))]
    lua += [(r"--\[===\[@non-(debug|alpha)@", r"--@non-\1@"),
            (r"--@end-non-(debug|alpha)@\]===\]", r"--@end-non-\1@")]
    xml = [(r"<!--@(debug|alpha)@-->", r"<!--@\1@"), (r"<!--@end-(debug|alpha)@-->", r"@end-\1@-->"),
           (r"<!--@non-(debug|alpha)@", r"<!--@non-\1@-->"),
           (r"@end-non-(debug|alpha)@-->", r"<!--@end-non-\1@-->")]
    tokens = {"@project-version@": version, "@project-revision@": str(revision),
              "@project-timestamp@": str(timestamp), "@project-hash@": commit,
              "@project-abbreviated-hash@": commit[:7]}
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if os.path.normpath(os.path.join(root, d)) not in skip]
        for name in files:
            ext = name.rsplit(".", 1)[-1].lower()
            if ext not in ("lua", "xml", "toc"):
                continue
            p = os.path.join(root, name)
            with open(p, "rb") as f:
                raw = f.read()
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                continue
            new = text
            for k, v in tokens.items():
                new = new.replace(k, v)
            # a locale filled by `@localization(...)@` from the translation site (not reachable
            # here) keeps its development fallback: its debug block stays on
            keep_debug = "@localization(" in new
            if ext == "lua":
                new = drop_lines(new, "--@do-not-package@", "--@end-do-not-package@")
                for a, b in ([] if keep_debug else lua):
                    new = re.sub(a, b, new)
            elif ext == "xml":
                new = drop_lines(new, "<!--@do-not-package@-->", "<!--@end-do-not-package@-->")
                for a, b in xml:
                    new = re.sub(a, b, new)
            else:
                new = toc_keywords(new)
            if "$Revision$" in new:  # svn keyword of svn-hosted libraries
                new = new.replace("$Revision$", f"$Revision: {revision} $")
            if new != text:
                with open(p, "w", encoding="utf-8", newline="") as f:
                    f.write(new)


# `## Interface-<game>:` lines and the suffix of the TOC file the packager makes for that game
TOC_GAMES = {"classic": "Vanilla", "vanilla": "Vanilla", "bcc": "TBC", "tbc": "TBC",
             "wrath": "Wrath", "wotlkc": "Wrath", "wotlk": "Wrath", "cata": "Cata",
             "mists": "Mists", "mainline": None, "retail": None}


def create_tocs(base):
    """The packager's TOC creation: a TOC with `## Interface-<game>: N` lines becomes one TOC per
    game (`Name_Vanilla.toc` with `## Interface: N`, ...) unless that file exists; the main TOC
    keeps the retail value. Keyword blocks for games (`#@retail@`, `#@version-classic@`) are kept
    as they are (the client reads them as comments)."""
    for root, _, files in os.walk(base):
        for name in files:
            if not name.lower().endswith(".toc") or re.search(r"[_-](Vanilla|TBC|Wrath|Cata|Mists|Mainline|Classic|BCC)\.toc$", name, re.I):
                continue
            p = os.path.join(root, name)
            with open(p, encoding="utf-8-sig", errors="replace") as f:
                text = f.read()
            games = dict((g.lower(), v.strip()) for g, v in
                         re.findall(r"(?im)^##\s*Interface-([A-Za-z]+):\s*(.+)$", text))
            if not games:
                continue
            strip = re.sub(r"(?im)^##\s*Interface(-[A-Za-z]+)?:.*\n?", "", text)
            for game, value in games.items():
                suffix = TOC_GAMES.get(game, "?")
                if suffix == "?":
                    continue
                target = p if suffix is None else p[:-4] + "_" + suffix + ".toc"
                if suffix is not None and os.path.exists(target):
                    continue
                with open(target, "w", encoding="utf-8") as f:
                    f.write(f"## Interface: {value}\n" + strip)
            if not any(TOC_GAMES.get(g, "?") is None for g in games):  # main TOC: drop the lines
                plain = re.sub(r"(?im)^##\s*Interface-[A-Za-z]+:.*\n?", "", text)
                with open(p, "w", encoding="utf-8") as f:
                    f.write(plain)


def toc_keywords(text):
    out, mode, skip = [], None, False
    for line in text.splitlines(keepends=True):
        s = line.strip()
        if re.match(r"#\s*@(end-)?do-not-package@", s):  # the block is left out of the package
            skip = not s.startswith(("#@end", "# @end"))
            continue
        if skip:
            continue
        m = re.match(r"#\s*@(end-)?(non-)?(debug|alpha)@", s)
        if m:
            mode = None if m[1] else ("on" if m[2] else "off")
            out.append(line)
            continue
        if mode == "off" and s and not s.startswith("#"):
            line = "# " + line
        elif mode == "on" and s.startswith("# "):
            line = line.replace("# ", "", 1)
        out.append(line)
    return "".join(out)


# ---------------------------------------------------------------- addons

def pack_addon(a, libs, out, addons_dir):
    repo, ref = a["repo"], a.get("commit")
    commit, _ = rev_of(repo, ref)
    stage = os.path.join(out, "stage", a["name"])
    shutil.rmtree(stage, ignore_errors=True)
    meta = {}
    try:
        import yaml
        for mf in (a.get("pkgmeta"), ".pkgmeta", "pkgmeta.yaml", ".pkgmeta-retail"):
            if not mf:
                continue
            try:
                raw = git(repo, "show", f"{commit}:{mf}")
            except subprocess.CalledProcessError:
                continue
            text = raw.decode("utf-8", "replace")
            # the packager's own parser takes unquoted globs (`- *.md`) that YAML reads as aliases
            text = re.sub(r"(?m)^(\s*-\s*)(\*.*)$", r"\1'\2'", text)
            # and lines indented with tabs (AngryKeystones' `ignore` list), which YAML refuses
            text = re.sub(r"(?m)^\t+", lambda t: "    " * len(t[0]), text)
            meta = yaml.safe_load(text) or {}
            break
    except ImportError:
        sys.exit("pack.py needs PyYAML (python3 -m pip install pyyaml)")
    package = meta.get("package-as") or a.get("folder") or repo.split("/")[1]
    base = os.path.join(stage, package)
    export(repo, commit, a.get("path", ""), base, out)
    submodules(repo, commit, a.get("path", ""), base, out, meta.get("ignore") or [])
    externals = []
    if a.get("externals", True):
        externals = apply_externals(meta, base, libs, out, set(a.get("skip_externals", [])))
    for extra in a.get("extra", []):  # libraries the packaged addon has that no .pkgmeta names
        export(extra["repo"], extra.get("commit"), extra.get("path", ""),
               os.path.join(base, extra["dest"]), out)
    count = int(git(repo, "rev-list", "--count", commit).decode())
    stamp = int(git(repo, "log", "-1", "--format=%ct", commit).decode())
    version = project_version(repo, commit)
    if a.get("release", True):  # `release = false`: the repository holds packaged text already
        keywords(base, version, commit, count, stamp, skip=[t for t, _, _ in externals])
        for target, ext_repo, ref in externals:
            ext_commit = git(ext_repo, "rev-parse", f"{ref or 'HEAD'}^{{commit}}").decode().strip()
            keywords(target, project_version(ext_repo, ext_commit), ext_commit,
                     int(git(ext_repo, "rev-list", "--count", ext_commit).decode()),
                     int(git(ext_repo, "log", "-1", "--format=%ct", ext_commit).decode()))
    create_tocs(base)
    moves = meta.get("move-folders") or {}
    folders = []
    for src, dst in moves.items():
        s = os.path.join(stage, src)
        if not os.path.isdir(s):
            continue
        d = os.path.join(stage, dst)
        if os.path.dirname(dst.rstrip("/")):  # a move inside the package (maybe to a parent)
            tmp = os.path.join(stage, ".moving")
            shutil.move(s, tmp)
            shutil.rmtree(d, ignore_errors=True)
            shutil.move(tmp, d)
            continue
        if dst.rstrip("/") == package:  # into the package's own folder: merged with it
            shutil.copytree(s, base, dirs_exist_ok=True, symlinks=True)
            shutil.rmtree(s)
            continue
        d = os.path.join(addons_dir, dst)
        shutil.rmtree(d, ignore_errors=True)
        shutil.move(s, d)
        folders.append(dst)
    for sub in a.get("folders", []):  # repositories holding several addon folders, no move-folders
        shutil.move(os.path.join(base, sub), os.path.join(addons_dir, sub))
        folders.append(sub)
    if os.path.isdir(base) and any(
            n.lower().endswith(".toc") for n in os.listdir(base)):
        d = os.path.join(addons_dir, package)
        shutil.rmtree(d, ignore_errors=True)
        shutil.move(base, d)
        folders.append(package)
    shutil.rmtree(stage, ignore_errors=True)
    if not folders:
        sys.exit(f"pack.py: {a['name']}: no addon folder (no TOC at the top of {package})")
    return sorted(set(folders))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if not MIRROR:
        sys.exit("pack.py: set MIRROR to the folder of the repository snapshots (OWNER+NAME/repo)")
    out = os.path.abspath(sys.argv[1])
    only = set(sys.argv[2:])
    with open(os.path.join(HERE, "corpus.toml"), "rb") as f:
        cfg = tomllib.load(f)
    addons_dir = os.path.join(out, "AddOns")
    per = os.path.join(out, "per")
    os.makedirs(addons_dir, exist_ok=True)
    folders = {}
    for a in cfg["addon"]:
        if only and a["name"] not in only and not any(
                a["name"] in cfg_deps(cfg, n) for n in only):
            continue
        own = os.path.join(addons_dir, a["name"])  # each set's folders apart: names can clash
        shutil.rmtree(own, ignore_errors=True)
        os.makedirs(own)
        folders[a["name"]] = [os.path.join(own, fo) for fo in pack_addon(a, cfg["libs"], out, own)]
        print(f"{a['name']}: {' '.join(map(os.path.basename, folders[a['name']]))}", flush=True)
    for a in cfg["addon"]:
        if a["name"] not in folders:
            continue
        d = os.path.join(per, a["name"])
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        for n in [a["name"]] + cfg_deps(cfg, a["name"]):
            for fo in folders.get(n, []):
                link = os.path.join(d, os.path.basename(fo))
                if not os.path.lexists(link):
                    os.symlink(fo, link)
        with open(os.path.join(d, ".flavors"), "w") as f:
            f.write(" ".join(a.get("flavors", ["retail"])) + "\n")
    with open(os.path.join(out, "sources.tsv"), "a") as f:
        for row in SOURCES:
            f.write("\t".join(row) + "\n")
    for row in SOURCES:
        print(f"  {row[0]} {row[1][:12]} {row[2]} -> {row[3]}" + (f" ({row[4]})" if row[4] else ""))


def cfg_deps(cfg, name):
    """The sets NAME needs, depth first (their folders go into NAME's set)."""
    by = {a["name"]: a for a in cfg["addon"]}
    seen = []

    def walk(n):
        for d in by.get(n, {}).get("deps", []):
            if d not in seen:
                seen.append(d)
                walk(d)
    walk(name)
    return seen


if __name__ == "__main__":
    main()
