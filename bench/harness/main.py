"""main.py — `make bench`'s driver: the four benchmark sections, one after the other, each
writing its figures into one results dictionary that report.py turns into bench/RESULTS.md.

    python3 bench/harness/main.py          (bench/run.sh sets the environment below)
    python3 bench/harness/main.py --report (RESULTS.md again from bench/work/results.json)

Environment: BENCH_QUICK=1 (a fast subset, written to bench/work/RESULTS-quick.md),
BENCH_SECTIONS=parse,check,compare,scale,history (default all), DEADWOOD (./deadwood), BENCH_STDLIB (the
3.13 stdlib), BENCH_PY313 (CPython 3.13), BENCH_TOOLS_PYTHON (the Python the Debian tools run
on), BENCH_NODE_MODULES (where npm installed pyright and ruff-wasm).

Sections:
  parse    parser throughput on the 3.13 stdlib, next to CPython's ast.parse; peak memory
  check    deadwood check throughput (when it exists), 1 thread and all cores
  compare  deadwood next to ruff-wasm, pyflakes, flake8, pylint, mypy, pyright; findings
  scale    deadwood on trees of growing size up to >= 1 GiB; peak RSS assertion
  history  DW303's cost on a repository with a long history, cold and warm (history.py)
"""
import datetime
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import corpus as corpus_mod  # noqa: E402
import findings as findings_mod  # noqa: E402
import history as history_mod  # noqa: E402
import measure  # noqa: E402
import report  # noqa: E402
import tools as tools_mod  # noqa: E402

BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
WORK = os.path.join(BENCH, "work")
QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")
SECTIONS = [s for s in os.environ.get("BENCH_SECTIONS",
                                       "parse,check,compare,scale,history").split(",") if s]
HOME = os.path.expanduser("~")
DW = os.path.abspath(os.environ.get("DEADWOOD", os.path.join(ROOT, "deadwood")))
STDLIB = os.environ.get("BENCH_STDLIB",
                        os.path.join(HOME, ".pyenv/versions/3.13.0/lib/python3.13"))
PY313 = os.environ.get("BENCH_PY313", os.path.join(HOME, ".pyenv/versions/3.13.0/bin/python3"))
TOOLS_PY = os.environ.get("BENCH_TOOLS_PYTHON", "/usr/bin/python3")
NODE_MODULES = os.environ.get("BENCH_NODE_MODULES", os.path.join(WORK, "node", "node_modules"))
RUN_DIR = os.path.join(WORK, "run")  # every tool's working directory: no config files in it
OUT_DIR = os.path.join(WORK, "out")
GIB = 1 << 30
RSS_LIMIT = 1.5e9  # bytes: the scale section's assertion on the 1 GiB corpus (1.5 GB)
PER_FILE_RULES = "DW000,DW001,DW101,DW102,DW103,DW104,DW201,DW202"
CHECK_PER_FILE = "deadwood check -j1 cold, per-file rules only (no index)"
CALLERS_NAME = "close"
CALLERS = "deadwood callers %s (all cores)" % CALLERS_NAME
# CPU s: a tool estimated slower on the full corpus runs on the subset only. The estimate is
# linear in bytes, and pylint grows faster than that with the tree (inference across modules):
# estimated at 598 s from its subset, it had not finished after 2,395 s (2026-12-03).
FULL_LIMIT = 300.0


def log(msg=""):
    print(msg, flush=True)


def stats_metric(run):
    return tools_mod.parse_stats(run.stdout() + run.stderr())


