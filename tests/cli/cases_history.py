"""DW303 (stale-override) and the git history it reads: what deadwood says and does when the
history is there, shallow, unreadable or missing, when git is missing, hangs or dies, when a
pre-commit hook's GIT_* variables point elsewhere or git refuses the repository, and what the
history cache saves. The repositories are the stories of tests/checks/DW303 (tests/lib/gitstory.py).
"""
import json
import os
import shutil
import subprocess
import time

import gitstory
from clilib import ROOT, TMP, dw, s, write

STORIES = os.path.join(ROOT, "tests", "checks", "DW303")
GIT = shutil.which("git")
_n = [0]


def story(name):
    """The repository of story `name`, built afresh."""
    _n[0] += 1
    return gitstory.Story(os.path.join(STORIES, name), os.path.join(TMP, f"h{_n[0]}", name))


def fake_bin(script):
    """A directory holding a `git` that runs script (sh) and nothing else."""
    _n[0] += 1
    d = os.path.join(TMP, f"bin{_n[0]}")
    os.makedirs(d)
    path = os.path.join(d, "git")
    write(path, "#!/bin/sh\n" + script.replace("REAL_GIT", GIT))
    os.chmod(path, 0o755)
    return d


def dw303(st, args=(), env=None, **kw):
    return dw(["check", "--select", "DW303"] + list(args), st.check_dir, env=env, **kw)


def test_history_seed_message():
    """The seed's finding, whole: the commit's short id, date and subject, the old lines and what
    they became, at the override's first stale statement, with the base method as related."""
    st = story("seed")
    fix = gitstory.git(["rev-parse", "HEAD^1"], st.repo, st.env).stdout.strip()
    p = dw303(st, ["--output-format", "json"])
    found = json.loads(p.stdout) if p.returncode == 1 else []
    want = ("stale override: ZenFlowZeroOptimizerParallel.async_inplace_copy_grad_to_fp32_buffer_"
            "from_gpu still has `if grad_accum is None:` … (lines 21-24), which DeepSpeedZero"
            "Optimizer.async_inplace_copy_grad_to_fp32_buffer_from_gpu had until "
            f"{fix[:10]} (2025-08-02, \"fix issues raised by Coverity scans (#7431)\") changed it "
            "to `assert grad_accum is not None`")
    s.check(len(found) == 1 and found[0]["message"] == want and
            found[0]["filename"] == "deepspeed/zenflow.py" and
            found[0]["location"] == {"row": 21, "column": 9},
            "DW303 on the seed: the message names the fix", p.stdout + p.stderr)
    sarif = json.loads(dw303(st, ["--output-format", "sarif"]).stdout)
    rel = sarif["runs"][0]["results"][0].get("relatedLocations", [])
    s.check(len(rel) == 1 and rel[0]["physicalLocation"]["artifactLocation"]["uri"].endswith(
        "stage_1_and_2.py") and rel[0]["physicalLocation"]["region"]["startLine"] == 5,
        "the base method's def is the related location", json.dumps(rel))
    # the default rules: DW301 and DW303 are both off (opt-in); --extend-select adds DW303
    p = dw(["check", "--output-format", "json", "-v"], st.check_dir)
    codes = sorted(f["code"] for f in json.loads(p.stdout))
    s.check(codes == ["DW101", "DW201"] and "DW303" not in p.stderr,
            "by default: neither DW301 nor DW303, and no git run", codes)
    p = dw(["check", "--output-format", "json", "--extend-select", "DW303"], st.check_dir)
    codes = sorted(f["code"] for f in json.loads(p.stdout))
    s.check(codes == ["DW101", "DW201", "DW303"], "--extend-select DW303 adds it", codes)


def test_history_subdirectory_path():
    """A subdirectory of the repository named on the command line, from the top or from inside."""
    st = story("subdir")
    top = dw(["check", "--select", "DW303", "src"], st.repo)
    inside = dw(["check", "--select", "DW303", "."], os.path.join(st.repo, "src"))
    s.check("src/lru.py:8:9: DW303" in top.stdout and "lru.py:8:9: DW303" in inside.stdout,
            "a subdirectory, named from the top or checked from inside", top.stdout + inside.stdout)


