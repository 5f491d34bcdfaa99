"""File discovery (excludes, --force-exclude, .gitignore, symbolic-link loops, unreadable
files and directories, a file vanishing mid-run) and standard input."""
import json
import os
import re
import shutil
import subprocess
import time

from clilib import *  # noqa: F401,F403
from clilib import _count  # noqa: F401

# ---- discovery -------------------------------------------------------------------------------

def test_discovery():
    proj = fresh()
    write(os.path.join(proj, "gen", "gen.py"), open(os.path.join(TREE, "pkg", "nones.py")).read())
    write(os.path.join(proj, "build", "b.py"), open(os.path.join(TREE, "pkg", "nones.py")).read())
    allp = findings(dw(["check"], proj).stdout)
    s.check(any("gen/gen.py" in x[0] for x in allp) and not any("build/" in x[0] for x in allp),
            "gen/ is analyzed, build/ is excluded by default (ruff's defaults)")
    p = dw(["check", "--exclude", "gen,tests"], proj)
    f = findings(p.stdout)
    s.check(not any("gen/" in x[0] or "tests/" in x[0] for x in f) and
            any("build/" in x[0] for x in f) and len(f) == len(allp) - 1,
            "--exclude (replacing the defaults: build/ comes back)", p.stdout)
    write(os.path.join(proj, ".venv", "x.py"), open(os.path.join(TREE, "pkg", "nones.py")).read())
    f = findings(dw(["check", "--exclude", "gen"], proj).stdout)
    s.check(any(".venv/" in x[0] for x in f), "--exclude replaces the defaults")
    f = findings(dw(["check", "--extend-exclude", "gen", "--extend-exclude", "pkg/sub"], proj).stdout)
    s.check(not any(".venv/" in x[0] or "gen/" in x[0] or "sub/" in x[0] for x in f) and
            any("tests/" in x[0] for x in f), "--extend-exclude (repeatable)")
    f = findings(dw(["check", "--extend-exclude", "gen", "gen/gen.py"], proj).stdout)
    s.check(f == [("gen/gen.py", 6, "DW201")], "named files are taken despite excludes")
    p = dw(["check", "--extend-exclude", "gen", "--force-exclude", "gen/gen.py", "pkg/nones.py"], proj)
    s.check(findings(p.stdout) == [("pkg/nones.py", 6, "DW201")], "--force-exclude", p.stdout)
    p = dw(["check", "--force-exclude", ".venv/x.py"], proj)
    expect("--force-exclude with the default excludes", p, rc=0, out="")
    write(os.path.join(proj, "deadwood.toml"), "force-exclude = true\nextend-exclude = [\"gen\"]\n")
    p = dw(["check", "--no-force-exclude", "gen/gen.py"], proj)
    s.check(findings(p.stdout) == [("gen/gen.py", 6, "DW201")], "--no-force-exclude", p.stdout)
    os.remove(os.path.join(proj, "deadwood.toml"))
    # .gitignore, as git reads it
    if shutil.which("git"):
        subprocess.run(["git", "init", "-q", proj], check=True)
        write(os.path.join(proj, ".gitignore"), "gen/\n/pkg/nones.py\n")
        f = findings(dw(["check"], proj).stdout)
        s.check(not any("gen/" in x[0] or "pkg/nones.py" in x[0] for x in f) and
                any("tests/" in x[0] for x in f), ".gitignore respected")
        f = findings(dw(["check", "--no-respect-gitignore"], proj).stdout)
        s.check(any("gen/" in x[0] for x in f) and any("pkg/nones.py" in x[0] for x in f),
                "--no-respect-gitignore")
        f, p = cfg_codes(proj, "respect-gitignore = false\n")
        s.check(f is not None and any("gen/" in x[0] for x in f), "key respect-gitignore = false",
                p.stdout + p.stderr)
        f = findings(dw(["check", "--respect-gitignore"], proj).stdout)
        s.check(not any("gen/" in x[0] for x in f), "--respect-gitignore beats the key")
        os.remove(os.path.join(proj, "deadwood.toml"))
        shutil.rmtree(os.path.join(proj, ".git"))
        os.remove(os.path.join(proj, ".gitignore"))
    else:
        s.skip(".gitignore respected", "git is not installed")
    # a symbolic-link loop is reported and skipped; the run goes on
    os.symlink("..", os.path.join(proj, "pkg", "sub", "loop"))
    p = dw(["check"], proj)
    s.check(p.returncode == 1 and re.search(r"^deadwood: warning: .*loop.*", p.stderr, re.M) and
            findings(p.stdout) == allp, "symbolic-link loop: warned, skipped, run goes on",
            p.stdout + p.stderr)
    expect("--quiet silences the warning", dw(["check", "-q"], proj), rc=1, out=p.stdout)
    s.check(dw(["check", "-q"], proj).stderr == "", "--quiet: empty stderr")