def section_parse(res, P):
    """Parser throughput next to CPython's ast.parse, then peak memory against the largest file."""
    rounds = 2 if QUICK else 7
    ast_py = os.path.join(BENCH, "ast_parse.py")
    cmds = [measure.Cmd("deadwood parse", [DW, "parse", "--stats"] + P.files, cwd=RUN_DIR,
                        metric=stats_metric),
            measure.Cmd("cpython ast.parse", [PY313, ast_py, P.list_path], cwd=RUN_DIR,
                        metric=stats_metric)]
    log("== parse: %d files, %.1f MB, %d interleaved rounds"
        % (len(P.files), P.bytes / 1e6, rounds))
    meter = measure.LoadMeter().start()
    runs = measure.interleave(cmds, rounds, os.path.join(OUT_DIR, "parse"),
                              warmup=0 if QUICK else 1, log=log)
    hf = None
    if "hyperfine" in res["setup"]["have"]:
        hf = measure.hyperfine(
            [("deadwood parse", "%s parse --stats $(cat %s)" % (DW, P.list_path)),
             ("cpython ast.parse", "%s %s %s" % (PY313, ast_py, P.list_path))],
            2 if QUICK else 5, 0 if QUICK else 1, os.path.join(OUT_DIR, "parse", "hyperfine.json"),
            cwd=RUN_DIR, log=log)
    load = meter.stop()
    # memory: an empty run (the process's baseline), the whole corpus, the largest files alone
    empty = os.path.join(WORK, "corpus", "empty")
    os.makedirs(empty, exist_ok=True)
    base = [measure.run_once([DW, "parse", "--stats", empty]).maxrss_kb for _ in range(3)]
    biggest = sorted(P.files, key=os.path.getsize, reverse=True)[:10]
    walk = [measure.run_once([DW, "parse", "--stats", P.root]).maxrss_kb for _ in range(3)]
    singles = []
    for f in biggest:
        r = measure.run_once([DW, "parse", "--stats", f])
        singles.append({"file": os.path.relpath(f, P.root), "bytes": os.path.getsize(f),
                        "maxrss_kb": r.maxrss_kb})
    res["parse"] = {
        "corpus": P.as_dict(), "rounds": rounds, "runs": runs, "load": load,
        "commands": {
            "deadwood parse": "%s parse --stats $(cat %s)" % (rel(DW), rel(P.list_path)),
            "cpython ast.parse": "%s %s %s" % (PY313, rel(ast_py), rel(P.list_path))},
        "hyperfine": hf,
        "memory": {"baseline_kb": min(base), "singles": singles, "walk_kb": max(walk),
                   "walk_command": "%s parse --stats %s" % (rel(DW), P.root),
                   "empty_command": "%s parse --stats %s" % (rel(DW), rel(empty))},
    }


def section_check(res, P, dw_tools):
    """deadwood check on the same corpus as the parser figure: 1 thread, all cores."""
    rows = [t for t in dw_tools if t.key in ("deadwood parse", "deadwood check -j1 cold",
                                             "deadwood check cold")]
    if not all(t.available for t in rows):
        why = next(t.why for t in rows if not t.available)
        log("== check: %s" % why)
        res["check"] = {"available": False, "why": why}
        return
    # runs here land in a fast or a slow mode (about 30% apart, by the machine's load, not the
    # command): eleven rounds keep a median ratio from resting on a pair of mismatched runs
    rounds = 3 if QUICK else 11
    cmds = [measure.Cmd(t.key, t.argv_for(P), cwd=RUN_DIR, ok_rcs=t.ok_rcs,
                        metric=t.metric, keep_output=False) for t in rows]
    # what the whole-tree index costs: the same run with only the per-file rules (no index is
    # built when no whole-tree rule is selected); and a callers query over the whole corpus
    j1 = rows[1].argv_for(P)
    files_at = len(j1) - len(P.files)
    per_file = j1[:files_at] + ["--select", PER_FILE_RULES] + j1[files_at:]
    cmds.append(measure.Cmd(CHECK_PER_FILE, per_file, cwd=RUN_DIR, ok_rcs=(0,),
                            keep_output=False))
    cmds.append(measure.Cmd(CALLERS, [DW, "callers", CALLERS_NAME] + P.files, cwd=RUN_DIR,
                            ok_rcs=(0, 1), keep_output=False))
    log("== check: %d rounds" % rounds)
    meter = measure.LoadMeter().start()
    runs = measure.interleave(cmds, rounds, os.path.join(OUT_DIR, "check"), warmup=1, log=log)
    # the same two runs counted in instructions, once each: the index's cost without the noise
    instructions = {}
    for key, argv in ((rows[1].key, j1), (CHECK_PER_FILE, per_file)):
        log("== check: instructions of %s (valgrind --tool=callgrind)" % key)
        n = measure.instructions(argv, cwd=RUN_DIR)
        if n:
            instructions[key] = n
    commands = {t.key: display(t.argv_for(P), P) for t in rows}
    commands[CHECK_PER_FILE] = display(per_file, P)
    commands[CALLERS] = display(cmds[-1].argv, P)
    res["check"] = {"available": True, "corpus": P.as_dict(), "rounds": rounds, "runs": runs,
                    "load": meter.stop(), "commands": commands, "instructions": instructions}


