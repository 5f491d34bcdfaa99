#!/usr/bin/env python3
"""The Python package, as a user gets it, offline: pip builds the wheel from a git repository
holding the working tree (its build requirements, setuptools and wheel, from Debian's wheel
directory: PIP_NO_INDEX, PIP_FIND_LINKS), installs it into a fresh virtual environment, and the
`deadwood` there checks examples/zenflow; `deadwood --version` is the package's version; the
executable needs no library beyond the C library's (readelf -d) and the wheel's platform tag
names the newest glibc symbol version it requires (readelf -V); pipx installs the wheel too;
and the pre-commit hook, end to end: Debian's pre-commit installs deadwood from the repository
by itself (cloning it and building it with pip, as `pip install git+URL` does; no deadwood on
the PATH), blocks a commit with a finding in a staged file, also a whole-tree one (a redundant
override of a method of a committed, unchanged file), and passes a clean commit although an
unchanged file has a finding.

Debian's wheels of setuptools are patched for Debian's Python (its `install_layout`), so the
virtual environments are made with /usr/bin/python3 where it exists. Two builds of the
executable in all (the wheel, pre-commit's): runs once, under the release flavor."""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from suite import ROOT, Suite  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "tools"))
import elf_deps  # noqa: E402

s = Suite(__doc__)
if s.flavor != "release":
    s.finish()

TMP = tempfile.mkdtemp(prefix="dw-package-")
WHEELS = "/usr/share/python-wheels"  # python3-setuptools-whl, python3-wheel-whl, python3-pip-whl
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
VERSION = re.search(r'#define DEADWOOD_VERSION "([^"]+)"',
                    open(os.path.join(ROOT, "src", "cli", "cli.h")).read()).group(1)
ZEN_EXPECTED = ["DW101", "DW201", "DW202"]  # (DW301, a near copy, is opt-in)


def env(**extra):
    e = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "PYTHON", "VIRTUAL_ENV"))}
    e.update(PIP_NO_INDEX="1", PIP_FIND_LINKS=WHEELS, PIP_DISABLE_PIP_VERSION_CHECK="1",
             HOME=TMP, GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t",
             GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@t")
    e.update(extra)
    return e


def run(argv, cwd=TMP, timeout=900, **kw):
    return subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace", timeout=timeout, env=kw.pop("env", env()),
                          **kw)


def git(cwd, *args):
    return run(["git", *args], cwd=cwd)


def venv(name):
    """A fresh virtual environment; returns its bin directory."""
    d = os.path.join(TMP, name)
    p = run([PYTHON, "-m", "venv", d])
    if p.returncode:
        raise RuntimeError(f"python -m venv failed: {p.stdout[-800:]}")
    return os.path.join(d, "bin")


def repo_of_worktree():
    """A git repository whose one commit is the working tree's files (tracked and new, as git
    sees them): what a user clones, also before the changes under test are committed."""
    d = os.path.join(TMP, "repo")
    files = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT)
    for f in files.stdout.split("\0"):
        if f and os.path.isfile(os.path.join(ROOT, f)):
            os.makedirs(os.path.dirname(os.path.join(d, f)), exist_ok=True)
            shutil.copy2(os.path.join(ROOT, f), os.path.join(d, f))
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "deadwood"]):
        p = git(d, *args)
        if p.returncode:
            raise RuntimeError(f"git {args[0]} failed: {p.stdout[-800:]}")
    return d, git(d, "rev-parse", "HEAD").stdout.strip()


def check_zenflow(exe, what):
    zen = os.path.join(TMP, "zen-" + what.split()[0])
    shutil.copytree(os.path.join(ROOT, "examples", "zenflow"), os.path.join(zen, "zenflow"))
    p = run([exe, "check", "--no-cache", "zenflow"], cwd=zen)
    codes = re.findall(r"^zenflow/zenflow\.py:\d+:\d+: (DW\d+) ", p.stdout, re.M)
    s.check(p.returncode == 1 and codes == ZEN_EXPECTED, f"{what}: deadwood check examples/zenflow",
            p.stdout[-1500:])
    v = run([exe, "--version"])
    s.check(v.stdout == f"deadwood {VERSION}\n", f"{what}: deadwood --version is {VERSION}", v.stdout)


