// ruff_wasm_check.js — runs ruff's linter (the WebAssembly build from npm,
// @astral-sh/ruff-wasm-nodejs) over a list of files, because the native ruff binary cannot be
// installed on these machines.
//
//   node bench/ruff_wasm_check.js MODULES_DIR LISTFILE RULES
//
// MODULES_DIR is the node_modules folder holding the package, LISTFILE names one file a line,
// RULES is a comma-separated ruff `select` list. Every finding goes to stdout as
// `path:row:col: CODE message` (ruff's concise format; syntax errors as `syntax-error`), and one
// summary line to stderr in the shape of `deadwood parse --stats`:
//   parsed N files, B bytes in S s: X MB/s (E errors); cpu C s: Y MB/s
// The timed part is reading each file, checking it and formatting its findings; node's start-up
// and the WebAssembly module's loading are outside it. Single-threaded, like ruff-wasm itself.
"use strict";
const fs = require("fs");
const path = require("path");

function main(argv) {
  if (argv.length !== 3) {
    process.stderr.write("usage: node ruff_wasm_check.js MODULES_DIR LISTFILE RULES\n");
    return 2;
  }
  const [modules, listFile, rules] = argv;
  const ruff = require(path.join(path.resolve(modules), "@astral-sh", "ruff-wasm-nodejs"));
  const files = fs.readFileSync(listFile, "utf8").split("\n").filter((l) => l.length > 0);
  const settings = { "target-version": "py313", lint: { select: rules.split(",") } };
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  const ws = new ruff.Workspace(settings, ruff.PositionEncoding.Utf8);
  let bytes = 0;
  let errors = 0;
  const out = [];
  for (const f of files) {
    const buf = fs.readFileSync(f);
    bytes += buf.length;
    let diags;
    try {
      diags = ws.check(buf.toString("utf8"));
    } catch (e) {
      errors++;
      out.push(`${f}:1:1: ruff-error ${String(e).split("\n")[0]}`);
      continue;
    }
    for (const d of diags) {
      const code = d.code === null ? "syntax-error" : d.code;
      if (d.code === null) errors++;
      out.push(`${f}:${d.start_location.row}:${d.start_location.column}: ${code} ${d.message}`);
    }
  }
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  fs.writeSync(1, out.length ? out.join("\n") + "\n" : "");
  process.stderr.write(
    `parsed ${files.length} files, ${bytes} bytes in ${secs.toFixed(3)} s: ` +
      `${(bytes / 1e6 / secs).toFixed(1)} MB/s (${errors} errors); ` +
      `cpu ${cpu.toFixed(3)} s: ${(bytes / 1e6 / cpu).toFixed(1)} MB/s\n`
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