def compare_on(corpus, tools, rounds, outdir, limits=None):
    """Interleaved runs of every available tool on corpus; then its findings counted."""
    cmds = []
    for t in tools:
        argv = t.argv_for(corpus)
        cwd = t.cwd_for(corpus) if t.cwd_for else RUN_DIR
        timeout = (limits or {}).get(t.key, 3600)
        cmds.append(measure.Cmd(t.key, argv, cwd=cwd, ok_rcs=t.ok_rcs, metric=t.metric,
                                timeout=timeout))
        if t.key == "deadwood check warm":  # fill the cache, untimed
            measure.run_once(argv, cwd=cwd)
    max_runs = {t.key: 1 for t in tools if (limits or {}).get(t.key + " once")}
    runs = measure.interleave(cmds, rounds, outdir, log=log, max_runs=max_runs)
    found = {}
    dw_codes = set()
    for t in tools:
        base = os.path.join(outdir, measure.safe(t.key))
        if measure.good_runs(runs[t.key]) and t.findings:
            found[t.key] = findings_mod.count(t, measure.read_text(base + ".stdout"),
                                              measure.read_text(base + ".stderr"))
            if t.deadwood:
                dw_codes |= set(found[t.key]["by_code"])
    if any(t.deadwood and t.key in found for t in tools):
        classes, names = findings_mod.deadwood_rule_classes(DW, dw_codes)
        for t in tools:
            if t.deadwood and t.key in found:
                base = os.path.join(outdir, measure.safe(t.key))
                found[t.key] = findings_mod.count(t, measure.read_text(base + ".stdout"), "",
                                                  classes)
                found[t.key]["deadwood_classes"] = classes
                found[t.key]["deadwood_names"] = names
    return {"corpus": corpus.as_dict(), "rounds": rounds, "runs": runs, "findings": found,
            "commands": {t.key: display(t.argv_for(corpus), corpus) for t in tools}}


def section_compare(res, S, C, tools):
    avail = [t for t in tools if t.available]
    rounds = 2 if QUICK else 3
    log("== compare on the subset (%s: %d files, %.2f MB), %d rounds"
        % (S.name, len(S.files), S.bytes / 1e6, rounds))
    meter = measure.LoadMeter().start()
    sub = compare_on(S, avail, rounds, os.path.join(OUT_DIR, "compare-subset"))
    sub["load"] = meter.stop()
    # which tools also run on the full corpus: estimated from the subset, CPU time scaled by bytes
    est, plan = {}, []
    limit = 20.0 if QUICK else FULL_LIMIT
    for t in avail:
        s = measure.summarize(sub["runs"][t.key])
        if not s:
            continue
        est[t.key] = s["cpu"]["median"] * C.bytes / S.bytes
        if est[t.key] <= limit:
            plan.append(t)
    limits = {}
    for t in plan:
        limits[t.key] = max(300.0, 4 * est[t.key])
        if QUICK or est[t.key] > 120:
            limits[t.key + " once"] = True
    log("== compare on the full corpus (%d files, %.1f MB): %s" % (
        len(C.files), C.bytes / 1e6, ", ".join(t.key for t in plan)))
    meter = measure.LoadMeter().start()
    full = compare_on(C, plan, 1 if QUICK else 3, os.path.join(OUT_DIR, "compare-full"), limits)
    full["load"] = meter.stop()
    full["estimates"] = est
    full["limit"] = limit
    full["skipped"] = [t.key for t in avail if t not in plan]
    full["once"] = [k[:-len(" once")] for k in limits if k.endswith(" once")]
    res["compare"] = {"subset": sub, "full": full, "tools": [tool_info(t) for t in tools]}


def section_scale(res, dw_tools, stdlibs):
    sizes = [(33e6, "33 MB"), (130e6, "130 MB")] if QUICK else \
        [(33e6, "33 MB"), (130e6, "130 MB"), (500e6, "500 MB"), (GIB, "1 GiB")]
    check = next(t for t in dw_tools if t.key == "deadwood check cold")
    rounds = 1 if QUICK else 3
    log("== scale: %s; %d round(s) each" % (", ".join(l for _, l in sizes), rounds))
    res["scale"] = {"df_before": df(WORK), "points": [], "rounds": rounds,
                    "check_available": check.available, "check_why": check.why}
    for target, label in sizes:
        tree = corpus_mod.scale_tree(stdlibs, int(target), WORK, label.replace(" ", ""))
        cmds = [measure.Cmd("deadwood parse", [DW, "parse", "--stats", tree["root"]],
                            cwd=RUN_DIR, metric=stats_metric)]
        if check.available:
            cmds.append(measure.Cmd(check.key, check.argv_for(TreeArg(tree["root"])),
                                    cwd=RUN_DIR, keep_output=False))
        log("-- %s: %d files, %.1f MB" % (label, tree["files"], tree["bytes"] / 1e6))
        runs = measure.interleave(cmds, rounds, os.path.join(OUT_DIR, "scale", label), log=log)
        tree["runs"] = runs
        tree["commands"] = {c.key: " ".join(rel(a) for a in c.argv) for c in cmds}
        res["scale"]["points"].append(tree)
    res["scale"]["df_after"] = df(WORK)
    last = res["scale"]["points"][-1]
    verdicts = []
    if last["target"] >= GIB:
        for key, runs in last["runs"].items():
            s = measure.summarize(runs)
            if s:
                peak = s["maxrss_kb"]["max"] * 1024
                ok = peak <= RSS_LIMIT
                verdicts.append({"command": key, "peak_bytes": peak, "ok": ok})
                log("ASSERT %s: peak RSS %.1f MB on %s %s 1.5 GB: %s" % (
                    key, peak / 1e6, last["label"], "<=" if ok else ">", "ok" if ok else "FAILED"))
            else:
                verdicts.append({"command": key, "peak_bytes": None, "ok": False})
                log("ASSERT %s: no successful run on %s: FAILED" % (key, last["label"]))
    res["scale"]["assertions"] = verdicts


