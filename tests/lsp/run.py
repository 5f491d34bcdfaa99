#!/usr/bin/env python3
"""`deadwood server` driven as editors drive it: tests/lsp/client.mjs speaks to it through
vscode-languageserver-protocol (npm, in build/node/node_modules, which .ci/run installs) under
Node, checks every method the server implements, and compares its diagnostics with what
`deadwood check` reports of the same bytes. Without Node or the package the suite is skipped (a
failure under CI).

    tests/lsp/run.py [--deadwood BIN] [-v]       (ONLY=push,raw to run some parts)
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import ROOT, Suite  # noqa: E402

NODE_MODULES = os.path.join(ROOT, "build", "node", "node_modules")


def main():
    s = Suite(__doc__)
    node = shutil.which("node")
    if not node or not os.path.isdir(os.path.join(NODE_MODULES, "vscode-languageserver-protocol")):
        s.skip("lsp client", "needs node and vscode-languageserver-protocol in build/node "
               "(npm install --prefix build/node vscode-languageserver-protocol@3.17.5)")
        return s.finish()
    env = dict(os.environ, EXAMPLES=os.path.join(ROOT, "examples", "zenflow"),
               DEADWOOD_CACHE_DIR="")
    if s.args.verbose:
        env["VERBOSE"] = "1"
    with tempfile.TemporaryDirectory(prefix="deadwood-lsp-") as work:
        try:
            p = subprocess.run([node, os.path.join(ROOT, "tests", "lsp", "client.mjs"),
                                os.path.abspath(s.deadwood), NODE_MODULES, work],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace", env=env, timeout=600)
        except subprocess.TimeoutExpired as e:
            s.fail("lsp client", f"no end after 600 s:\n{(e.stdout or '')[-2000:]}")
            return s.finish()
    got = None
    for line in p.stdout.splitlines():
        if line.startswith("RESULT "):
            got = [int(x) for x in line.split()[1:4]]
        elif line.startswith(("FAIL ", "PASS ", "SKIP ")):
            print(line, flush=True)
    if got is None or p.returncode != 0:
        s.fail("lsp client", f"exit {p.returncode}, no RESULT line:\n{p.stdout[-3000:]}")
    else:
        s.passed += got[0]
        s.failed += got[1]
    return s.finish()


if __name__ == "__main__":
    sys.exit(main())
