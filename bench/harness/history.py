"""history.py — section 5 of `make bench`: what DW303 (stale-override) costs, on a repository
with a long history, against `deadwood check` without it, cold and warm.

The repository is BENCH_HISTORY_REPO (a git repository or bare mirror; default: sqlalchemy's
mirror when this machine has it), checked out once, Python files only (sparse), at
BENCH_HISTORY_REV (default: its HEAD when first prepared, then pinned), in
bench/work/history/<name>. Four commands, interleaved round by round:

  without DW303, cold   deadwood check --no-cache            (the default rules)
  with DW303, cold      deadwood check --no-cache --extend-select DW303   (every history read from git)
  without DW303, warm   deadwood check --cache-dir A
  with DW303, warm      deadwood check --cache-dir B --extend-select DW303   (the history from its cache)

CPU time includes git's (os.wait4 counts the children deadwood waited for). The cold run with
DW303 also reports, with -v, how many files' histories it read, over how many commits and blobs.
"""
import os
import re
import shutil
import subprocess

import measure

NAME_RE = re.compile(r"history of (\d+) files? in (\d+) repositor(?:y|ies): (\d+) from the cache, "
                     r"(\d+) read from git \((\d+) commits, (\d+) blobs")


def default_repo():
    for cand in ("/work/.mirror/sqlalchemy+sqlalchemy/repo",):
        if os.path.isdir(cand):
            return cand
    return None


def git(args, cwd):
    return subprocess.run(["git"] + args, cwd=cwd, check=True, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True).stdout.strip()


def prepare(src, work, log):
    """The work tree (Python files only) at the pinned revision: (path, revision)."""
    name = os.path.basename(os.path.dirname(src.rstrip("/"))) if src.rstrip("/").endswith(
        "/repo") else os.path.basename(src.rstrip("/"))
    tree = os.path.join(work, "history", name)
    pin = os.path.join(work, "history", name + ".rev")
    rev = os.environ.get("BENCH_HISTORY_REV")
    if not rev and os.path.exists(pin):
        rev = open(pin).read().strip()
    if not rev:
        rev = git(["rev-parse", "HEAD"], src)
    if not os.path.isdir(tree):
        log("== history: preparing %s at %s (Python files only)" % (tree, rev[:10]))
        os.makedirs(os.path.dirname(tree), exist_ok=True)
        subprocess.run(["git", "clone", "-q", "--no-checkout", "--shared", src, tree], check=True)
        git(["sparse-checkout", "set", "--no-cone", "*.py"], tree)
    # (a mirror may lack large non-Python blobs: git complains of them, and checks out the rest)
    subprocess.run(["git", "checkout", "-q", "-f", "--detach", rev], cwd=tree,
                   stderr=subprocess.DEVNULL)
    with open(pin, "w") as f:
        f.write(rev + "\n")
    return tree, rev


def history_metric(run):
    m = NAME_RE.search(run.stderr())
    if not m:
        return {}
    keys = ("files", "repos", "cached", "built", "commits", "blobs")
    return {k: int(v) for k, v in zip(keys, m.groups())}


def section_history(res, dw, work, out_dir, quick, log):
    src = os.environ.get("BENCH_HISTORY_REPO") or default_repo()
    if not src or not shutil.which("git"):
        why = "no repository (set BENCH_HISTORY_REPO)" if src is None else "no git"
        log("== history: skipped: %s" % why)
        res["history"] = {"available": False, "why": why}
        return
    tree, rev = prepare(src, work, log)
    commits = int(git(["rev-list", "--count", "--first-parent", "HEAD"], tree))
    files = sum(len([f for f in fs if f.endswith(".py")]) for _, _, fs in os.walk(tree))
    caches = [os.path.join(work, "history-cache-" + x) for x in ("without", "with")]
    for c in caches:
        shutil.rmtree(c, ignore_errors=True)
    base = [dw, "check", "-q", "--exit-zero"]
    with_dw303 = [dw, "check", "-v", "--exit-zero", "--extend-select", "DW303"]  # (opt-in)
    cmds = [
        measure.Cmd("without DW303, cold", base + ["--no-cache", "."], cwd=tree,
                    keep_output=False),
        measure.Cmd("with DW303, cold", with_dw303 + ["--no-cache", "."], cwd=tree,
                    metric=history_metric),
        measure.Cmd("without DW303, warm", base + ["--cache-dir", caches[0], "."], cwd=tree,
                    keep_output=False),
        measure.Cmd("with DW303, warm", with_dw303 + ["--cache-dir", caches[1], "."], cwd=tree,
                    metric=history_metric),
    ]
    rounds = 2 if quick else 7
    log("== history: %s (%d first-parent commits, %d Python files), %d rounds"
        % (tree, commits, files, rounds))
    meter = measure.LoadMeter().start()
    runs = measure.interleave(cmds, rounds, os.path.join(out_dir, "history"), warmup=1, log=log)
    res["history"] = {"available": True, "repo": src, "tree": tree, "rev": rev,
                      "commits": commits, "files": files, "rounds": rounds, "runs": runs,
                      "commands": {c.key: " ".join(c.argv[1:]) for c in cmds},
                      "load": meter.stop()}


def write_history(out, res, section_missing, spread, load_line):
    if section_missing(out, res, "history", "5. DW303 and the history"):
        return
    h = res["history"]
    out.append("## 5. DW303 (stale-override) and the git history it reads\n")
    if not h["available"]:
        out.append("**Not run**: %s.\n" % h["why"])
        return
    out.append("On `%s` at `%s` (%d first-parent commits, %d Python files), in a work tree of "
               "its Python files (`%s`); %d interleaved rounds after a warm-up run (which also "
               "fills the warm runs' caches). CPU time includes git's.\n"
               % (h["repo"], h["rev"][:10], h["commits"], h["files"], h["tree"], h["rounds"]))
    out.append("```\n" + "\n".join("%s:  deadwood %s" % kv for kv in h["commands"].items()) +
               "\n```\n")
    out.append("| command | wall s | CPU s | peak RSS | CPU vs without DW303 |\n|---|---|---|---|---|")
    runs = h["runs"]
    for key in runs:
        s = measure.summarize(runs[key])
        if not s:
            out.append("| %s | failed | | | |" % key)
            continue
        ref = runs.get(key.replace("with DW303", "without DW303"))
        r = measure.pair_ratios(runs[key], ref, "cpu") if ref is not runs[key] else None
        out.append("| %s | %s | %s | %.1f MB | %s |" % (
            key, spread(s["wall"]), spread(s["cpu"]), s["maxrss_kb"]["max"] * 1024 / 1e6,
            spread(r, "%.2f") + "×" if r else "—"))
    out.append("")
    cold = [r.get("metric") for r in runs.get("with DW303, cold", []) if r.get("metric")]
    warm = [r.get("metric") for r in runs.get("with DW303, warm", []) if r.get("metric")]
    if cold:
        m = cold[-1]
        out.append("- Cold, DW303 read the history of %d files (the bases and overrides it "
                   "compares) from git: %d commits of the log, %d blobs." % (
                       m["files"], m["commits"], m["blobs"]))
    if warm:
        m = warm[-1]
        out.append("- Warm, %d of %d histories came from the cache; git ran only `rev-parse`."
                   % (m["cached"], m["files"]))
    out.append("\n" + load_line(h["load"]))
