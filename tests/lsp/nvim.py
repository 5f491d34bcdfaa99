#!/usr/bin/env python3
"""`deadwood server` in a real editor: Debian's Neovim (0.7, headless, its built-in client:
vim.lsp.start_client, vim.lsp.buf_attach_client, vim.diagnostic.get) opens the seed's bug
(examples/zenflow/zenflow.py, the override drift that started deadwood), waits for the
diagnostics and writes them out; they must be the findings `deadwood check` reports there, at
the same positions. Then an edit in the buffer (the override's body made its base's)
must take the DW301 away. Without nvim the check is skipped (a failure under CI, which installs
it).

    tests/lsp/nvim.py [--deadwood BIN] [-v]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import ROOT, Suite  # noqa: E402

LUA = r"""
local deadwood, root, file, out = _G.arg_deadwood, _G.arg_root, _G.arg_file, _G.arg_out
local id = vim.lsp.start_client({ name = "deadwood", cmd = { deadwood, "server" },
                                  root_dir = root })
vim.cmd("edit " .. vim.fn.fnameescape(file))
vim.lsp.buf_attach_client(0, id)
local function code(d)
  return d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ""
end
local function dump(tag)
  local f = io.open(out, "a")
  for _, d in ipairs(vim.diagnostic.get(0)) do
    f:write(string.format("%s %d %d %s %s\n", tag, d.lnum, d.col, code(d), d.source or ""))
  end
  f:close()
end
local function shown(c)
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if code(d) == c then return true end
  end
  return false
end
-- (the per-file findings may come first, while the workspace is indexed: the whole tree's after)
vim.wait(30000, function() return shown("DW301") end, 20)
dump("first")
-- the override's body made its base's: it is then a redundant copy (DW302)
vim.api.nvim_buf_set_lines(0, _G.arg_from, _G.arg_to, false, _G.arg_new)
vim.wait(30000, function() return shown("DW302") end, 20)
dump("edited")
vim.lsp.stop_client(id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(id) == nil end, 20)
vim.cmd("qa!")
"""


def main():
    s = Suite(__doc__)
    nvim = shutil.which("nvim")
    if not nvim:
        s.skip("neovim", "needs nvim (Debian's neovim package)")
        return s.finish()
    with tempfile.TemporaryDirectory(prefix="deadwood-nvim-") as work:
        root = os.path.join(work, "zenflow")
        shutil.copytree(os.path.join(ROOT, "examples", "zenflow"), root)
        with open(os.path.join(root, "deadwood.toml"), "w") as f:  # DW301 is opt-in
            f.write('extend-select = ["DW301"]\n')
        file = os.path.join(root, "zenflow.py")
        cli = json.loads(subprocess.run(
            [s.deadwood, "check", "--no-cache", "--output-format", "json", root],
            stdout=subprocess.PIPE, text=True).stdout)
        want = sorted(f"first {f['location']['row'] - 1} {f['location']['column'] - 1} "
                      f"{f['code']} deadwood" for f in cli if f["filename"] == file)
        # the override's body replaced by its base's: then it is a redundant copy (DW302)
        drift = next(f for f in cli if f["code"] == "DW301")
        with open(file) as f:
            lines = f.read().split("\n")
        with open(os.path.join(root, "stage_1_and_2.py")) as f:
            base = f.read().split("\n")

        def body(text, def_row):  # 0-based rows of the body of the def on 1-based def_row
            end = def_row
            while end < len(text) and (not text[end].strip() or text[end].startswith("        ")):
                end += 1
            while not text[end - 1].strip():
                end -= 1
            return def_row, end

        ours = body(lines, drift["location"]["row"])
        theirs = body(base, drift["related"][0]["location"]["row"])
        new = base[theirs[0]:theirs[1]]
        script = os.path.join(work, "test.lua")
        with open(script, "w") as f:
            f.write(LUA)
        out = os.path.join(work, "diagnostics.txt")
        lua_args = (f"lua _G.arg_deadwood={json.dumps(os.path.abspath(s.deadwood))} "
                    f"_G.arg_root={json.dumps(root)} _G.arg_file={json.dumps(file)} "
                    f"_G.arg_out={json.dumps(out)} _G.arg_from={ours[0]} _G.arg_to={ours[1]} "
                    f"_G.arg_new=vim.fn.json_decode({json.dumps(json.dumps(new))})")
        try:
            p = subprocess.run([nvim, "--headless", "-n", "-u", "NONE", "-i", "NONE",
                                "-c", lua_args, "-c", f"luafile {script}"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, timeout=120, cwd=work)
        except subprocess.TimeoutExpired:
            s.fail("neovim", "nvim did not finish in 120 s")
            return s.finish()
        got = open(out).read().split("\n") if os.path.exists(out) else []
        first = sorted(g for g in got if g.startswith("first "))
        s.check(first == want, "neovim: the seed's findings as deadwood check reports them",
                f"got {first}, want {want}\n{p.stdout[-1500:]}")
        edited = [g for g in got if g.startswith("edited ")]
        s.check(any(" DW302 " in g for g in edited) and not any(" DW301 " in g for g in edited),
                "neovim: an edit in the buffer turns the drift (DW301) into a redundant copy "
                "(DW302)", f"got {edited}\n{p.stdout[-1500:]}")
    return s.finish()


if __name__ == "__main__":
    sys.exit(main())
