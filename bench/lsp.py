#!/usr/bin/env python3
"""lsp.py — `make bench`'s language server section (BENCH_SECTIONS=lsp): `deadwood server` on
a workspace of the CPython 3.13 stdlib (every .py but site-packages, hard-linked into
bench/work/lsp/stdlib), driven over its standard input and output as an editor drives it.

Measures, and writes to bench/LSP.md:
  - the start: from `initialize` to its answer, and to the workspace indexed (every file
    analyzed, the whole-tree index built and its rules run: the server's "N files indexed"
    log message), cold (an empty result cache) and warm (the cache the cold start wrote), and the
    server's peak memory (VmHWM) after the edits;
  - edits, once the workspace is indexed: the time from a `textDocument/didChange` to the
    `publishDiagnostics` of its version, whole-tree rules included, over EDITS edits
    (alternately a character typed into a line in the middle of the file and taken out again,
    and a line inserted above it and removed again), for the stdlib file closest to 50 KB and
    for a small one: median and spread.

    bench/lsp.py [--deadwood ./deadwood] [--stdlib DIR] [--edits 120] [--out bench/LSP.md]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, "work", "lsp")


class Server:
    def __init__(self, deadwood, env):
        self.p = subprocess.Popen([deadwood, "server"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, env=env)
        self.next = 0

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def request(self, method, params):
        self.next += 1
        self.send({"jsonrpc": "2.0", "id": self.next, "method": method, "params": params})
        return self.next

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        msg = json.loads(self.p.stdout.read(length))
        if msg.get("method") in ("workspace/configuration", "client/registerCapability"):
            self.send({"jsonrpc": "2.0", "id": msg["id"], "result": [None] if "items" in
                       msg.get("params", {}) else None})
        return msg

    def until(self, pred):
        while True:
            m = self.read()
            if pred(m):
                return m

    def peak_kb(self):
        with open(f"/proc/{self.p.pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return 0

    def stop(self):
        i = self.request("shutdown", None)
        self.until(lambda m: m.get("id") == i)
        self.notify("exit", None)
        return self.p.wait(timeout=60)


def uri(path):
    return "file://" + path


def start(deadwood, root, cache):
    """A server on root: (server, seconds to the `initialize` answer, seconds to the workspace
    indexed). The server answers `initialize` at once and indexes the workspace after
    `initialized`, between the editor's messages; it says so in a window/logMessage."""
    env = dict(os.environ, DEADWOOD_CACHE_DIR=cache)
    s = Server(deadwood, env)
    t = time.perf_counter()
    i = s.request("initialize", {"processId": os.getpid(), "rootUri": uri(root),
                                 "capabilities": {}})
    s.until(lambda m: m.get("id") == i)
    answered = time.perf_counter() - t
    s.notify("initialized", {})
    s.until(lambda m: m.get("method") == "window/logMessage" and
            " files indexed " in m["params"].get("message", ""))
    return s, answered, time.perf_counter() - t


def edits(s, path, n, structural=False):
    """n timed edits of the open document path; the times in ms. structural: a def added at the
    end of the file and taken out again (the whole-tree index is built again each time)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")
    mid = len(lines) // 2
    while mid < len(lines) - 1 and not lines[mid].strip():
        mid += 1
    col = len(lines[mid].encode("utf-16-le")) // 2
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri(path), "languageId": "python",
                                                       "version": 1, "text": text}})
    s.until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and
            m["params"]["uri"] == uri(path) and m["params"].get("version") == 1)
    times = []
    for k in range(n):
        v = k + 2
        kind = k % 4
        end = len(lines)
        if structural and k % 2 == 0:
            change = {"range": {"start": {"line": end, "character": 0},
                                "end": {"line": end, "character": 0}},
                      "text": "\ndef _bench_added():\n    return 1\n"}
        elif structural:
            change = {"range": {"start": {"line": end, "character": 0},
                                "end": {"line": end + 3, "character": 0}}, "text": ""}
        elif kind == 0:  # a character typed at the end of the middle line (a comment)
            change = {"range": {"start": {"line": mid, "character": col},
                                "end": {"line": mid, "character": col}}, "text": "  #"}
        elif kind == 1:  # and taken out
            change = {"range": {"start": {"line": mid, "character": col},
                                "end": {"line": mid, "character": col + 3}}, "text": ""}
        elif kind == 2:  # a blank line inserted above it: every line below moves
            change = {"range": {"start": {"line": mid, "character": 0},
                                "end": {"line": mid, "character": 0}}, "text": "\n"}
        else:
            change = {"range": {"start": {"line": mid, "character": 0},
                                "end": {"line": mid + 1, "character": 0}}, "text": ""}
        t = time.perf_counter()
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri(path), "version": v},
                                            "contentChanges": [change]})
        s.until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and
                m["params"]["uri"] == uri(path) and m["params"].get("version") == v)
        times.append((time.perf_counter() - t) * 1000)
    s.notify("textDocument/didClose", {"textDocument": {"uri": uri(path)}})
    return times


def workspace(stdlib):
    """The stdlib's .py files (site-packages excluded) hard-linked under WORK/stdlib."""
    root = os.path.join(WORK, "stdlib")
    if os.path.isdir(root):
        return root
    os.makedirs(root)
    for dirpath, dirnames, filenames in os.walk(stdlib):
        dirnames[:] = sorted(d for d in dirnames if d != "site-packages")
        for name in filenames:
            if not name.endswith(".py"):
                continue
            src = os.path.join(dirpath, name)
            dst = os.path.join(root, os.path.relpath(src, stdlib))
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            try:
                os.link(src, dst)
            except OSError:
                shutil.copyfile(src, dst)
    return root