def test_history_shallow():
    """A shallow clone (CI's fetch-depth: 1) has no history to speak of: a warning says so and
    names the fix; `-q` silences it."""
    st = story("seed")
    shallow = os.path.join(os.path.dirname(st.repo), "shallow")
    subprocess.run([GIT, "clone", "-q", "--depth", "1", "file://" + st.repo, shallow], check=True,
                   env=st.env)
    p = dw(["check", "--select", "DW303", "."], shallow)
    s.check(p.returncode == 0 and "warning: DW303:" in p.stderr and "shallow clone" in p.stderr and
            "fetch-depth: 0" in p.stderr, "a shallow clone: a warning naming fetch-depth: 0",
            p.stderr)
    q = dw(["check", "--select", "DW303", "-q", "."], shallow)
    s.check(q.returncode == 0 and q.stderr == "", "--quiet: no warning", q.stderr)


def test_history_silent_without_history():
    """No git, no repository, no commit: DW303 is silent, and -v says why."""
    st = story("seed")
    nogit = os.path.join(TMP, "nogit-bin")
    os.makedirs(nogit, exist_ok=True)
    p = dw303(st, ["-v"], env={"PATH": nogit})
    s.check(p.returncode == 0 and "DW303: no git program on PATH" in p.stderr and
            "warning" not in p.stderr, "no git on PATH: silent, -v says why", p.stderr)
    p = dw303(st, env={"PATH": nogit})
    s.check(p.returncode == 0 and p.stderr.startswith("No problems found"),
            "no git on PATH: without -v, not a word", p.stderr)
    plain = os.path.join(TMP, "plain-tree")
    shutil.copytree(st.repo, plain, ignore=shutil.ignore_patterns(".git"))
    p = dw(["check", "--select", "DW303", "-v", "."], plain)
    s.check(p.returncode == 0 and "outside any git work tree" in p.stderr,
            "outside a work tree: -v says why", p.stderr)
    empty = os.path.join(TMP, "unborn")
    shutil.copytree(plain, empty)
    subprocess.run([GIT, "init", "-q", empty], check=True, env=st.env)
    p = dw(["check", "--select", "DW303", "-v", "."], empty)
    s.check(p.returncode == 0 and "a repository without commits" in p.stderr,
            "a repository without commits: -v says so", p.stderr)


def test_history_hook_environment():
    """A pre-commit hook runs deadwood with GIT_DIR, GIT_INDEX_FILE, GIT_WORK_TREE set for its own
    repository: deadwood's git ignores them and reads the repository of the files analyzed."""
    st = story("seed")
    other = story("counts")
    env = {"GIT_DIR": os.path.join(other.repo, ".git"), "GIT_WORK_TREE": other.repo,
           "GIT_INDEX_FILE": os.path.join(other.repo, ".git", "index"),
           "GIT_OBJECT_DIRECTORY": os.path.join(other.repo, ".git", "objects"),
           "GIT_CONFIG_PARAMETERS": "'core.bare'='true'"}
    p = dw303(st, env=env)
    s.check(p.returncode == 1 and "deepspeed/zenflow.py:21:9: DW303" in p.stdout,
            "GIT_* of a hook's environment do not leak into deadwood's git", p.stdout + p.stderr)