class TreeArg:
    """A directory given as the one path argument (what Tool.argv_for takes)."""

    def __init__(self, root):
        self.files = [root]


def tool_info(t):
    return {"key": t.key, "label": t.label, "version": t.version, "available": t.available,
            "why": t.why, "parallel": t.parallel, "rules_note": t.rules_note, "note": t.note,
            "deadwood": t.deadwood,
            "classes": sorted(t.classes) if not t.deadwood else list(tools_mod.DEFECT_CLASSES)}


def display(argv, corpus):
    """argv as a shell command, the corpus's file list written as $(cat LIST)."""
    files = set(corpus.files)
    out, done = [], False
    for a in argv:
        if a in files:
            if not done:
                out.append("$(cat %s)" % rel(corpus.list_path))
                done = True
            continue
        out.append(rel(a))
    return " ".join(out)


def rel(p):
    if p == DW:
        return "./deadwood"  # the binary actually run is named in the machine table
    if isinstance(p, str) and p.startswith(ROOT + os.sep):
        return os.path.relpath(p, ROOT)
    return p


def df(path):
    st = os.statvfs(path)
    return {"free_bytes": st.f_bavail * st.f_frsize, "total_bytes": st.f_blocks * st.f_frsize}


def outputs():
    """(results JSON, RESULTS.md, plot PNG) for this mode."""
    if QUICK:
        return (os.path.join(WORK, "results-quick.json"), os.path.join(WORK, "RESULTS-quick.md"),
                os.path.join(WORK, "scale-quick.png"))
    return (os.path.join(WORK, "results.json"), os.path.join(BENCH, "RESULTS.md"),
            os.path.join(BENCH, "scale.png"))


def main(argv):
    js, md, png = outputs()
    if argv[1:] == ["--report"]:  # rewrite RESULTS.md from the last run's raw results
        with open(js) as f:
            report.write(json.load(f), md, png, BENCH)
        log("wrote %s from %s" % (rel(md), rel(js)))
        return 0
    os.makedirs(RUN_DIR, exist_ok=True)
    os.makedirs(OUT_DIR, exist_ok=True)
    res = {"quick": QUICK, "sections": SECTIONS,
           "started": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
           "setup": report.setup_info(WORK), "machine": report.machine_info(ROOT, DW)}
    log("deadwood bench%s: %s" % (" (BENCH_QUICK=1)" if QUICK else "", ", ".join(SECTIONS)))
    if not os.access(DW, os.X_OK):
        log("no deadwood binary at %s (run `make`)" % DW)
        return 2
    P = corpus_mod.parse_corpus(STDLIB, WORK)
    dw_tools = tools_mod.deadwood_tools(DW, WORK, stats_metric)
    res["deadwood_check"] = {"available": dw_tools[1].available, "why": dw_tools[1].why}
    total = measure.LoadMeter().start()
    if "parse" in SECTIONS:
        section_parse(res, P)
    if "check" in SECTIONS:
        section_check(res, P, dw_tools)
    if "compare" in SECTIONS:
        C, top, qsub = corpus_mod.compare_corpora(P, WORK, TOOLS_PY, PY313, QUICK)
        others = tools_mod.other_tools(WORK, NODE_MODULES,
                                       os.path.join(BENCH, "ruff_wasm_check.js"), TOOLS_PY)
        section_compare(res, qsub if QUICK else top, C, dw_tools + others)
    if "scale" in SECTIONS:
        stdlibs = corpus_mod.installed_stdlibs(os.path.join(HOME, ".pyenv"))
        section_scale(res, dw_tools, stdlibs)
    if "history" in SECTIONS:
        history_mod.section_history(res, DW, WORK, OUT_DIR, QUICK, log)
    res["load"] = total.stop()
    res["finished"] = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    with open(js, "w") as f:
        json.dump(res, f, indent=1, default=str)
    report.write(json.loads(json.dumps(res, default=str)), md, png, BENCH)
    log("wrote %s" % rel(md))
    failed = [a for a in res.get("scale", {}).get("assertions", []) if not a["ok"]]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
