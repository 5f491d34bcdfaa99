#!/usr/bin/env python3
"""File discovery (src/discover) against git and against ruff's rules.

Part 1 builds a git repository with nested .gitignore files, .git/info/exclude and a global
excludes file, creates many files and directories, and compares for EVERY path the deciding
pattern printed by BINDIR/gitignore_check with `git check-ignore --no-index -v -n`'s (the same
source, line and pattern, or both none). It does so under four ways of naming the global
excludes file ($XDG_CONFIG_HOME/git/ignore, ~/.config/git/ignore, core.excludesFile in
~/.gitconfig, core.excludesFile in .git/config), and also compares the Python files the walker
finds (BINDIR/discover_list, excludes off) with `git ls-files --others --exclude-standard`.
git runs with HOME and XDG_CONFIG_HOME in the temporary directory and GIT_CONFIG_NOSYSTEM=1, and
the drivers run with the same environment.

Part 2 checks discover_list's behaviour: default excludes, exclude / extend-exclude, explicit
files, force-exclude, symbolic links (loops, duplicates, broken links), an unreadable directory,
byte order, deduplication, path spelling, and .gitignore handling while walking.
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import Suite  # noqa: E402

s = Suite(__doc__)
CHECK = os.path.join(s.bindir, "gitignore_check")
LIST = os.path.join(s.bindir, "discover_list")
ENC = dict(encoding="utf-8", errors="surrogateescape")

# ---- part 1: the fixture repository --------------------------------------------------------

ROOT_IGNORE = (
    b"\xef\xbb\xbf# root ignore file; a BOM comes first\n"
    b"*.log\n"
    b"!important.log\n"
    b"/build_root/\n"
    b"cache/\n"
    b"doc/*.txt\n"
    b"**/tmp_any\n"
    b"logs/**\n"
    b"a/**/deep.py\n"
    b"*.py[cod]\n"
    b"file[0-9].py\n"
    b"data[!x].csv\n"
    b"num[[:digit:]].py\n"
    b"\\#hashfile\n"
    b"\\!bangfile\n"
    b"trailing_space.py   \n"
    b"space\\ \n"
    b"?.q\n"
    b"vendor/\n"
    b"!vendor/keep.py\n"
    b"secret/*\n"
    b"!secret/public.py\n"
    b"*.gen.py\n"
    b"!src/*.gen.py\n"
    b"foo**/bar\n"
    b"crlf.py\r\n"
    b"  leading_space.py\n"
    b"\\\\backslash\n"
    b"*~\n"
    b"[Nn]ode/\n"
    b"a/*/c_single.py\n"
    b"**/in/**\n"
    b"my\\ file.py\n"
    b"!\n"
    b"/\n"
    b"foo\\\n"
    b"[[:upper:]]*.up\n"
    b"*.[Pp][Yy]x\n"
    b"\xc3\xbcn\xc3\xaf*.txt\n"
    b"z**z.py\n"
    b"\n"
    b"   \n"
    b"# the end\n"
)
SUB_IGNORE = b"*.txt\n!keep.txt\n/local_only.py\nnested/\n!*.log\n!*.swp\n!cache/\n"
DEEPER_IGNORE = b"*\n!*/\n!*.py\n"
DOC_IGNORE = b"!api.txt\n"
INFO_EXCLUDE = b"info_excluded.py\n!override.log\n!info_keep.swp\n"
GLOBAL_IGNORE = b"global_excluded.py\n*.swp\n!keep.swp\n"
DECOY_IGNORE = b"mod.py\n"  # must never apply: another file is named by the configuration

DIRS = [
    "sub", "sub/nested", "sub/nested/in", "sub/deeper", "sub/deeper/x", "a", "a/b", "a/b/c",
    "doc", "doc/api", "build_root", "x", "x/build_root", "cache", "y", "y/cache", "logs",
    "logs/2024", "vendor", "vendor/lib", "secret", "secret/inner", "src", "src/pkg", "z",
    "z/tmp_any", "foo", "foox", "foo/x", "Node", "q", "q/node", "\u00fcn\u00ef", "r", "r/in",
    "r/in/deep", "sub/cache",
]
NAMES = [
    "x.log", "important.log", "override.log", "deep.py", "mod.py", "mod.pyc", "mod.pyd",
    "mod.pyx", "file1.py", "fileA.py", "datay.csv", "datax.csv", "num7.py", "numx.py",
    "#hashfile", "!bangfile", "trailing_space.py", "space ", "space", "a.q", "ab.q", "keep.py",
    "public.py", "private.py", "x.gen.py", "keep.txt", "api.txt", "note.txt", "local_only.py",
    "info_excluded.py", "global_excluded.py", "file.swp", "keep.swp", "info_keep.swp", "bar", "crlf.py",
    "  leading_space.py", "leading_space.py", "\\backslash", "backup~", "stub.pyi",
    "\u00fcn\u00ef.py", "c_single.py", "my file.py", "foo\\", "Up.up", "up.up", "M.PYx",
    "\u00fcn\u00efq.txt", "zz.py", "zabz.py",
]


def write(path, data=b""):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def git_env(home, xdg=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") and k != "XDG_CONFIG_HOME"}
    env.update(HOME=home, GIT_CONFIG_NOSYSTEM="1", LC_ALL="C")
    if xdg is not None:
        env["XDG_CONFIG_HOME"] = xdg
    return env


def run(argv, env, cwd=None, data=None):
    try:
        p = subprocess.run(argv, env=env, cwd=cwd, input=data, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=120)
    except subprocess.TimeoutExpired:
        return -1, "", f"{argv[0]} timed out"
    return p.returncode, p.stdout.decode(**ENC), p.stderr.decode(**ENC)


def build_repo(top):
    repo = os.path.join(top, "repo")
    os.makedirs(repo)
    env = git_env(os.path.join(top, "home-init"))
    rc, _, err = run(["git", "init", "-q", repo], env)
    if rc != 0:
        raise RuntimeError("git init failed: " + err)
    for d in DIRS:
        os.makedirs(os.path.join(repo, d), exist_ok=True)
    paths = list(DIRS)
    for d in [""] + DIRS:
        for n in NAMES:
            rel = os.path.join(d, n) if d else n
            full = os.path.join(repo, rel)
            if os.path.isdir(full):
                continue
            write(full)
            paths.append(rel)
    write(os.path.join(repo, ".gitignore"), ROOT_IGNORE)
    write(os.path.join(repo, "sub/.gitignore"), SUB_IGNORE)
    write(os.path.join(repo, "sub/deeper/.gitignore"), DEEPER_IGNORE)
    write(os.path.join(repo, "doc/.gitignore"), DOC_IGNORE)
    write(os.path.join(repo, ".git/info/exclude"), INFO_EXCLUDE)
    paths += [".gitignore", "sub/.gitignore", "doc/.gitignore"]
    return repo, sorted(set(paths))


def git_verdicts(repo, paths, env):
    data = b"".join(p.encode(**ENC) + b"\0" for p in paths)
    p = subprocess.run(["git", "check-ignore", "--no-index", "-v", "-n", "--stdin", "-z"],
                       cwd=repo, env=env, input=data, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    if p.returncode not in (0, 1):
        raise RuntimeError("git check-ignore failed: " + p.stderr.decode(**ENC))
    f = p.stdout.decode(**ENC).split("\0")
    out = {}
    for i in range(0, len(f) - 3, 4):
        src, line, pat, path = f[i:i + 4]
        out[path] = f"{src}:{line}:{pat}" if src else "::"
    return out


def our_verdicts(repo, paths, env):
    data = "".join(p + "\n" for p in paths).encode(**ENC)
    rc, out, err = run([CHECK, repo], env, data=data)
    if rc != 0:
        raise RuntimeError(f"gitignore_check exited {rc}: {err}")
    res = {}
    for line in out.splitlines():
        verdict, _, path = line.partition("\t")
        res[path] = verdict
    return res


def is_python(name):
    return (len(name) > 3 and name.endswith(".py")) or (len(name) > 4 and name.endswith(".pyi"))


def compare_walk(label, repo, env):
    rc, out, err = run(["git", "ls-files", "--others", "--exclude-standard", "-z"], env, cwd=repo)
    if rc != 0:
        s.fail(f"{label}/ls-files", err)
        return
    want = {p for p in out.split("\0") if p and is_python(os.path.basename(p))}
    rc, out, err = run([LIST, "--exclude-none", "."], env, cwd=repo)
    if rc != 0:
        s.fail(f"{label}/walk", f"discover_list exited {rc}: {err}")
        return
    got = {ln[2:] for ln in out.splitlines() if ln.startswith("F ")}
    diags = [ln for ln in out.splitlines() if ln.startswith("D ")]
    s.check(not diags, f"{label}/walk-diagnostics", "\n".join(diags))
    for p in sorted(want | got):
        s.check(p in want and p in got, f"{label}/walk/{p}",
                "found by the walker but ignored by git" if p in got else
                "not ignored by git but missed by the walker")
    return len(want | got)


def part1(top):
    if not shutil.which("git"):
        s.skip("gitignore-vs-git", "git is not installed")
        return
    repo, paths = build_repo(top)
    total = agree = walked = 0
    h1, h2, h3, h4 = (os.path.join(top, n) for n in ("home1", "home2", "home3", "home4"))
    xdg = os.path.join(top, "xdg")
    write(os.path.join(xdg, "git/ignore"), GLOBAL_IGNORE)
    write(os.path.join(h1, ".config/git/ignore"), DECOY_IGNORE)
    write(os.path.join(h2, ".config/git/ignore"), GLOBAL_IGNORE)
    write(os.path.join(h3, ".config/git/ignore"), DECOY_IGNORE)
    write(os.path.join(h3, "custom.ignore"), GLOBAL_IGNORE)
    write(os.path.join(h4, "custom.ignore"), DECOY_IGNORE)
    write(os.path.join(top, "local.ignore"), GLOBAL_IGNORE)
    local = os.path.join(top, "local.ignore")
    glob_setting = ["--global", "core.excludesFile", "~/custom.ignore"]
    configs = [  # (label, environment, `git config` settings); the last one edits .git/config
        ("xdg", git_env(h1, xdg), []),
        ("home-config", git_env(h2), []),
        ("global-excludesfile", git_env(h3), [glob_setting]),
        ("local-excludesfile", git_env(h4), [glob_setting, ["--local", "core.excludesFile", local]]),
    ]
    for label, env, settings in configs:
        for setting in settings:
            run(["git", "config"] + setting, env, cwd=repo)
        try:
            want = git_verdicts(repo, paths, env)
            got = our_verdicts(repo, paths, env)
        except RuntimeError as e:
            s.fail(f"gitignore/{label}", e)
            continue
        used_global = any("custom.ignore" in v or "git/ignore" in v or "local.ignore" in v
                          for v in want.values())
        s.check(used_global, f"gitignore/{label}/global-file-used",
                "git never used the global excludes file: the fixture is broken")
        for p in paths:
            total += 1
            if s.check(p in want and got.get(p) == want.get(p), f"gitignore/{label}/{p}",
                       f"git: {want.get(p)!r}  deadwood: {got.get(p)!r}"):
                agree += 1
        walked += compare_walk(f"walk-vs-git/{label}", repo, env) or 0
    print(f"compared {total} paths with git check-ignore: {agree} agree; "
          f"{walked} walker verdicts compared with git ls-files")


# ---- part 2: the walker's own rules --------------------------------------------------------

DEFAULT_EXCLUDES = [
    ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".ipynb_checkpoints",
    ".mypy_cache", ".nox", ".pants.d", ".pyenv", ".pytest_cache", ".pytype", ".ruff_cache",
    ".svn", ".tox", ".venv", ".vscode", "__pypackages__", "_build", "buck-out", "build", "dist",
    "node_modules", "site-packages", "venv", ".deadwood_cache",
]


class Lister:
    def __init__(self, env):
        self.env = env

    def __call__(self, args, cwd, prefix=None):
        argv = (prefix or []) + [LIST] + args
        rc, out, err = run(argv, self.env, cwd=cwd)
        files = [ln[2:] for ln in out.splitlines() if ln.startswith("F ")]
        diags = [tuple(ln[2:].split("\t", 1)) for ln in out.splitlines() if ln.startswith("D ")]
        return rc, files, diags, err


def touch(top, *rels):
    for rel in rels:
        write(os.path.join(top, rel))


def expect(name, got, want):
    s.check(got == want, name, f"got {got}\nwant {want}")


def test_excludes(top, ls):
    plain = os.path.join(top, "plain")
    touch(plain, "src/e.py", "src/build/f.py", "builds/j.py", "my.venv/k.py", "src/notes.txt",
          "src/stub.pyi", ".hidden/h.py", "src/.py", "src/..py", "a/fixtures/t.py",
          "other/my.venv/k.py", "build/inner/z.py")
    for n in DEFAULT_EXCLUDES:
        touch(plain, f"{n}/x.py", f"deep/{n}/y.py")
    rc, files, diags, err = ls(["."], plain)
    s.check(rc == 0 and not diags, "excludes/defaults-run", f"rc {rc} {diags} {err}")
    for n in DEFAULT_EXCLUDES:
        s.check(not any(f"/{n}/" in f for f in files), f"excludes/default/{n}",
                f"files under {n}/ were found: {files}")
    expect("excludes/defaults-exact", files, sorted(
        [".hidden/h.py", "a/fixtures/t.py", "builds/j.py", "my.venv/k.py",
         "other/my.venv/k.py", "src/..py", "src/e.py", "src/stub.pyi"],
        key=lambda p: p.encode()))

    rc, files, _, _ = ls(["--exclude", "src", "."], plain)
    s.check(".venv/x.py" in files and "build/x.py" in files, "excludes/exclude-replaces",
            f"defaults still applied: {files}")
    s.check(not any(f.startswith("src/") for f in files), "excludes/exclude-applies", files)
    rc, files, _, _ = ls(["--exclude-none", "."], plain)
    s.check(all(f"{n}/x.py" in files for n in DEFAULT_EXCLUDES), "excludes/exclude-empty",
            "an empty exclude list still excluded something")

    rc, files, _, _ = ls(["--extend-exclude", "builds", "--extend-exclude", "my.venv/k.py",
                          "--extend-exclude", "*.pyi", "--extend-exclude", "**/fixtures/**", "."],
                         plain)
    s.check("builds/j.py" not in files and ".venv/x.py" not in files,
            "excludes/extend-keeps-defaults", files)
    s.check("my.venv/k.py" not in files and "other/my.venv/k.py" in files,
            "excludes/extend-anchored-to-project-root", files)
    s.check("src/stub.pyi" not in files, "excludes/extend-basename-glob", files)
    s.check("a/fixtures/t.py" not in files and "src/e.py" in files,
            "excludes/extend-double-star", files)
    rc, files, _, _ = ls(["--extend-exclude", "./e.py", "."], plain)
    s.check("src/e.py" in files, "excludes/project-root-default-cwd", files)
    rc, files, _, _ = ls(["--project-root", "src", "--extend-exclude", "./e.py", "."], plain)
    s.check("src/e.py" not in files, "excludes/project-root-option", files)
    rc, files, _, _ = ls(["--project-root", "src", "--extend-exclude", "*/fixtures/t.py", "."],
                         plain)
    s.check("a/fixtures/t.py" in files, "excludes/slash-pattern-only-anchored", files)
    rc, files, diags, err = ls(["--extend-exclude", "[x", "."], plain)
    s.check(rc == 2 and "invalid exclude pattern '[x'" in err, "excludes/invalid-pattern",
            f"rc {rc} stderr {err!r}")

    # Paths named on the command line.
    touch(plain, "notes.txt", "script")
    rc, files, diags, _ = ls(["notes.txt", "script", ".venv/x.py", "build/x.py", "missing.py"],
                             plain)
    expect("explicit/any-name", files, [".venv/x.py", "build/x.py", "notes.txt", "script"])
    expect("explicit/missing", diags, [("missing.py", "cannot access: No such file or directory")])
    rc, files, _, _ = ls(["build"], plain)
    expect("explicit/excluded-dir-walked", files, ["build/inner/z.py", "build/x.py"])
    rc, files, _, _ = ls(["--force-exclude", "build/x.py", "src/e.py", ".venv/x.py",
                          "build/inner/z.py", "build", "src/build"], plain)
    expect("force-exclude/files-and-dirs", files, ["src/e.py"])
    rc, files, _, _ = ls(["--force-exclude", "--project-root", "build/inner", "build/inner/z.py"],
                         plain)
    expect("force-exclude/stops-at-project-root", files, ["build/inner/z.py"])


def test_links(top, ls):
    d = os.path.join(top, "links")
    touch(d, "real/x.py", "notes.txt")
    os.symlink("real", os.path.join(d, "alias"))
    os.symlink(".", os.path.join(d, "real/self"))
    os.symlink("..", os.path.join(d, "real/up"))
    os.symlink("nowhere.py", os.path.join(d, "broken.py"))
    os.symlink("real/x.py", os.path.join(d, "file_alias.py"))
    os.symlink("notes.txt", os.path.join(d, "txt_alias.py"))
    touch(top, "outside.py")
    os.symlink("../outside.py", os.path.join(d, "named.txt"))
    rc, files, diags, err = ls(["links"], top)
    s.check(rc == 0, "links/runs", err)
    expect("links/files-once", files, ["links/alias/x.py", "links/txt_alias.py"])
    loops = sorted(p for p, m in diags if m.startswith("symbolic link loop"))
    expect("links/loops-reported", loops,
           ["links/alias/self", "links/alias/up", "links/real/self", "links/real/up"])
    s.check(("links/broken.py", "cannot follow symbolic link: No such file or directory") in diags,
            "links/broken-reported", diags)
    rc, files, _, _ = ls(["links/real/x.py", "./links/real/x.py", "links/alias/x.py",
                          "links/file_alias.py"], top)
    expect("dedup/same-file-named-four-ways", files, ["links/alias/x.py"])
    touch(top, "dd/pkg/mod.py", "dd/pkg/sub/x.py")
    os.symlink("pkg", os.path.join(top, "dd/link"))
    rc, files, _, _ = ls(["dd", "dd/pkg", "dd/pkg/sub/x.py"], top)
    expect("dedup/overlapping-roots", files, ["dd/link/mod.py", "dd/link/sub/x.py"])


def test_order(top, ls):
    d = os.path.join(top, "order")
    names = ["B.py", "a.py", "_c.py", "Z/x.py", "\u00e4.py", "a/b.py", "a.b.py", "a-b.py",
             "a0.py", "A.py"]
    touch(d, *names)
    rc1, f1, _, _ = ls(["order"], top)
    rc2, f2, _, _ = ls(["order/"], top)
    want = sorted((f"order/{n}" for n in names), key=lambda p: p.encode())
    expect("order/bytes", f1, want)
    expect("order/trailing-slash-joined", f2, want)
    rc, f3, _, _ = ls(["."], d)
    expect("order/dot-prefix-dropped", f3, sorted(names, key=lambda p: p.encode()))


def test_unreadable(top, ls):
    d = os.path.join(top, "perm")
    touch(d, "ok.py", "locked/x.py", "sub/y.py", "sub/.gitignore")
    os.makedirs(os.path.join(d, ".git"))
    locked, gi = os.path.join(d, "locked"), os.path.join(d, "sub/.gitignore")
    os.chmod(locked, 0)
    os.chmod(gi, 0)
    try:
        prefix = []
        if os.geteuid() == 0:
            # root reads everything: run the driver as an unprivileged user instead.
            if not shutil.which("setpriv"):
                s.skip("unreadable/*", "running as root and setpriv is not available")
                return
            for p in [os.path.dirname(top), top, d, os.path.join(d, "sub")]:
                os.chmod(p, 0o755)
            prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            rc, _, err = run(prefix + ["ls", locked], ls.env, cwd=top)
            if rc == 0:
                s.skip("unreadable/*", "permissions are not enforced even for uid 65534")
                return
            rc, _, err = run(prefix + [LIST, "--help-none-such"], ls.env, cwd=top)
            if rc != 2:
                s.skip("unreadable/*", f"the driver cannot run as uid 65534: {err.strip()}")
                return
        elif os.access(locked, os.R_OK):
            s.skip("unreadable/*", "chmod 000 does not stop this user from reading")
            return
        rc, files, diags, err = ls(["perm"], top, prefix)
        s.check(rc == 0, "unreadable/runs", err)
        expect("unreadable/other-files-found", files, ["perm/ok.py", "perm/sub/y.py"])
        expect("unreadable/diagnostics", diags, [
            ("perm/locked", "cannot read directory: Permission denied"),
            ("perm/sub/.gitignore", "cannot read: Permission denied")])
    finally:
        os.chmod(locked, 0o755)
        os.chmod(gi, 0o644)


def test_gitignore_walk(top, ls, env):
    d = os.path.join(top, "gw")
    touch(d, "a.py", "gen_b.py", "pkg/c.py", "pkg/gen_d.py", "ign/e.py", "inner/gen_f.py",
          "inner/g.py")
    write(os.path.join(d, ".gitignore"), b"gen_*.py\nign/\n")
    rc, files, _, _ = ls(["gw"], top)
    s.check("gw/gen_b.py" in files and "gw/ign/e.py" in files, "gitignore/outside-work-tree",
            f".gitignore applied outside a work tree: {files}")
    if not shutil.which("git"):
        s.skip("gitignore/walk-*", "git is not installed")
        return
    run(["git", "init", "-q", d], env)
    run(["git", "init", "-q", os.path.join(d, "inner")], env)
    rc, files, _, _ = ls(["gw"], top)
    expect("gitignore/walk", files, ["gw/a.py", "gw/inner/g.py", "gw/inner/gen_f.py",
                                     "gw/pkg/c.py"])
    rc, files, _, _ = ls(["gw/pkg"], top)
    expect("gitignore/parent-rules-apply-below", files, ["gw/pkg/c.py"])
    rc, files, _, _ = ls(["gw/ign"], top)
    expect("gitignore/explicit-ignored-dir-walked", files, ["gw/ign/e.py"])
    rc, files, _, _ = ls(["gw/gen_b.py"], top)
    expect("gitignore/explicit-ignored-file-kept", files, ["gw/gen_b.py"])
    rc, files, _, _ = ls(["--no-gitignore", "gw"], top)
    s.check("gw/gen_b.py" in files and "gw/ign/e.py" in files, "gitignore/respect-off", files)


def part2(top):
    env = git_env(os.path.join(top, "home-p2"), os.path.join(top, "xdg-p2"))
    ls = Lister(env)
    for t in (test_excludes, test_links, test_order, test_unreadable):
        t(top, ls)
    test_gitignore_walk(top, ls, env)


def main():
    for exe in (CHECK, LIST):
        if not os.path.exists(exe):
            s.fail("drivers", f"{exe} is missing (make drivers)")
            s.finish()
    with tempfile.TemporaryDirectory(prefix="dw-discover-") as top:
        top = os.path.realpath(top)
        try:
            part1(os.path.join(top, "p1"))
            part2(os.path.join(top, "p2"))
        finally:
            for root, dirs, _ in os.walk(top):
                for x in dirs:
                    p = os.path.join(root, x)
                    if not os.path.islink(p):
                        os.chmod(p, 0o755)
    s.finish()


main()
