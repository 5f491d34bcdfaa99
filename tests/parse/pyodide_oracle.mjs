// pyodide_oracle.mjs — CPython 3.14 (pyodide, CPython compiled to WebAssembly) as the parser's
// oracle, one Node process for a whole list of files.
//
//   node pyodide_oracle.mjs NODE_MODULES AST_JSON_PY LIST OUT
//
// LIST holds absolute paths, one a line; OUT gets one JSON array a line, in LIST's order:
// [path, sha256 of the canonical JSON + "\n" or null, line, message, json or null, offset: the
// SyntaxError's column or null]. The host's
// root is mounted at /host, so each file is read as bytes and parsed by ast_json.to_json, as
// tests/parse/conformance.py does in-process with CPython 3.13. The JSON text itself is written
// only for the files named in the environment variable DW_ORACLE_FULL (a path list), which the
// suites use to locate a difference.
import fs from "node:fs";
import path from "node:path";

const [modules, astJson, list, out] = process.argv.slice(2);
const { loadPyodide } = await import(path.join(modules, "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
py.FS.mkdir("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
py.globals.set("AST_JSON", "/host" + path.resolve(astJson));
py.globals.set("LIST", "/host" + path.resolve(list));
py.globals.set("OUT", "/host" + path.resolve(out));
py.globals.set("FULL", (process.env.DW_ORACLE_FULL || "").split("\n").filter(Boolean));
py.runPython(`
import hashlib, importlib.util, json, sys
spec = importlib.util.spec_from_file_location("ast_json", AST_JSON)
ast_json = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ast_json)
full = set(FULL.to_py() if hasattr(FULL, "to_py") else FULL)
with open(LIST, encoding="utf-8") as f:
    paths = [p for p in f.read().split("\\n") if p]
with open(OUT, "w", encoding="utf-8") as out:
    for p in paths:
        with open("/host" + p, "rb") as f:
            data = f.read()
        sys.setrecursionlimit(100000)
        text, line, message = ast_json.to_json(data, p)
        digest = hashlib.sha256((text + "\\n").encode("ascii")).hexdigest() if text is not None else None
        offset = None
        if text is None:
            try:
                compile(data, p, "exec")
            except SyntaxError as e:
                offset = e.offset
            except Exception:
                pass
        out.write(json.dumps([p, digest, line, message, text if p in full else None, offset]) + "\\n")
`);
