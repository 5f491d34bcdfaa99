"""The documentation: the man page renders and covers every option and key, the README, and
the pre-commit manifest (validated and run by pre-commit when it is installed)."""
import json
import os
import re
import shutil
import subprocess
import time

from clilib import *  # noqa: F401,F403
from clilib import _count  # noqa: F401

# ---- documentation ---------------------------------------------------------------------------

def check_options():
    text = dw(["check", "--help"], TMP).stdout
    return sorted(set(re.findall(r"(?<![\w-])(--[a-z][a-z-]+|-[a-z])\b", text)) - {"--help", "-h"})


CONFIG_KEYS = ["select", "extend-select", "ignore", "exclude", "extend-exclude", "per-file-ignores",
               "target-version", "respect-gitignore", "force-exclude", "cache-dir", "similarity",
               "unsafe-fixes", "fixable", "unfixable", "in-tests", "clones"]


def test_docs():
    man = os.path.join(ROOT, "man", "deadwood.1")
    if not os.path.exists(man):
        s.fail("man page", "man/deadwood.1 is missing")
        return
    groff = shutil.which("groff")
    if groff:
        p = subprocess.run([groff, "-man", "-Tutf8", "-ww", "-z", man], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
        s.check(p.returncode == 0 and not p.stderr.strip(), "man page renders without warnings",
                p.stderr[:500])
    else:
        s.skip("man page renders without warnings", "groff is not installed")
    if shutil.which("man"):
        p = subprocess.run(["man", "-l", man], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, env=dict(BASE_ENV, MANPAGER="cat", PAGER="cat", MANWIDTH="80"))
        s.check(p.returncode == 0 and "DEADWOOD" in p.stdout and not p.stderr.strip(),
                "man -l renders it without warnings", p.stderr[:300])
    else:
        s.skip("man -l renders it", "man is not installed")
    src = open(man).read().replace("\\-", "-")
    readme = open(os.path.join(ROOT, "README.md")).read()
    opts = check_options()
    s.check(len(opts) > 20, "check --help lists the options", opts)
    for what, text in (("man page", src), ("README", readme)):
        missing = [o for o in opts if o not in text]
        s.check(not missing, f"{what} documents every option of check", missing)
        missing = [k for k in CONFIG_KEYS if k not in text]
        s.check(not missing, f"{what} documents every configuration key", missing)
        for word in ("DEADWOOD_CACHE_DIR", "NO_COLOR", "DEADWOOD_OUTPUT_FORMAT", "pyproject.toml",
                     "deadwood.toml", ".deadwood_cache", "--version", "rule --all"):
            s.check(word in text, f"{what} mentions {word}")
    cmds = re.findall(r"^  (\w+) ", dw(["help"], TMP).stdout.split("Commands:")[1], re.M)
    s.check(all(f"deadwood {c}" in src or f"{c}\n" in src for c in cmds), "man page covers every command",
            cmds)
    s.check(readme.lstrip().startswith("# deadwood") and "make demo" in readme[:1500] and
            "make test" in readme[:1500], "README's first screen keeps make demo / make test")
    s.check("github/codeql-action/upload-sarif" in readme and "--output-format sarif" in readme,
            "README: GitHub code scanning example")
    hooks = os.path.join(ROOT, ".pre-commit-hooks.yaml")
    text = open(hooks).read() if os.path.exists(hooks) else ""
    s.check(re.search(r"^- id: deadwood$", text, re.M) and
            re.search(r"^  entry: deadwood check --force-exclude --index-root \.$", text, re.M) and
            re.search(r"^  language: python$", text, re.M) and
            re.search(r"^  types_or: \[python, pyi\]$", text, re.M), ".pre-commit-hooks.yaml", text)
    pc = shutil.which("pre-commit")
    if pc:
        p = subprocess.run([pc, "validate-manifest", hooks], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        s.check(p.returncode == 0, "pre-commit validate-manifest", p.stdout[:500])
        precommit_run(pc, hooks)
    else:
        s.skip("pre-commit validate-manifest", "pre-commit is not installed")
        s.skip("pre-commit runs the hook", "pre-commit is not installed")


def precommit_run(pc, hooks):
    """The hook's entry end to end: a repository holding only .pre-commit-hooks.yaml, with
    `language: system` instead of python (the deadwood under test on the PATH, instead of one
    pre-commit builds: tests/package does that), tried by `pre-commit try-repo` in a project
    whose configuration excludes one staged file."""
    if not shutil.which("git"):
        s.skip("pre-commit runs the hook", "git is not installed")
        return
    base = os.path.join(TMP, "precommit")
    hookrepo, proj, bindir = (os.path.join(base, n) for n in ("hooks", "proj", "bin"))
    for d in (hookrepo, proj, bindir):
        os.makedirs(d)
    os.symlink(DW, os.path.join(bindir, "deadwood"))
    write(os.path.join(hookrepo, ".pre-commit-hooks.yaml"),
          open(hooks).read().replace("language: python", "language: system"))
    env = dict(BASE_ENV, PATH=bindir + os.pathsep + BASE_ENV.get("PATH", ""),
               PRE_COMMIT_HOME=os.path.join(base, "home"), GIT_CONFIG_NOSYSTEM="1",
               HOME=base, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")
    git = lambda cwd, *a: subprocess.run(["git", *a], cwd=cwd, env=env, check=True,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    git(hookrepo, "init", "-q")
    git(hookrepo, "add", ".")
    git(hookrepo, "commit", "-qm", "hooks")
    shutil.copy(os.path.join(TREE, "pkg", "nones.py"), proj)
    shutil.copy(os.path.join(TREE, "pkg", "branches.py"), os.path.join(proj, "generated_x.py"))
    write(os.path.join(proj, "notes.txt"), "if x:\n")
    write(os.path.join(proj, "pyproject.toml"), '[tool.deadwood]\nextend-exclude = ["generated_*"]\n')
    git(proj, "init", "-q")
    git(proj, "add", ".")
    p = subprocess.run([pc, "try-repo", hookrepo, "deadwood", "--all-files"], cwd=proj, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    s.check(p.returncode == 1 and "nones.py:6:16: DW201" in p.stdout and
            "generated_x.py" not in p.stdout and "notes.txt" not in p.stdout and
            "Found 1 problem in 1 file (1 file checked)." in p.stdout,
            "pre-commit runs the hook (--force-exclude, python files only)", p.stdout[-1500:])