def test_history_git_hangs_or_dies():
    """A git that hangs is killed (its whole process group) when it makes no progress for
    DEADWOOD_GIT_TIMEOUT seconds; a git that dies, or answers nonsense, is an error: deadwood
    warns and goes on, without DW303's findings."""
    st = story("seed")
    cases = [
        ("hangs at once", "sleep 300\n", "no progress"),
        ("hangs in cat-file", 'case "$*" in *cat-file*) sleep 300;; esac\nexec REAL_GIT "$@"\n',
         "no progress"),
        ("dies in log", 'case "$*" in *" log "*) kill -9 $$;; esac\nexec REAL_GIT "$@"\n', "git died"),
        ("dies in cat-file after one answer",
         'case "$*" in *cat-file*) read oid; REAL_GIT "$@" <<EOF\n$oid\nEOF\nkill -9 $$;; esac\n'
         'exec REAL_GIT "$@"\n', "git cat-file"),
        ("prints a malformed log", 'case "$*" in *" log "*) printf "nonsense\\0"; exit 0;; esac\n'
         'exec REAL_GIT "$@"\n', "cannot read"),
        ("answers nonsense in cat-file",
         'case "$*" in *cat-file*) while read oid; do echo "$oid blob 99999999999"; done; exit 0;;'
         ' esac\nexec REAL_GIT "$@"\n', "git cat-file"),
    ]
    for name, script, says in cases:
        d = fake_bin(script)
        t0 = time.time()
        p = dw303(st, env={"PATH": d + ":" + os.environ.get("PATH", ""),
                           "DEADWOOD_GIT_TIMEOUT": "2"})
        took = time.time() - t0
        s.check(p.returncode == 0 and "warning: DW303:" in p.stderr and says in p.stderr and
                "DW303" not in p.stdout and took < 60,
                f"a git that {name}: a warning, no finding, no hang", f"{took:.1f}s {p.stderr}")


def test_history_safe_directory():
    """A repository git refuses (owned by another user: safe.directory) is git's decision: a
    warning says how to allow it; deadwood does not override it."""
    if os.geteuid() != 0:
        s.skip("git refuses another user's repository", "needs root to make one")
        return
    st = story("seed")
    for d, dirs, files in os.walk(st.repo):
        for n in dirs + files:
            os.lchown(os.path.join(d, n), 65534, 65534)
    os.lchown(st.repo, 65534, 65534)
    p = dw303(st, env={"HOME": os.path.dirname(st.repo)})
    s.check(p.returncode == 0 and "safe.directory" in p.stderr and "warning: DW303:" in p.stderr,
            "git refuses the repository: a warning naming safe.directory", p.stderr)


def test_history_cache():
    """The history is cached per file and HEAD: a second run with the same HEAD runs only
    `git rev-parse`; a new commit reads the history again; the findings are the same."""
    st = story("seed")
    log = os.path.join(TMP, f"gitlog{_n[0]}")
    d = fake_bin(f'echo "$*" >> {log}\nexec REAL_GIT "$@"\n')
    env = {"PATH": d + ":" + os.environ.get("PATH", "")}
    cache = os.path.join(TMP, f"hcache{_n[0]}")

    def run():
        if os.path.exists(log):
            os.remove(log)
        p = dw303(st, ["--cache-dir", cache, "-v"], env=env, cache=True)
        with open(log) as f:
            calls = [line.split("--no-pager ", 1)[1].split()[0] for line in f]
        return p, calls

    p1, c1 = run()
    p2, c2 = run()
    s.check(sorted(c1) == ["cat-file", "log", "rev-parse"] and c2 == ["rev-parse"] and
            p1.stdout == p2.stdout and "DW303" in p2.stdout and "2 from the cache" in p2.stderr,
            "a warm run reads no history", f"{c1} {c2} {p2.stderr}")
    write(os.path.join(st.repo, "notes.txt"), "a new commit\n")
    st.commit("notes")
    p3, c3 = run()
    s.check(sorted(c3) == ["cat-file", "log", "rev-parse"] and p3.stdout == p1.stdout,
            "a new HEAD reads the history again", f"{c3} {p3.stderr}")
    # the entries live in the cache directory, below VERSION/history, and nowhere else
    hist = [os.path.join(dp, f) for dp, _, fs in os.walk(cache) for f in fs if "history" in dp]
    s.check(len(hist) == 2, "one entry per file of the history", hist)
    # an entry replaced by garbage is a miss, and is rewritten
    for h in hist:
        write(h, "garbage")
    p4, c4 = run()
    s.check(sorted(c4) == ["cat-file", "log", "rev-parse"] and p4.stdout == p1.stdout,
            "a damaged entry is read again from git", f"{c4} {p4.stderr}")
    # a link planted in place of the history directory is not followed
    hdir = os.path.dirname(hist[0])
    shutil.rmtree(hdir)
    target = os.path.join(TMP, f"elsewhere{_n[0]}")
    os.makedirs(target)
    os.symlink(target, hdir)
    p5, _ = run()
    s.check(p5.stdout == p1.stdout and os.listdir(target) == [] and os.path.islink(hdir),
            "a link in place of the history directory is not followed", p5.stderr)