def test_wheel(repo):
    """pip wheel, then the wheel installed into a fresh venv; NEEDED and the platform tag."""
    bindir = venv("wheel-venv")
    out = os.path.join(TMP, "wheelhouse")
    p = run([os.path.join(bindir, "pip"), "wheel", "--no-deps", "-w", out, repo])
    wheels = glob.glob(os.path.join(out, "deadwood-*.whl"))
    if not s.check(p.returncode == 0 and len(wheels) == 1, "pip wheel builds offline", p.stdout[-2000:]):
        return None
    wheel = wheels[0]
    name = os.path.basename(wheel)
    m = re.fullmatch(r"deadwood-([^-]+)-py3-none-([^-]+)\.whl", name)
    s.check(m and m.group(1) == VERSION, f"wheel name: version {VERSION}, py3-none", name)
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = z.read(f"deadwood-{VERSION}.dist-info/METADATA").decode() if m else ""
    s.check(f"deadwood-{VERSION}.data/scripts/deadwood" in names and
            not [n for n in names if n.endswith(".py")], "the wheel holds the executable, no Python",
            names)
    s.check(re.search(rf"^Version: {re.escape(VERSION)}$", meta, re.M), "METADATA version", meta[:300])
    p = run([os.path.join(bindir, "pip"), "install", wheel])
    exe = os.path.join(bindir, "deadwood")
    if not s.check(p.returncode == 0 and os.path.exists(exe), "pip install of the wheel",
                   p.stdout[-1500:]):
        return None
    check_zenflow(exe, "wheel in a venv")

    # What the installed executable needs: only the C library's own libraries (glibc >= 2.34
    # folded libpthread and libdl into libc.so.6, so there it is libc.so.6, and libm.so.6 when a
    # math function is used; older glibc adds libpthread.so.0); no ICU.
    readelf = shutil.which("readelf")
    if not readelf:
        s.fail("NEEDED", "readelf (binutils) is not installed")
        return wheel
    d = run([readelf, "-d", exe]).stdout
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", d)
    s.check(needed and set(needed) <= elf_deps.GLIBC_LIBRARIES and "libc.so.6" in needed,
            "NEEDED is only the C library's (readelf -d)", needed)
    s.check(needed == elf_deps.read(exe)[0], "tools/elf_deps.py reads NEEDED as readelf does",
            (needed, elf_deps.read(exe)[0]))
    # The platform tag, as auditwheel computes it: the newest GLIBC_2.x the symbols require.
    vers = re.findall(r"Name: GLIBC_(\d+)\.(\d+)", run([readelf, "-V", "-W", exe]).stdout)
    newest = max((int(a), int(b)) for a, b in vers)
    arch = os.uname().machine
    s.check(m and m.group(2) == f"manylinux_{newest[0]}_{newest[1]}_{arch}",
            f"platform tag manylinux_{newest[0]}_{newest[1]}_{arch} (readelf -V)", name)
    return wheel


def test_pipx(wheel):
    pipx = shutil.which("pipx")
    if not pipx:
        s.fail("pipx install", "pipx is not installed (apt-get install pipx)")
        return
    home, bindir = os.path.join(TMP, "pipx"), os.path.join(TMP, "pipx-bin")
    p = run([pipx, "install", wheel], env=env(PIPX_HOME=home, PIPX_BIN_DIR=bindir))
    exe = os.path.join(bindir, "deadwood")
    if s.check(p.returncode == 0 and os.path.exists(exe), "pipx install", p.stdout[-1500:]):
        check_zenflow(exe, "pipx install")


BASE = '''class Connection:
    def close(self):
        if self.sock is not None:
            self.sock.close()
        self.sock = None
'''
SUB = '''from base import Connection


class Pooled(Connection):
    def close(self):
        if self.sock is not None:
            self.sock.close()
        self.sock = None
'''
NONE_DEREF = '''def f(x):
    if x is None:
        return x.name
    return 1
'''


