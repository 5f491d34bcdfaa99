"""report_compare.py — the side-by-side and scale sections of bench/RESULTS.md, and the plot.

Offers write_compare(out, res), write_scale(out, res, png, bench). Ratios are taken round by
round against one deadwood row in the same run: `deadwood check --jobs 1 --no-cache` once check
exists, `deadwood parse --stats` (labelled as such) until then.
"""
import math
import os
import subprocess

import measure
from report import cell, load_line, mb, section_missing, spread
from tools import DEFECT_CLASSES

REFS = ("deadwood check -j1 cold", "deadwood parse")


def reference(runs):
    for key in REFS:
        if key in runs and measure.good_runs(runs[key]):
            return key
    return None


def speed_table(out, part, tools):
    c = part["corpus"]
    ref = reference(part["runs"])
    out.append("Ratios: the tool's time ÷ `%s`'s, round by round (>1: the tool is slower).%s\n"
               % (ref, " **`deadwood check` does not exist yet, so the reference is the parser "
                       "alone — not a like-for-like linter comparison.**"
                  if ref == "deadwood parse" else ""))
    out.append("| tool | parallelism | wall s | CPU s | peak RSS | MB/s wall | MB/s CPU | own "
               "timer MB/s | ratio wall | ratio CPU |\n|---|---|---|---|---|---|---|---|---|---|")
    for key, runs in part["runs"].items():
        t = tools[key]
        s = measure.summarize(runs, c["bytes"])
        if not s:
            out.append("| %s | %s | failed: %s | | | | | | | |" % (
                t["label"], t["parallel"], cell(runs[-1]["problem"]) if runs else "no run"))
            continue
        rw = measure.pair_ratios(runs, part["runs"][ref], "wall") if ref else None
        rc = measure.pair_ratios(runs, part["runs"][ref], "cpu") if ref else None
        own = measure.metric_values(runs, "mbps")
        out.append("| %s | %s | %s | %s | %s | %.2f | %.2f | %s | %s | %s |" % (
            t["label"], t["parallel"], spread(s["wall"], "%.2f"), spread(s["cpu"], "%.2f"),
            mb(s["maxrss_kb"]["max"]), s["mbps_wall"], s["mbps_cpu"],
            "%.1f" % own["median"] if own else "—", spread(rw, "%.1f"), spread(rc, "%.1f")))
    out.append("")
    out.append("Median [min–max] over %d round(s) (raw runs in bench/work/results.json). Own "
               "timer: the tool's own figure for its checking loop, start-up excluded, where it "
               "has one.\n" % part["rounds"])


def findings_table(out, part, tools):
    found = part["findings"]
    if not found:
        return
    out.append("What each tool reported on this corpus (from its last timed run):\n")
    out.append("| tool | findings | %s | rules counted |\n|---|---|%s---|" % (
        " | ".join(DEFECT_CLASSES), "---|" * len(DEFECT_CLASSES)))
    for key, f in found.items():
        t = tools[key]
        cells = ["—" if f["classes"][c] is None else str(f["classes"][c]) for c in DEFECT_CLASSES]
        out.append("| %s | %d | %s | %s |" % (t["label"], f["total"], " | ".join(cells),
                                               t["rules_note"]))
    out.append("\n— : the tool has no rule for that class.\n")
    for key, f in found.items():
        if tools[key]["deadwood"]:
            names = f.get("deadwood_names", {})
            cls = f.get("deadwood_classes", {})
            out.append("`%s`, per code: %s.\n" % (key, ", ".join(
                "%s %s %d" % (code, names.get(code, ""), n) for code, n in f["by_code"].items())
                or "no findings"))
            for c in DEFECT_CLASSES:
                out.append("deadwood rules counted as %s: %s.\n" % (c, ", ".join(
                    "%s %s" % (code, names.get(code, "")) for code in sorted(cls)
                    if cls[code] == c) or "none"))
            break