def test_history_clones_cache():
    """clones = true (for every file, through --config) changes what the result cache holds (every
    function's statements, not only methods'): a run without it, then with it, then without it,
    on one cache directory, each reports what a run with no cache reports."""
    st = story("clones")
    cache = os.path.join(TMP, f"ccache{_n[0]}")
    on, off = os.path.join(TMP, f"on{_n[0]}.toml"), os.path.join(TMP, f"off{_n[0]}.toml")
    write(on, "[rules.DW303]\nclones = true\n")
    write(off, "[rules.DW303]\nclones = false\n")
    fresh = {c: dw303(st, ["--config", c, "--no-cache"]).stdout for c in (on, off)}
    # (on/: load_tsv and emit_line; off/, the same story with other names: load_tsv)
    s.check(fresh[on].count("stale copy:") == 3 and "stale copy:" not in fresh[off],
            "clones: both trees' copies with it, none without", fresh[on] + fresh[off])
    got = [dw303(st, ["--config", c, "--cache-dir", cache], cache=True).stdout
           for c in (off, on, off, on)]
    s.check(got == [fresh[off], fresh[on], fresh[off], fresh[on]],
            "clones on and off through one cache: as without a cache", got)


def test_history_changes_cache():
    """changes = "all" (through --config, for every file) reports every change, not only those the
    history calls fixes; runs with and without it on one cache directory each report what a run
    with no cache reports (DW303 is judged afresh each run: the cache keeps what both share)."""
    st = story("fixes")
    cache = os.path.join(TMP, f"xcache{_n[0]}")
    every, fixes = os.path.join(TMP, f"all{_n[0]}.toml"), os.path.join(TMP, f"fix{_n[0]}.toml")
    write(every, '[rules.DW303]\nchanges = "all"\n')
    write(fixes, '[rules.DW303]\nchanges = "fixes"\n')
    fresh = {c: dw303(st, ["--config", c, "--no-cache"]).stdout for c in (every, fixes)}
    # (each tree: 11 changes, 5 of them fixes by their messages)
    s.check(fresh[every].count("DW303") == 22 and fresh[fixes].count("DW303") == 10 and
            "Receive a frame at a time" in fresh[every] and
            "Receive a frame at a time" not in fresh[fixes],
            "changes: every change with all, the fixes without", fresh[every] + fresh[fixes])
    got = [dw303(st, ["--config", c, "--cache-dir", cache], cache=True).stdout
           for c in (fixes, every, fixes, every)]
    s.check(got == [fresh[fixes], fresh[every], fresh[fixes], fresh[every]],
            "changes all and fixes through one cache: as without a cache", got)


def test_history_no_cache_writes_nothing():
    """--no-cache: nothing is written, the history is read from git."""
    st = story("seed")
    before = sorted(os.listdir(st.repo))
    p = dw303(st, ["--no-cache"])
    s.check(p.returncode == 1 and sorted(os.listdir(st.repo)) == before,
            "--no-cache writes nothing in the tree", os.listdir(st.repo))


def test_history_docs():
    """`deadwood rule DW303` documents the rule; the README's GitHub workflow fetches the whole
    history; the README and the man page say DW301 is opt-in and point to DW303."""
    p = dw(["rule", "DW303"], TMP)
    s.check(p.returncode == 0 and p.stdout.startswith("DW303 stale-override\n") and
            "fetch-depth: 0" in p.stdout, "deadwood rule DW303", p.stdout[:300])
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    with open(os.path.join(ROOT, "man", "deadwood.1")) as f:
        man = f.read()
    s.check("fetch-depth: 0" in readme and "actions/checkout" in readme,
            "the README's workflow fetches the whole history")
    s.check("DW303" in readme and "stale-override" in readme and "DW303" in man and
            "DEADWOOD_GIT_TIMEOUT" in man, "README and man page document DW303")
    allp = dw(["rule", "--all"], TMP).stdout
    for code in ("DW301", "DW303"):
        s.check(any(line.startswith(code) and " off " in line for line in allp.splitlines()),
                f"deadwood rule --all: {code} is opt-in", allp)

