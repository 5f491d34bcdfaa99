"""measure.py — running commands and timing them honestly.

Offers:
  run_once(cmd, ...)        one run: wall time, CPU time (user+sys, children included, from
                            os.wait4's rusage), peak RSS, exit status, stdout/stderr kept in files.
                            Peak RSS is ru_maxrss of the command as GNU time (/usr/bin/time) reports
                            it: Linux folds the memory a process had before exec() into its
                            ru_maxrss, so a command forked straight from this (large) Python process
                            would show Python's size; a fork of the small `time` program does not.
                            ru_maxrss is the largest single process of the tree, not the sum of a
                            multi-process tool's workers.
  interleave(cmds, rounds)  every command once per round, the order rotated each round, so that
                            a change in machine load hits every command alike; pairwise ratios
                            are taken within a round
  hyperfine(...)            Debian's hyperfine, for an external whole-process cross-check
  LoadMeter                 how busy the machine was (all CPUs, from /proc/stat) while we ran
  stats helpers             median, spread (min–max), formatting

Nothing here knows about particular tools or corpora.
"""
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import tempfile
import threading
import time


GNU_TIME = "/usr/bin/time"


class Run:
    """One finished run of one command."""

    def __init__(self, wall, user, sys_, maxrss_kb, rc, stdout_path, stderr_path, timed_out):
        self.wall = wall
        self.user = user
        self.sys = sys_
        self.cpu = user + sys_
        self.maxrss_kb = maxrss_kb
        self.rc = rc
        self.stdout_path = stdout_path
        self.stderr_path = stderr_path
        self.timed_out = timed_out

    def stdout(self):
        return read_text(self.stdout_path)

    def stderr(self):
        return read_text(self.stderr_path)

    def as_dict(self):
        return {"wall": self.wall, "user": self.user, "sys": self.sys, "cpu": self.cpu,
                "maxrss_kb": self.maxrss_kb, "rc": self.rc, "timed_out": self.timed_out}


def read_text(path):
    if not path or path == os.devnull or not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def instructions(cmd, cwd=None):
    """The instructions cmd retires, counted by valgrind's callgrind in one run (exact, where
    times vary from run to run on a shared machine), or None without valgrind."""
    vg = shutil.which("valgrind")
    if not vg:
        return None
    p = subprocess.run([vg, "--tool=callgrind", "--callgrind-out-file=/dev/null"] + list(cmd),
                       cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, errors="replace")
    m = re.search(r"I\s+refs:\s+([\d,]+)", p.stderr)
    return int(m.group(1).replace(",", "")) if m else None


def run_once(cmd, cwd=None, env=None, stdout_path=os.devnull, stderr_path=os.devnull,
             timeout=None):
    """Runs cmd (a list) in its own process group; kills that group (by its id) on timeout."""
    out = open(stdout_path, "wb")
    err = open(stderr_path, "wb")
    rss_file = None
    if os.access(GNU_TIME, os.X_OK):
        fd, rss_file = tempfile.mkstemp(prefix="rss-", suffix=".txt")
        os.close(fd)
        cmd = [GNU_TIME, "-f", "maxrss_kb=%M", "-o", rss_file, "--"] + list(cmd)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out,
                            stderr=err, start_new_session=True)
    timed_out = [False]
    timer = None
    if timeout:
        def kill():
            timed_out[0] = True
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        timer = threading.Timer(timeout, kill)
        timer.start()
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if timer:
        timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)  # already reaped: keep Popen quiet
    out.close()
    err.close()
    maxrss = ru.ru_maxrss  # an upper bound: includes this Python process's size (see above)
    if rss_file:
        m = re.search(r"maxrss_kb=(\d+)", read_text(rss_file))
        os.unlink(rss_file)
        if m:
            maxrss = int(m.group(1))
    return Run(wall, ru.ru_utime, ru.ru_stime, maxrss, proc.returncode, stdout_path,
               stderr_path, timed_out[0])


class Cmd:
    """A command to measure. `metric` (optional) turns a finished Run into a dict of the tool's
    own figures (e.g. its internal MB/s); `ok_rcs` are the exit statuses that mean it ran."""

    def __init__(self, key, argv, cwd=None, env=None, metric=None, ok_rcs=(0,), timeout=None,
                 keep_output=True):
        self.key = key
        self.argv = argv
        self.cwd = cwd
        self.env = env
        self.metric = metric
        self.ok_rcs = ok_rcs
        self.timeout = timeout
        self.keep_output = keep_output