def test_precommit(repo, sha):
    pc = shutil.which("pre-commit")
    if not pc:
        s.fail("pre-commit", "pre-commit is not installed (apt-get install pre-commit)")
        return
    proj = os.path.join(TMP, "proj")
    os.makedirs(proj)
    # PATH: git, pre-commit and a compiler, and no deadwood
    path = os.pathsep.join(d for d in ("/usr/local/bin", "/usr/bin", "/bin")
                           if not os.path.exists(os.path.join(d, "deadwood")))
    e = env(PATH=path, PRE_COMMIT_HOME=os.path.join(TMP, "pre-commit-home"))
    s.check(shutil.which("deadwood", path=path) is None, "no deadwood on the hook's PATH", path)

    def sh(*argv):
        return run(list(argv), cwd=proj, env=e)

    def write(name, text):
        with open(os.path.join(proj, name), "w") as f:
            f.write(text)

    sh("git", "init", "-q")
    write(".pre-commit-config.yaml",
          f"repos:\n- repo: {repo}\n  rev: {sha}\n  hooks:\n  - id: deadwood\n")
    p = sh(pc, "install")
    s.check(p.returncode == 0, "pre-commit install", p.stdout[-800:])
    # 1. a clean commit passes (pre-commit builds and installs deadwood into its environment)
    write("base.py", BASE)
    sh("git", "add", ".")
    p = sh("git", "commit", "-qm", "base")
    s.check(p.returncode == 0 and re.search(r"^deadwood\.+Passed$", p.stdout, re.M),
            "pre-commit installs the hook offline and passes a clean commit", p.stdout[-3000:])
    # 2. a file with a finding, committed without the hook, stays unchanged: a clean commit of
    # another file passes (only the staged files are reported on)
    write("legacy.py", NONE_DEREF)
    sh("git", "add", "legacy.py")
    sh("git", "commit", "-qm", "legacy", "--no-verify")
    write("clean.py", "def g():\n    return 2\n")
    sh("git", "add", "clean.py")
    p = sh("git", "commit", "-qm", "clean")
    s.check(p.returncode == 0 and "legacy.py" not in p.stdout,
            "a clean commit passes although an unchanged file has a finding", p.stdout[-1500:])
    # 3. a staged file with a finding blocks the commit
    write("bad.py", NONE_DEREF)
    sh("git", "add", "bad.py")
    p = sh("git", "commit", "-qm", "bad")
    s.check(p.returncode != 0 and "bad.py:3:16: DW201" in p.stdout and "legacy.py" not in p.stdout,
            "a commit with a finding is blocked", p.stdout[-1500:])
    s.check(git(proj, "log", "--format=%s").stdout.split() == ["clean", "legacy", "base"],
            "the blocked commit was not made", git(proj, "log", "--oneline").stdout)
    sh("git", "rm", "-q", "--cached", "bad.py")
    os.remove(os.path.join(proj, "bad.py"))
    # 4. a whole-tree finding: a redundant override of a method of base.py, which is committed
    # and neither staged nor changed
    write("sub.py", SUB)
    sh("git", "add", "sub.py")
    p = sh("git", "commit", "-qm", "sub")
    s.check(p.returncode != 0 and "sub.py:5:5: DW302" in p.stdout,
            "a commit adding a redundant override (DW302, base class unchanged) is blocked",
            p.stdout[-1500:])


def test_tags():
    """A release tag names the version its commit builds: v<DEADWOOD_VERSION> (what the README
    tells pre-commit users to pin)."""
    tags = run(["git", "tag", "--list", "v*"], cwd=ROOT).stdout.split()
    bad = []
    for t in tags:
        h = run(["git", "show", f"{t}:src/cli/cli.h"], cwd=ROOT).stdout
        m = re.search(r'#define DEADWOOD_VERSION "([^"]+)"', h)
        if not m or "v" + m.group(1) != t:
            bad.append((t, m.group(1) if m else None))
    s.check(not bad, f"each of the {len(tags)} tags v* is its commit's version", bad)


def main():
    test_tags()
    if not os.path.isdir(WHEELS) or not glob.glob(os.path.join(WHEELS, "setuptools-*.whl")):
        s.fail("package", f"no setuptools wheel in {WHEELS} (apt-get install python3-setuptools-whl "
               "python3-wheel-whl)")
        return
    try:
        repo, sha = repo_of_worktree()
        wheel = test_wheel(repo)
        if wheel:
            test_pipx(wheel)
        test_precommit(repo, sha)
    finally:
        shutil.rmtree(TMP, ignore_errors=True)


main()
s.finish()
