"""What the tests/cli cases share: the Suite, the binary under test, temporary copies of the
fixture trees, running deadwood and reading what it prints."""
import hashlib
import json
import os
import pty
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import ROOT, Suite  # noqa: E402

s = Suite("deadwood's command line, end to end (tests/cli/run.py)")
DW = os.path.abspath(s.deadwood)
HERE = os.path.dirname(os.path.abspath(__file__))
TREE = os.path.join(HERE, "tree")
ZENFLOW = os.path.join(ROOT, "examples", "zenflow")
TMP = tempfile.mkdtemp(prefix="dw-cli-")
os.chmod(TMP, 0o755)
BASE_ENV = {k: v for k, v in os.environ.items()
            if k not in ("NO_COLOR", "FORCE_COLOR", "DEADWOOD_CACHE_DIR", "DEADWOOD_OUTPUT_FORMAT")}
FINDING = re.compile(r"^(.+?):(\d+):(\d+): (DW\d{3}) (.+)$")
_count = [0]


def fresh(src=TREE, name="proj"):
    """A copy of a fixture tree in a new temporary directory; returns its path."""
    _count[0] += 1
    base = os.path.join(TMP, f"t{_count[0]}")
    os.makedirs(base)
    dst = os.path.join(base, name)
    shutil.copytree(src, dst)
    return dst


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as f:
        f.write(text)


def dw(args, cwd, env=None, input=None, cache=False, **kw):
    """Runs deadwood; --no-cache is added unless cache=True."""
    e = dict(BASE_ENV)
    e.update(env or {})
    argv = [DW] + list(args)
    if not cache and len(args) and args[0] == "check" and "--no-cache" not in args:
        argv.insert(2, "--no-cache")
    return subprocess.run(argv, cwd=cwd, env=e, input=input, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, errors="replace", timeout=120, **kw)


def findings(out):
    """(path, line, code) of each finding line; other lines are an error."""
    res = []
    for line in out.splitlines():
        m = FINDING.match(line)
        if not m:
            raise ValueError(f"not a finding line: {line!r}")
        res.append((m.group(1), int(m.group(2)), m.group(4)))
    return res


def codes(out):
    return sorted({c for _, _, c in findings(out)})


def expect(name, p, rc=None, out=None, err_has=None, err_re=None):
    """Checks a run's exit status, standard output and standard error."""
    why = []
    if rc is not None and p.returncode != rc:
        why.append(f"exit {p.returncode}, expected {rc}")
    if out is not None and p.stdout != out:
        why.append(f"stdout {p.stdout!r}, expected {out!r}")
    if err_has is not None and err_has not in p.stderr:
        why.append(f"stderr lacks {err_has!r}")
    if err_re is not None and not re.search(err_re, p.stderr, re.M):
        why.append(f"stderr does not match {err_re!r}")
    if why:
        why.append(f"stdout: {p.stdout[:1500]!r}\nstderr: {p.stderr[:1500]!r}")
    return s.check(not why, name, "; ".join(why))


def snapshot(root):
    """path -> (kind, size, mtime_ns, content hash) for everything under root."""
    snap = {}
    for d, dirs, files in os.walk(root):
        for n in dirs + files:
            p = os.path.join(d, n)
            st = os.lstat(p)
            h = None
            if stat.S_ISREG(st.st_mode):
                with open(p, "rb") as f:
                    h = hashlib.sha256(f.read()).hexdigest()
            snap[os.path.relpath(p, root)] = (stat.S_IFMT(st.st_mode), st.st_size, st.st_mtime_ns, h)
    return snap


def cache_entries(cache_dir):
    """Entry files of a cache directory: name -> (mtime_ns, bytes)."""
    res = {}
    for d, _, files in os.walk(cache_dir):
        for n in files:
            if n in ("CACHEDIR.TAG", ".gitignore"):
                continue
            p = os.path.join(d, n)
            with open(p, "rb") as f:
                res[os.path.relpath(p, cache_dir)] = (os.stat(p).st_mtime_ns, f.read())
    return res


def verbose_cache(p):
    m = re.search(r"deadwood: cache: (.*): (\d+) of (\d+) files from the cache, (\d+) written", p.stderr)
    return (int(m.group(2)), int(m.group(3)), int(m.group(4))) if m else None


def zenflow():
    """A tree in which DW301 (override drift) reports across two files."""
    return fresh(ZENFLOW, "zen")


def run_pty(argv, cwd, env):
    """Runs argv with a pseudo-terminal as standard output; returns what it printed."""
    m, sl = pty.openpty()
    e = dict(BASE_ENV)
    e.update(env)
    p = subprocess.Popen(argv, cwd=cwd, env=e, stdout=sl, stderr=subprocess.DEVNULL)
    os.close(sl)
    data = b""
    while True:
        try:
            chunk = os.read(m, 65536)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    os.close(m)
    p.wait(timeout=60)
    return data.decode("utf-8", "replace")


def cfg_codes(proj, toml, args=(), name="deadwood.toml"):
    write(os.path.join(proj, name), toml)
    p = dw(["check"] + list(args), proj)
    try:
        return findings(p.stdout), p
    except ValueError:
        return None, p


def as_nobody():
    """argv prefix running a command as an unprivileged user, or None (with the reason)."""
    if os.geteuid() != 0:
        return [], None
    setpriv = shutil.which("setpriv")
    if not setpriv:
        return None, "running as root without setpriv: permissions are not enforced"
    probe = subprocess.run([setpriv, "--reuid", "65534", "--regid", "65534", "--clear-groups",
                            DW, "--version"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if probe.returncode != 0:
        return None, f"setpriv cannot run deadwood as uid 65534: {probe.stderr.decode()[:200]}"
    return [setpriv, "--reuid", "65534", "--regid", "65534", "--clear-groups"], None