def interleave(cmds, rounds, outdir, warmup=0, log=print, max_runs=None):
    """Runs every command once per round (rotating the order); returns {key: [run dicts]}.
    A command that times out or fails is dropped from later rounds (its runs say why).
    max_runs: optional {key: n} capping a command's number of runs."""
    os.makedirs(outdir, exist_ok=True)
    results = {c.key: [] for c in cmds}
    dead = set()
    total = warmup + rounds
    for r in range(total):
        shift = r % len(cmds) if cmds else 0
        order = cmds[shift:] + cmds[:shift]
        for c in order:
            if c.key in dead:
                continue
            if max_runs and r - warmup >= max_runs.get(c.key, rounds):
                continue
            base = os.path.join(outdir, safe(c.key))
            so = base + ".stdout" if c.keep_output else os.devnull
            run = run_once(c.argv, cwd=c.cwd, env=c.env, stdout_path=so,
                           stderr_path=base + ".stderr", timeout=c.timeout)
            d = run.as_dict()
            d["round"] = r - warmup
            d["warmup"] = r < warmup
            if c.metric:
                try:
                    d["metric"] = c.metric(run)
                except Exception as e:  # a tool printing something unexpected
                    d["metric_error"] = str(e)
            problem = None
            if run.timed_out:
                problem = "timed out after %ds" % c.timeout
            elif run.rc not in c.ok_rcs:
                problem = "exit status %d: %s" % (run.rc, why_failed(run))
            d["problem"] = problem
            log("  %-28s round %-2s wall %8.3f s  cpu %8.3f s  rss %8.1f MB%s" % (
                c.key, "w" if d["warmup"] else d["round"] + 1, run.wall, run.cpu,
                run.maxrss_kb / 1024, "  ** " + problem if problem else ""))
            if not d["warmup"] or problem:
                results[c.key].append(d)
            if problem:
                dead.add(c.key)
    return results


def why_failed(run):
    """The first line that names a crash, if any, then the tail of the output."""
    text = run.stderr().strip() or run.stdout()
    first = ""
    for pat in ("INTERNAL ERROR", "Traceback", "Error:"):
        m = re.search(r"^.*%s.*$" % pat, text, re.M)
        if m:
            first = m.group(0).strip()[:200] + " … "
            break
    return first + tail(text, 200)


def safe(name):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


def tail(text, n):
    text = text.strip()
    return text if len(text) <= n else "…" + text[-n:]


def good_runs(runs):
    return [r for r in runs if not r.get("problem") and not r.get("warmup")]


def summarize(runs, nbytes=None):
    """Median and spread of wall, CPU and peak RSS over the good runs; MB/s from the medians."""
    ok = good_runs(runs)
    if not ok:
        return None
    s = {"n": len(ok)}
    for k in ("wall", "cpu", "user", "sys"):
        vals = [r[k] for r in ok]
        s[k] = {"median": statistics.median(vals), "min": min(vals), "max": max(vals)}
    rss = [r["maxrss_kb"] for r in ok]
    s["maxrss_kb"] = {"median": statistics.median(rss), "min": min(rss), "max": max(rss)}
    if nbytes:
        s["mbps_wall"] = nbytes / 1e6 / s["wall"]["median"] if s["wall"]["median"] > 0 else None
        s["mbps_cpu"] = nbytes / 1e6 / s["cpu"]["median"] if s["cpu"]["median"] > 0 else None
    return s


def pair_ratios(runs_a, runs_b, field):
    """Ratios a/b of `field`, round by round (only rounds where both ran well)."""
    a = {r["round"]: r[field] for r in good_runs(runs_a)}
    b = {r["round"]: r[field] for r in good_runs(runs_b)}
    vals = [a[k] / b[k] for k in sorted(a) if k in b and b[k] > 0]
    if not vals:
        return None
    return {"median": statistics.median(vals), "min": min(vals), "max": max(vals), "n": len(vals)}


def metric_values(runs, name):
    vals = [r["metric"][name] for r in good_runs(runs) if r.get("metric") and name in r["metric"]]
    if not vals:
        return None
    return {"median": statistics.median(vals), "min": min(vals), "max": max(vals), "n": len(vals)}


def hyperfine(commands, runs, warmup, json_path, cwd=None, log=print):
    """commands: [(name, shell command)]. Returns hyperfine's parsed JSON, or None."""
    argv = ["hyperfine", "--style", "basic", "--warmup", str(warmup), "--runs", str(runs),
            "--ignore-failure", "--export-json", json_path]
    for name, sh in commands:
        argv += ["--command-name", name, sh]
    p = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    for line in p.stdout.splitlines():
        if line.strip():
            log("  hyperfine| " + line)
    if p.returncode != 0 or not os.path.exists(json_path):
        return None
    with open(json_path) as f:
        return json.load(f)


class LoadMeter:
    """Busy CPU time of the whole machine between start() and stop(), from /proc/stat, so a
    report can say how many cores other processes kept busy while we measured."""

    def __init__(self):
        self.t0 = self.b0 = None

    @staticmethod
    def _busy_seconds():
        with open("/proc/stat") as f:
            parts = f.readline().split()[1:]
        vals = [int(x) for x in parts]
        idle = vals[3] + (vals[4] if len(vals) > 4 else 0)  # idle + iowait
        busy = sum(vals[:8]) - idle  # user nice system idle iowait irq softirq steal
        return busy / os.sysconf("SC_CLK_TCK")

    def start(self):
        self.t0 = time.perf_counter()
        self.b0 = self._busy_seconds()
        self.our0 = os.times()
        return self

    def stop(self):
        elapsed = time.perf_counter() - self.t0
        busy = self._busy_seconds() - self.b0
        t = os.times()
        ours = (t.children_user + t.children_system + t.user + t.system) - (
            self.our0.children_user + self.our0.children_system + self.our0.user +
            self.our0.system)
        return {"elapsed": elapsed, "busy_cores": busy / elapsed if elapsed else 0.0,
                "our_cores": ours / elapsed if elapsed else 0.0,
                "other_cores": max(0.0, (busy - ours) / elapsed) if elapsed else 0.0,
                "loadavg": os.getloadavg(), "ncpu": os.cpu_count()}