def write_compare(out, res):
    if section_missing(out, res, "compare", "3. Side by side"):
        return
    cmp_ = res["compare"]
    tools = {t["key"]: t for t in cmp_["tools"]}
    out.append("## 3. Side by side with other Python checkers\n")
    out.append("| tool | version | parallelism | status |\n|---|---|---|---|")
    for t in cmp_["tools"]:
        status = "measured" if t["available"] else "**skipped**: " + cell(t["why"])
        if t["note"]:
            status += " — " + t["note"]
        out.append("| %s | %s | %s | %s |" % (t["label"], t["version"] or "—", t["parallel"],
                                              status))
    out.append("")
    out.append("Every tool runs with its default configuration (the rule selections named below "
               "aside), from an empty working directory, on the same files given by name. The "
               "corpus is the 3.13 stdlib less the files the Debian tools' Python cannot parse, "
               "so that no tool is faster for skipping files.\n")
    sub, full = cmp_["subset"], cmp_["full"]
    c = sub["corpus"]
    out.append("### 3a. Every tool on the subset\n")
    out.append("Subset: %s — %d bytes (%.2f MB). Every tool runs on it; on the whole stdlib, "
               "only those estimated from it to need at most %.0f s of CPU (pylint, mypy or "
               "pyright may take far longer).\n"
               % (c["description"], c["bytes"], c["bytes"] / 1e6, full.get("limit", 0)))
    speed_table(out, sub, tools)
    findings_table(out, sub, tools)
    out.append(load_line(sub.get("load")))
    c = full["corpus"]
    out.append("### 3b. On the whole stdlib\n")
    out.append("Corpus: %s — %d bytes (%.1f MB).\n" % (c["description"], c["bytes"],
                                                       c["bytes"] / 1e6))
    if full["skipped"]:
        out.append("Not run here, estimated from the subset (CPU time × bytes ratio) to need "
                   "more than %.0f s: %s.\n" % (full["limit"], ", ".join(
                       "%s (≈ %.0f s)" % (k, full["estimates"].get(k, float("nan")))
                       for k in full["skipped"])))
    once = full.get("once", [k for k, runs in full["runs"].items()
                             if len(runs) == 1 and not runs[0].get("problem")])
    if once and full["rounds"] > 1:
        out.append("Run once (estimated over 120 s): %s — no spread for those.\n" % ", ".join(once))
    if full["runs"]:
        speed_table(out, full, tools)
        findings_table(out, full, tools)
    out.append(load_line(full.get("load")))
    out.append("Commands (the subset's; the whole corpus uses `bench/work/lists/cmp313.txt`):\n")
    out.append("```\n" + "\n".join(sub["commands"].values()) + "\n```\n")


def write_scale(out, res, png, bench):
    if section_missing(out, res, "scale", "4. Scale"):
        return
    sc = res["scale"]
    out.append("## 4. Scale: deadwood on growing trees\n")
    out.append("Trees of hard links to copies of every installed CPython 3.x stdlib (newest "
               "first, repeated as needed), under bench/work/corpus/scale/; %d run(s) per size. "
               "Free disk before: %.1f GB.\n" % (sc["rounds"], sc["df_before"]["free_bytes"] / 1e9))
    if not sc["check_available"]:
        out.append("`deadwood check`: **not available yet** (%s).\n" % sc["check_why"])
    out.append("| corpus | files | MB parsed | command | wall s | CPU s | MB/s (CPU) | peak RSS |"
               "\n|---|---|---|---|---|---|---|---|")
    rows = []
    for pt in sc["points"]:
        pr = pt["runs"].get("deadwood parse", [])
        mv = measure.metric_values(pr, "bytes")
        nbytes = mv["median"] if mv else pt["bytes"]
        row = [nbytes / 1e6]
        for key in ("deadwood parse", "deadwood check cold"):
            s = measure.summarize(pt["runs"].get(key, []), nbytes)
            row += [s["wall"]["median"], s["cpu"]["median"], s["maxrss_kb"]["max"] * 1024 / 1e6] \
                if s else [math.nan] * 3
            if key in pt["runs"]:
                out.append("| %s (%s) | %d | %.1f | `%s` | %s | %s | %s | %s |" % (
                    pt["label"], ", ".join(pt["stdlibs"][:3]) + (", …" if len(pt["stdlibs"]) > 3
                                                                 else ""),
                    pt["files"], nbytes / 1e6, pt["commands"][key],
                    spread(s and s["wall"], "%.2f"), spread(s and s["cpu"], "%.2f"),
                    "%.1f" % s["mbps_cpu"] if s else "—", mb(s["maxrss_kb"]["max"]) if s else
                    "failed: %s" % (cell(pt["runs"][key][-1].get("problem"))
                                    if pt["runs"][key] else "")))
        rows.append(row)
    out.append("")
    for a in sc["assertions"]:
        out.append("**ASSERT** `%s` peak RSS on the 1 GiB corpus ≤ 1.5 GB: %s — **%s**\n" % (
            a["command"], "%.1f MB" % (a["peak_bytes"] / 1e6) if a["peak_bytes"] else "no run",
            "ok" if a["ok"] else "FAILED"))
    if not sc["assertions"]:
        out.append("The 1 GiB assertion did not run (quick mode stops at 130 MB).\n")
    if plot(rows, png, bench, sc["check_available"]):
        out.append("![time and peak memory against corpus size](%s)\n" % os.path.basename(png))
    else:
        out.append("(No plot: gnuplot is not installed.)\n")


def plot(rows, png, bench, has_check):
    data = os.path.join(bench, "work", os.path.basename(png) + ".dat")
    with open(data, "w") as f:
        for r in rows:
            f.write(" ".join("NaN" if isinstance(v, float) and math.isnan(v) else "%.4f" % v
                             for v in r) + "\n")
    try:
        p = subprocess.run(["gnuplot", "-e", "datafile='%s'; outfile='%s'; has_check=%d"
                            % (data, png, 1 if has_check else 0),
                            os.path.join(bench, "plot.gp")], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
    except OSError:
        return False
    if p.returncode != 0:
        print(p.stdout)
    return p.returncode == 0