def summary(times):
    times = sorted(times)
    q = lambda p: times[min(len(times) - 1, int(p * len(times)))]  # noqa: E731
    return {"median": statistics.median(times), "p10": q(0.10), "p90": q(0.90),
            "min": times[0], "max": times[-1], "n": len(times)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deadwood", default=os.path.join(ROOT, "deadwood"))
    ap.add_argument("--stdlib", default=os.path.expanduser(
        os.environ.get("BENCH_STDLIB", "~/.pyenv/versions/3.13.0/lib/python3.13")))
    ap.add_argument("--edits", type=int, default=int(os.environ.get("BENCH_LSP_EDITS", "120")))
    ap.add_argument("--out", default=os.path.join(HERE, "LSP.md"))
    a = ap.parse_args()
    root = workspace(a.stdlib)
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs)
    large = min(files, key=lambda f: abs(os.path.getsize(f) - 50_000))
    small = min((f for f in files if os.path.getsize(f) > 1500),
                key=lambda f: abs(os.path.getsize(f) - 2_000))
    cache = tempfile.mkdtemp(prefix="deadwood-lsp-bench-")
    try:
        s, cold_answer, cold = start(a.deadwood, root, cache)
        s.stop()
        s, warm_answer, warm = start(a.deadwood, root, cache)
        big = summary(edits(s, large, a.edits))
        little = summary(edits(s, small, a.edits))
        rebuilt = summary(edits(s, large, max(a.edits // 4, 10), structural=True))
        peak = s.peak_kb()
        s.stop()
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    rel = lambda f: os.path.relpath(f, root)  # noqa: E731
    out = [
        "# deadwood server: benchmark",
        "",
        f"Written by `make bench` (bench/lsp.py). Workspace: the CPython 3.13 stdlib, "
        f"{len(files)} files (site-packages excluded). Machine: {os.cpu_count()} cores.",
        "",
        "| what | time |",
        "| --- | --- |",
        f"| start, cold (empty result cache): `initialize` answered | {cold_answer * 1000:.0f} ms |",
        f"| start, cold: the workspace indexed (every file analyzed, the whole-tree index built) "
        f"| {cold * 1000:.0f} ms |",
        f"| start, warm (the cache of the cold start): `initialize` answered | "
        f"{warm_answer * 1000:.0f} ms |",
        f"| start, warm: the workspace indexed | {warm * 1000:.0f} ms |",
        f"| peak memory (VmHWM) after the edits | {peak / 1024:.1f} MB |",
        "",
        "From a `didChange` to the `publishDiagnostics` of its version (whole-tree rules "
        f"included), {a.edits} edits each:",
        "",
        "| file | bytes | median | p10 | p90 | min | max |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, f, r in (("large", large, big), ("small", small, little),
                       ("large, a def added and removed: the index built again", large, rebuilt)):
        out.append(f"| {rel(f)} ({name}) | {os.path.getsize(f):,} | {r['median']:.1f} ms | "
                   f"{r['p10']:.1f} ms | {r['p90']:.1f} ms | {r['min']:.1f} ms | "
                   f"{r['max']:.1f} ms |")
    out.append("")
    out.append("An edit that keeps the module's structure (its classes, bases, defs, imports and "
               "their order) and what the override rules compare of each def keeps the index; "
               "one that changes them builds it again (the last row).")
    target = big["median"] < 10
    out += ["", f"Target: a median under 10 ms for a file of 50 KB: **{'met' if target else 'not met'}**"
            f" ({big['median']:.1f} ms).", ""]
    with open(a.out, "w") as f:
        f.write("\n".join(out))
    print("\n".join(out))


if __name__ == "__main__":
    sys.exit(main())