def test_unreadable():
    prefix, why = as_nobody()
    if prefix is None:
        s.skip("unreadable file", why)
        s.skip("unreadable directory", why)
        return
    proj = fresh()
    for d, dirs, files in os.walk(os.path.dirname(proj)):
        os.chmod(d, 0o755)
    secret = os.path.join(proj, "pkg", "secret.py")
    write(secret, "x = 1\n")
    os.chmod(secret, 0)
    locked = os.path.join(proj, "locked")
    write(os.path.join(locked, "hidden.py"), "x = 1\n")
    os.chmod(locked, 0)
    e = dict(BASE_ENV)
    p = subprocess.run(prefix + [DW, "check", "--no-cache"], cwd=proj, env=e, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=60)
    f = findings(p.stdout)
    s.check(p.returncode == 1 and ("pkg/secret.py", 1, "DW001") in f and len(f) == 7 and
            "Permission denied" in p.stdout, "unreadable file: DW001, the run goes on",
            p.stdout + p.stderr)
    s.check(re.search(r"^deadwood: warning: \./locked: .*Permission denied", p.stderr, re.M),
            "unreadable directory: warned and skipped", p.stderr)
    os.chmod(locked, 0o755)


def test_vanishing_file():
    """A file listed by the walk and gone when its turn comes: with --jobs 1 the files are read
    in order, and the first is large enough to keep deadwood busy parsing it (about a second)
    while the test, seeing that deadwood has read it (/proc/PID/io), deletes the second."""
    proj = fresh()
    big = os.path.join(proj, "a_big.py")
    write(big, open(os.path.join(TREE, "pkg", "nones.py")).read() + "x = 1\n" * 4000000)
    size = os.path.getsize(big)
    gone = os.path.join(proj, "b_gone.py")
    shutil.copy(os.path.join(proj, "pkg", "nones.py"), gone)
    e = dict(BASE_ENV)
    p = subprocess.Popen([DW, "check", "--no-cache", "--jobs", "1", "a_big.py", "b_gone.py",
                          "pkg/branches.py"], cwd=proj, env=e, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    read, deadline = 0, time.time() + 60
    while read < size and time.time() < deadline and p.poll() is None:
        try:
            with open(f"/proc/{p.pid}/io") as f:
                read = int(re.search(r"^rchar: (\d+)", f.read(), re.M).group(1))
        except (OSError, AttributeError):
            pass
        time.sleep(0.001)
    os.remove(gone)  # deadwood is parsing a_big.py now; b_gone.py was already listed
    out, err = p.communicate(timeout=120)
    if read < size:
        s.skip("file vanishing mid-run", "deadwood finished before the test saw it read a_big.py")
        return
    f = findings(out)
    s.check(p.returncode == 1 and f == [("a_big.py", 6, "DW201"), ("b_gone.py", 1, "DW001"),
                                        ("pkg/branches.py", 5, "DW101")] and
            "No such file" in out, "file vanishing mid-run: DW001, the run goes on", out + err)


def test_special_files():
    """What is not a regular file is never read (issue 22: a FIFO named on the command line
    blocked forever, a link to /dev/zero grew to gigabytes): named, it is a DW001 finding "not a
    regular file", found in a tree it is passed over; a file over max-file-size (64 MB by
    default) is a DW001 finding without being read."""
    proj = fresh()
    os.mkfifo(os.path.join(proj, "pkg", "fifo.py"))
    os.symlink("/dev/zero", os.path.join(proj, "pkg", "zero.py"))
    with open(os.path.join(proj, "pkg", "sparse.py"), "wb") as f:
        f.truncate(1 << 40)  # a terabyte of holes
    want = dw(["check", "--extend-exclude", "fifo.py,zero.py,sparse.py"], proj).stdout
    p = dw(["check", "pkg/fifo.py", "pkg/zero.py", "pkg/sparse.py", "pkg/nones.py"], proj)
    f = findings(p.stdout)
    s.check(p.returncode == 1 and ("pkg/fifo.py", 1, "DW001") in f and
            ("pkg/zero.py", 1, "DW001") in f and ("pkg/nones.py", 6, "DW201") in f and
            p.stdout.count("not a regular file") == 2,
            "a FIFO and a link to /dev/zero named: DW001 not a regular file", p.stdout + p.stderr)
    s.check("pkg/sparse.py:1:1: DW001 file too large: 1 TB (max-file-size is 64 MB)" in p.stdout,
            "a 1 TB file named: DW001 file too large", p.stdout)
    p = dw(["check"], proj)
    s.check(findings(p.stdout) == sorted(findings(want) + [("pkg/sparse.py", 1, "DW001")]),
            "in a tree: the FIFO and the device are passed over, the huge file is DW001",
            p.stdout + p.stderr)
    # a FIFO as .gitignore, as git's config, or as a configuration never blocks either
    if shutil.which("git"):
        subprocess.run(["git", "init", "-q", proj], check=True)
        os.mkfifo(os.path.join(proj, "pkg", ".gitignore"))
        p = dw(["check", "pkg"], proj)
        s.check(p.returncode == 1 and findings(p.stdout), "a FIFO .gitignore: passed over",
                p.stdout + p.stderr)
        shutil.rmtree(os.path.join(proj, ".git"))
        os.remove(os.path.join(proj, "pkg", ".gitignore"))
    os.mkfifo(os.path.join(proj, "cfg.toml"))
    p = dw(["check", "--config", "cfg.toml"], proj)
    expect("a FIFO named by --config: an error", p, rc=2, err_has="not a regular file")
    # max-file-size
    write(os.path.join(proj, "deadwood.toml"), 'max-file-size = "1KB"\n')
    write(os.path.join(proj, "pkg", "big.py"), "x = 1\n" * 200)
    p = dw(["check", "pkg/big.py", "pkg/nones.py"], proj)
    s.check(findings(p.stdout) == [("pkg/big.py", 1, "DW001"), ("pkg/nones.py", 6, "DW201")] and
            "file too large: 1.17 KB (max-file-size is 1 KB)" in p.stdout,
            "max-file-size: a larger file is DW001", p.stdout + p.stderr)
    p = dw(["check", "-"], proj, input="x = 1\n" * 200)
    s.check(findings(p.stdout) == [("-", 1, "DW001")] and "over 1 KB" in p.stdout,
            "max-file-size: standard input too", p.stdout + p.stderr)
    for value, ok in (("1200", True), ('"2 kb"', True), ('"1MB"', True), ("0", False),
                      ('"12 parsecs"', False), ('"MB"', False), ("1.5", False), ("true", False)):
        write(os.path.join(proj, "deadwood.toml"), f"max-file-size = {value}\n")
        p = dw(["check", "pkg/big.py"], proj)
        if ok:
            s.check(p.returncode == 0, f"max-file-size = {value}", p.stdout + p.stderr)
        else:
            expect(f"max-file-size = {value}: an error", p, rc=2,
                   err_re=r"^deadwood\.toml:1:17: error: 'max-file-size' expects a positive")


def test_stdin():
    proj = fresh()
    src = open(os.path.join(TREE, "pkg", "nones.py")).read()
    p = dw(["check", "-"], proj, input=src)
    s.check(p.returncode == 1 and findings(p.stdout) == [("-", 6, "DW201")], "stdin without a name",
            p.stdout + p.stderr)
    p = dw(["check", "--stdin-filename", "pkg/editing.py", "-"], proj, input=src)
    s.check(findings(p.stdout) == [("pkg/editing.py", 6, "DW201")], "stdin with --stdin-filename",
            p.stdout + p.stderr)
    p = dw(["check", "--stdin-filename", "pkg/editing.py"], proj, input=src)
    s.check(findings(p.stdout) == [("pkg/editing.py", 6, "DW201")],
            "--stdin-filename alone reads standard input", p.stdout)
    expect("stdin clean", dw(["check", "-"], proj, input="x = 1\n"), rc=0, out="")
    write(os.path.join(proj, "tests", "deadwood.toml"),
          'extend-exclude = ["generated_*.py"]\n[per-file-ignores]\n"test_*.py" = ["DW201"]\n')
    p = dw(["check", "--stdin-filename", "tests/test_x.py", "-"], proj, input=src)
    expect("stdin: the name picks the configuration and its per-file-ignores", p, rc=0, out="")
    p = dw(["check", "--stdin-filename", "tests/other.py", "-"], proj, input=src)
    s.check(findings(p.stdout) == [("tests/other.py", 6, "DW201")], "stdin: other name", p.stdout)
    p = dw(["check", "--force-exclude", "--stdin-filename", "tests/generated_x.py", "-"], proj, input=src)
    expect("stdin: --force-exclude skips an excluded name", p, rc=0, out="")
    p = dw(["check", "--stdin-filename", "tests/generated_x.py", "-"], proj, input=src)
    s.check(p.returncode == 1, "stdin: excluded name analyzed without --force-exclude")
    p = dw(["check", "-", "--cache-dir", "c"], proj, input=src, cache=True)
    s.check(not os.path.exists(os.path.join(proj, "c")), "stdin is never cached")
    # the override rules read the methods they compare again from their files, but standard
    # input cannot be read again: its methods are hashed as it is parsed. A file of the same
    # name on disk says something else, and must not be what is compared.
    box = ("class Base:\n    def area(self):\n        return self.w * self.h\n\n\n"
           "class Box(Base):\n    def area(self):\n        return self.w * self.h\n")
    write(os.path.join(proj, "pkg", "box.py"), box.replace("w * self.h", "w + self.h", 1))
    p = dw(["check", "--select", "DW302", "--stdin-filename", "pkg/box.py", "-"], proj,
           input=box)
    s.check(findings(p.stdout) == [("pkg/box.py", 7, "DW302")],
            "stdin: an override is compared with its base as read from standard input",
            p.stdout + p.stderr)
    p = dw(["check", "--select", "DW302", "pkg/box.py"], proj)
    expect("the file on disk, which differs from its base", p, rc=0, out="")
    # DW203 reads a function again to learn whether a name it calls through is a local of it:
    # standard input's functions are asked as it is parsed, not read from the file on disk
    nones = ("def log(msg):\n    print(msg)\n\n\ndef use():\n    return log('x').y\n\n\n"
             "def shadow(log):\n    return log('x').y\n")
    on_disk = nones.replace("def use():", "def use(log):").replace("def shadow(log):",
                                                                 "def shadow():")
    write(os.path.join(proj, "pkg", "nones_in.py"), on_disk)
    p = dw(["check", "--select", "DW203", "--stdin-filename", "pkg/nones_in.py", "-"], proj,
           input=nones)
    s.check(findings(p.stdout) == [("pkg/nones_in.py", 6, "DW203")],
            "stdin: DW203 asks standard input, not the file of its name, what a name is bound to",
            p.stdout + p.stderr)
    p = dw(["check", "--select", "DW203", "pkg/nones_in.py"], proj)
    s.check(findings(p.stdout) == [("pkg/nones_in.py", 10, "DW203")],
            "DW203: the file read again, as on disk", p.stdout + p.stderr)


def test_glob_relative_and_linear():
    """A glob without '/' sees the path below the project root and the file name, never the
    absolute path: with the project under .../mytests/proj, `*tests*` excludes nothing of it and
    silences no finding through per-file-ignores (issue 22). And patterns that made the old
    matchers run for minutes (issues 20 and 22) are decided at once, in exclude,
    per-file-ignores and .gitignore alike (the timeout only guards against a hang)."""
    base = os.path.join(TMP, f"mytests{_count[0]}")
    proj = os.path.join(base, "proj")
    shutil.copytree(TREE, proj)
    _count[0] += 1
    want = dw(["check"], proj).stdout
    s.check(findings(want), "the fixture tree has findings")
    p = dw(["check", "--extend-exclude", "*tests*"], proj)
    s.check(findings(p.stdout) == [x for x in findings(want) if "tests" not in x[0]] and
            findings(p.stdout), "extend-exclude *tests*: only tests/ below the root", p.stdout + p.stderr)
    f, p = cfg_codes(proj, '[per-file-ignores]\n"*tests*" = ["ALL"]\n')
    s.check(f == [x for x in findings(want) if "tests" not in x[0]] and f,
            "per-file-ignores *tests*: only files below the root", p.stdout + p.stderr)
    f, p = cfg_codes(proj, '[per-file-ignores]\n"*.py" = ["DW2"]\n')
    s.check(f == [x for x in findings(want) if not x[2].startswith("DW2")],
            "per-file-ignores *.py: every file, by its name", p.stdout + p.stderr)
    os.remove(os.path.join(proj, "deadwood.toml"))
    # hostile patterns against a 200-byte name
    write(os.path.join(proj, "pkg", "a" * 200 + ".py"), "x = 1\n")
    hostile = ["*?" * 30 + "x", "*" * 1000 + "x", "*****x", "{*,?}" * 20 + "x"]
    for pat in hostile:
        toml_pat = pat.replace("\\", "\\\\")
        f, p = cfg_codes(proj, f'extend-exclude = ["{toml_pat}"]\n[per-file-ignores]\n"{toml_pat}" = ["DW1"]\n')
        s.check(f == findings(want), f"exclude and per-file-ignores {pat[:12]}...: no hang, no change",
                p.stdout + p.stderr)
    os.remove(os.path.join(proj, "deadwood.toml"))
    if shutil.which("git"):
        subprocess.run(["git", "init", "-q", proj], check=True)
        write(os.path.join(proj, ".gitignore"), "".join(p + "\n" for p in hostile[:3]) +
              "**/" * 50 + "x\n")
        p = dw(["check"], proj)
        s.check(findings(p.stdout) == findings(want), ".gitignore with hostile patterns: no hang",
                p.stdout + p.stderr)
        shutil.rmtree(os.path.join(proj, ".git"))
    else:
        s.skip(".gitignore with hostile patterns", "git is not installed")


# ---- --index-root: the whole project analyzed, the PATHs' files reported -------------------

def test_index_root():
    proj = os.path.join(TMP, "index-root")
    write(os.path.join(proj, "pkg", "__init__.py"), "")
    write(os.path.join(proj, "pkg", "base.py"),
          "class Connection:\n    def close(self):\n        if self.sock is not None:\n"
          "            self.sock.close()\n        self.sock = None\n")
    write(os.path.join(proj, "pkg", "sub.py"),
          "from pkg.base import Connection\n\n\nclass Pooled(Connection):\n    def close(self):\n"
          "        if self.sock is not None:\n            self.sock.close()\n        self.sock = None\n")
    write(os.path.join(proj, "legacy.py"), "def f(x):\n    if x is None:\n        return x.name\n")
    expect("without --index-root the staged file alone misses DW302",
           dw(["check", "pkg/sub.py"], proj), rc=0, out="")
    dw302 = "pkg/sub.py:5:5: DW302 [*] redundant override: `Pooled.close` is identical to " \
            "Connection.close (base.py:2); delete it\n"
    expect("--index-root: DW302 against an unnamed base file, only the PATHs reported",
           dw(["check", "--index-root", ".", "pkg/sub.py"], proj), rc=1, out=dw302,
           err_has="Found 1 problem in 1 file (1 file checked).")
    expect("--index-root: a finding in another file is not reported",
           dw(["check", "--index-root", ".", "pkg/base.py"], proj), rc=0, out="",
           err_has="(1 file checked)")
    expect("--index-root: the PATH under another spelling is analyzed once",
           dw(["check", "--index-root", proj, "./pkg/sub.py", "pkg/sub.py"], proj), rc=1,
           out=dw302)
    absolute = dw(["check", "--index-root", ".", os.path.join(proj, "pkg", "sub.py")], proj)
    expect("--index-root: an absolute PATH", absolute, rc=1,
           out=os.path.join(proj, "pkg", "sub.py") + dw302[len("pkg/sub.py"):])
    expect("--index-root: a directory PATH", dw(["check", "--index-root", ".", "pkg"], proj),
           rc=1, out=dw302)
    dw(["check", "--index-root", ".", "legacy.py"], proj, cache=True)
    warm = dw(["check", "-v", "--index-root", ".", "pkg/sub.py"], proj, cache=True)
    expect("--index-root: through the cache", warm, rc=1, out=dw302)
    s.check(verbose_cache(warm) == (4, 4, 0), "--index-root: every file from the cache",
            warm.stderr)
    expect("--index-root that is not a directory", dw(["check", "--index-root", "nope", "."], proj),
           rc=2, err_has="--index-root nope: not a directory")
    expect("--index-root with standard input",
           dw(["check", "--index-root", ".", "-"], proj, input="x = 1\n"), rc=2,
           err_has="cannot be used with standard input")
    fixing = os.path.join(TMP, "index-root-fix")
    shutil.copytree(proj, fixing, ignore=shutil.ignore_patterns(".deadwood_cache"))
    before = {name: open(os.path.join(fixing, name)).read() for name in ("pkg/base.py", "legacy.py")}
    expect("--index-root --fix: the PATHs' findings fixed against the whole project",
           dw(["check", "--fix", "--index-root", ".", "pkg/sub.py"], fixing), rc=0, out="",
           err_has="Found 1 problem (1 fixed, 0 remaining; 1 file checked).")
    with open(os.path.join(fixing, "pkg", "sub.py")) as f:
        sub = f.read()
    s.check(sub == "from pkg.base import Connection\n\n\nclass Pooled(Connection):\n    pass\n"
            and all(open(os.path.join(fixing, n)).read() == t for n, t in before.items()),
            "--index-root --fix: only the PATHs' files are written", sub)
