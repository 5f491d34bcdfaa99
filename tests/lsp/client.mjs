// client.mjs — drives `deadwood server` as an editor does, through a real client library:
// vscode-languageserver-protocol (the npm package VS Code's own client is built on), from
// build/node/node_modules. Every method the server implements is called and its answer checked
// against what `deadwood check` says of the same bytes. A few checks write raw bytes instead
// (malformed input, cancellation, the exit status), where the library would not send them.
//
//   node tests/lsp/client.mjs DEADWOOD NODE_MODULES WORKDIR
//
// Prints `PASS name` / `FAIL name: why` per check and, last, `RESULT passed failed 0`.
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { createRequire } from "node:module";

const [deadwood, nodeModules, work] = process.argv.slice(2);
const require = createRequire(path.join(nodeModules, "x.js"));
const lsp = require("vscode-languageserver-protocol/node");

let passed = 0, failed = 0;
function check(cond, name, why = "") {
    if (cond) {
        passed++;
        if (process.env.VERBOSE) console.log(`PASS ${name}`);
    } else {
        failed++;
        console.log(`FAIL ${name}: ${typeof why === "string" ? why : JSON.stringify(why)}`);
    }
    return cond;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function write(file, text) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
}
const uriOf = (p) => "file://" + p.split("/").map(encodeURIComponent).join("/");

// What `deadwood check` reports of a tree (json), by file.
function cliFindings(dir, extra = []) {
    const r = spawnSync(deadwood, ["check", "--no-cache", "--output-format", "json", ...extra, dir], {
        encoding: "utf8",
    });
    const out = {};
    for (const f of JSON.parse(r.stdout || "[]")) (out[f.filename] ||= []).push(f);
    return out;
}

// A server and a client connection to it; messages the server sends are recorded.
class Session {
    constructor(root, { pull = false, encodings, init = {}, caps = {} } = {}) {
        this.proc = spawn(deadwood, ["server", "-j2"], { stdio: ["pipe", "pipe", "pipe"] });
        this.stderr = "";
        this.proc.stderr.on("data", (d) => (this.stderr += d));
        this.exited = new Promise((r) => this.proc.on("exit", (code) => r(code)));
        this.conn = lsp.createProtocolConnection(
            new lsp.StreamMessageReader(this.proc.stdout),
            new lsp.StreamMessageWriter(this.proc.stdin),
        );
        this.published = []; // publishDiagnostics params, in order
        this.shown = []; // window/showMessage params
        this.waiters = [];
        this.conn.onNotification(lsp.PublishDiagnosticsNotification.type, (p) => {
            this.published.push(p);
            this.poke();
        });
        this.conn.onNotification(lsp.ShowMessageNotification.type, (p) => {
            this.shown.push(p);
            this.poke();
        });
        this.logged = []; // window/logMessage params
        this.conn.onNotification(lsp.LogMessageNotification.type, (p) => {
            this.logged.push(p);
            this.poke();
        });
        this.traces = [];
        this.conn.onNotification(lsp.LogTraceNotification.type, (p) => {
            this.traces.push(p);
            this.poke();
        });
        this.registrations = [];
        this.conn.onRequest(lsp.RegistrationRequest.type, (p) => {
            this.registrations.push(...p.registrations);
            return null;
        });
        this.configured = 0;
        this.settings = null;
        this.conn.onRequest(lsp.ConfigurationRequest.type, (p) => {
            this.configured++;
            return p.items.map(() => this.settings);
        });
        this.refreshes = 0;
        this.conn.onRequest(lsp.DiagnosticRefreshRequest.type, () => {
            this.refreshes++;
            this.poke();
            return null;
        });
        this.conn.listen();
        this.root = root;
        this.capabilities = {
            general: encodings ? { positionEncodings: encodings } : undefined,
            textDocument: {
                publishDiagnostics: {
                    relatedInformation: true,
                    tagSupport: { valueSet: [1, 2] },
                    codeDescriptionSupport: true,
                    versionSupport: true,
                },
                diagnostic: pull ? { dynamicRegistration: false, relatedDocumentSupport: false } : undefined,
                hover: { contentFormat: ["markdown", "plaintext"] },
                callHierarchy: {},
                typeHierarchy: {},
                codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ["quickfix"] } } },
            },
            workspace: {
                configuration: true,
                didChangeWatchedFiles: { dynamicRegistration: true },
                diagnostics: pull ? { refreshSupport: true } : undefined,
            },
            ...caps,
        };
        this.init = init;
        this.versions = {};
    }
    poke() {
        for (const w of this.waiters.splice(0)) w();
    }
    // Waits until pred() holds (re-tested on every message), up to ms.
    async until(pred, ms = 20000) {
        const end = Date.now() + ms;
        while (!pred()) {
            if (Date.now() > end) return false;
            await Promise.race([new Promise((r) => this.waiters.push(r)), sleep(50)]);
        }
        return true;
    }
    async start() {
        this.initResult = await this.conn.sendRequest(lsp.InitializeRequest.type, {
            processId: process.pid,
            rootUri: uriOf(this.root),
            workspaceFolders: [{ uri: uriOf(this.root), name: "ws" }],
            capabilities: this.capabilities,
            initializationOptions: this.init,
        });
        await this.conn.sendNotification(lsp.InitializedNotification.type, {});
        // the workspace is indexed after initialize is answered: documents opened from here on
        // have the whole tree's findings at once (startup() sees the first ones come earlier)
        await this.until(() => this.logged.some((m) => /files indexed/.test(m.message)));
        return this.initResult;
    }
    open(file, text) {
        this.versions[file] = 1;
        return this.conn.sendNotification(lsp.DidOpenTextDocumentNotification.type, {
            textDocument: { uri: uriOf(file), languageId: "python", version: 1, text },
        });
    }
    change(file, changes) {
        const version = ++this.versions[file];
        this.conn.sendNotification(lsp.DidChangeTextDocumentNotification.type, {
            textDocument: { uri: uriOf(file), version },
            contentChanges: changes,
        });
        return version;
    }
    // The diagnostics last published for file at its current version (waits for them).
    async diagnostics(file, version = this.versions[file]) {
        const uri = uriOf(file);
        const find = () => this.published.findLast((p) => p.uri === uri && p.version === version);
        await this.until(() => find());
        return find()?.diagnostics;
    }
    async stop() {
        await this.conn.sendRequest(lsp.ShutdownRequest.type);
        await this.conn.sendNotification(lsp.ExitNotification.type);
        const code = await this.exited;
        this.conn.dispose();
        return code;
    }
}

// The diagnostic a finding should be: its range in UTF-16 columns of the file's text.
function utf16Col(line, charCol) {
    return [...line].slice(0, charCol - 1).join("").length;
}
function sameAsCli(diags, findings, text, name) {
    const lines = text.split(/\r\n|\r|\n/);
    const want = (findings || []).map((f) => ({
        code: f.code,
        line: f.location.row - 1,
        character: utf16Col(lines[f.location.row - 1] ?? "", f.location.column),
        endLine: f.end_location.row - 1,
        endCharacter: utf16Col(lines[f.end_location.row - 1] ?? "", f.end_location.column),
        message: f.message,
    }));
    const got = (diags || []).map((d) => ({
        code: d.code,
        line: d.range.start.line,
        character: d.range.start.character,
        endLine: d.range.end.line,
        endCharacter: d.range.end.character,
        message: d.message,
    }));
    return check(JSON.stringify(got) === JSON.stringify(want), name, { got, want });
}

// ---- the workspace ------------------------------------------------------------------------------

const ws = path.join(work, "ws");
fs.rmSync(work, { recursive: true, force: true });
write(path.join(ws, "pkg/__init__.py"), "");
const BASE = `class Base:
    def run(self, x):
        y = x + 1
        z = y * 2
        print(z)
        return z

    def stop(self):
        return None
`;
const SUB = `from pkg.base import Base


class Sub(Base):
    def run(self, x):
        y = x + 1
        z = y * 2
        print(z)
        return z


def helper(flag):
    s = "h\u00e9llo \u{1F600}"; v = None
    return v.attr


def done(x):
    y = x + 1
    return y
    print("never")
`;
const CALLS = `from pkg.base import Base
from pkg.sub import Sub, helper


def use(b: Base, ok):
    if ok:
        helper(1)
    b.run(2)
    return Sub().stop()
`;
write(path.join(ws, "pkg/base.py"), BASE);
write(path.join(ws, "pkg/sub.py"), SUB);
write(path.join(ws, "pkg/calls.py"), CALLS);
const basePy = path.join(ws, "pkg/base.py"), subPy = path.join(ws, "pkg/sub.py");
const callsPy = path.join(ws, "pkg/calls.py");

// ---- lifecycle and push diagnostics ------------------------------------------------------------

async function pushDiagnostics() {
    const s = new Session(ws);
    const init = await s.start();
    const caps = init.capabilities;
    check(caps.positionEncoding === "utf-16", "initialize: UTF-16 when the client names none", caps);
    check(caps.textDocumentSync?.change === 2 && caps.textDocumentSync?.openClose,
          "initialize: incremental sync", caps.textDocumentSync);
    check(!caps.diagnosticProvider, "initialize: no pull diagnostics for a push client", caps);
    check(caps.callHierarchyProvider && caps.typeHierarchyProvider && caps.hoverProvider &&
          caps.codeActionProvider, "initialize: navigation and code actions", caps);
    check(init.serverInfo?.name === "deadwood", "initialize: serverInfo", init.serverInfo);
    await s.until(() => s.registrations.length > 0);
    check(s.registrations.some((r) => r.method === "workspace/didChangeWatchedFiles"),
          "initialized: watched files registered dynamically", s.registrations);
    await s.until(() => s.configured > 0);
    check(s.configured > 0, "initialized: workspace/configuration asked");

    const cli = cliFindings(ws);
    await s.open(subPy, SUB);
    let d = await s.diagnostics(subPy);
    sameAsCli(d, cli[subPy], SUB, "push: the findings of deadwood check, UTF-16 columns");
    const dw201 = d?.find((x) => x.code === "DW201");
    check(dw201 && dw201.source === "deadwood" && dw201.severity === 1 &&
          dw201.codeDescription?.href?.endsWith("README.md#dw201"),
          "push: code, codeDescription, source, severity", dw201);
    const dw302 = d?.find((x) => x.code === "DW302");
    check(dw302?.tags?.includes(1), "push: DW302 tagged Unnecessary", dw302);
    const dw105 = d?.find((x) => x.code === "DW105");
    check(dw105?.tags?.includes(1) && dw201 && !dw201.tags?.length, "push: DW105 tagged Unnecessary, DW201 not",
          [dw105, dw201]);
    check(dw302?.relatedInformation?.[0]?.location?.uri === uriOf(basePy) &&
          dw302.relatedInformation[0].location.range.start.line === 1,
          "push: relatedInformation points at the base method", dw302?.relatedInformation);

    // an edit of the base class (in its own buffer) changes the subclass's findings
    await s.open(basePy, BASE);
    await s.diagnostics(basePy);
    s.change(basePy, [{ range: { start: { line: 4, character: 8 }, end: { line: 4, character: 16 } },
                        text: "print(z, 'base')" }]);
    const subVersion = s.versions[subPy];
    const n = s.published.length;
    await s.until(() => s.published.slice(n).some((p) => p.uri === uriOf(subPy)));
    d = s.published.slice(n).findLast((p) => p.uri === uriOf(subPy));
    check(d && d.version === subVersion && !d.diagnostics.some((x) => x.code === "DW302"),
          "whole tree: editing the base class republishes the subclass's file without DW302", d);
    const edited = BASE.replace("print(z)", "print(z, 'base')");
    write(path.join(work, "mirror/pkg/__init__.py"), "");
    write(path.join(work, "mirror/pkg/base.py"), edited);
    write(path.join(work, "mirror/pkg/sub.py"), SUB);
    write(path.join(work, "mirror/pkg/calls.py"), CALLS);
    const mirrored = cliFindings(path.join(work, "mirror"));
    sameAsCli(d?.diagnostics, mirrored[path.join(work, "mirror/pkg/sub.py")], SUB,
              "whole tree: the subclass's findings are deadwood check's on the edited tree");

    // incremental edits, several in one notification, then a full replacement
    let text = SUB;
    const v = s.change(subPy, [
        { range: { start: { line: 12, character: 31 }, end: { line: 12, character: 35 } }, text: "1" },
        { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: "# top\n" },
    ]);
    text = "# top\n" + SUB.replace("v = None", "v = 1");
    d = await s.diagnostics(subPy, v);
    check(d && !d.some((x) => x.code === "DW201"), "incremental edits: DW201 gone with v = 1", d);
    write(path.join(work, "mirror/pkg/sub.py"), text);
    write(path.join(work, "mirror/pkg/base.py"), edited);
    sameAsCli(d, cliFindings(path.join(work, "mirror"))[path.join(work, "mirror/pkg/sub.py")], text,
              "incremental edits: deadwood check's findings on the edited text");
    const v2 = s.change(subPy, [{ text: SUB }]);
    d = await s.diagnostics(subPy, v2);
    check(d && d.some((x) => x.code === "DW201"), "full sync: the whole text replaced", d);

    // # noqa in the buffer is honoured
    const noqa = SUB.replace("return v.attr", "return v.attr  # noqa: DW201");
    const v3 = s.change(subPy, [{ text: noqa }]);
    d = await s.diagnostics(subPy, v3);
    check(d && !d.some((x) => x.code === "DW201"), "noqa: a # noqa in the buffer silences", d);

    // code action: "Ignore DW201 for this line"
    const v4 = s.change(subPy, [{ text: SUB }]);
    d = await s.diagnostics(subPy, v4);
    const target = d.find((x) => x.code === "DW201");
    const actions = await s.conn.sendRequest(lsp.CodeActionRequest.type, {
        textDocument: { uri: uriOf(subPy) },
        range: target.range,
        context: { diagnostics: [target] },
    });
    const ignore = actions?.find((a) => a.title === "Ignore DW201 for this line");
    const edit = ignore?.edit?.changes?.[uriOf(subPy)]?.[0];
    check(ignore?.kind === "quickfix" && edit && edit.newText.includes("# noqa: DW201"),
          "code action: Ignore DW201 for this line", actions);
    const other = SUB.replace("return v.attr", "return v.attr  # noqa: E501");
    const v5 = s.change(subPy, [{ text: other }]);
    d = await s.diagnostics(subPy, v5);
    const t2 = d.find((x) => x.code === "DW201");
    const acts2 = await s.conn.sendRequest(lsp.CodeActionRequest.type, {
        textDocument: { uri: uriOf(subPy) },
        range: t2.range,
        context: { diagnostics: [t2] },
    });
    const e2 = acts2?.find((a) => a.title === "Ignore DW201 for this line")?.edit?.changes?.[uriOf(subPy)];
    let applied = other.split("\n");
    if (e2?.length === 1) {
        const r = e2[0].range, line = applied[r.start.line];
        applied[r.start.line] = line.slice(0, r.start.character) + e2[0].newText + line.slice(r.end.character);
    }
    check(applied[13] === "    return v.attr  # noqa: E501, DW201",
          "code action: extends another tool's # noqa", applied[13]);

    // closing a document clears its diagnostics
    const before = s.published.length;
    await s.conn.sendNotification(lsp.DidCloseTextDocumentNotification.type,
                                  { textDocument: { uri: uriOf(subPy) } });
    await s.until(() => s.published.slice(before).some((p) => p.uri === uriOf(subPy)));
    const cleared = s.published.slice(before).find((p) => p.uri === uriOf(subPy));
    check(cleared && cleared.diagnostics.length === 0, "didClose: diagnostics cleared", cleared);

    // didSave is accepted (nothing to answer)
    await s.conn.sendNotification(lsp.DidSaveTextDocumentNotification.type,
                                  { textDocument: { uri: uriOf(basePy) } });
    // $/setTrace: then $/logTrace says what each analysis took
    await s.conn.sendNotification(lsp.SetTraceNotification.type, { value: "verbose" });
    await s.open(subPy, SUB);
    await s.diagnostics(subPy);
    check(await s.until(() => s.traces.some((t) => /analyzed/.test(t.message)), 5000),
          "$/setTrace: $/logTrace after it", s.traces);
    check((await s.stop()) === 0, "exit: status 0 after shutdown");
}

// ---- position encodings --------------------------------------------------------------------------

async function encodings() {
    const text = `def f():\n    s = "\u00e9\u00e9 \u{1F600}\u{1F600}"; v = None; return v.x\n`;
    const file = path.join(work, "enc/m.py");
    write(file, text);
    const cli = cliFindings(path.join(work, "enc"))[file];
    const col = cli?.[0]?.location?.column; // characters (code points), 1-based
    const line = text.split("\n")[1];
    const cps = [...line].slice(0, col - 1).join("");
    const want = {
        "utf-16": cps.length,
        "utf-8": Buffer.byteLength(cps, "utf8"),
        "utf-32": col - 1,
    };
    for (const [offer, expect] of [[undefined, "utf-16"], [["utf-8", "utf-16"], "utf-8"],
                                   [["utf-32", "utf-16"], "utf-32"], [["utf-16"], "utf-16"]]) {
        const s = new Session(path.join(work, "enc"), { encodings: offer });
        const init = await s.start();
        check(init.capabilities.positionEncoding === expect,
              `encoding: offered ${offer} -> ${expect}`, init.capabilities.positionEncoding);
        await s.open(file, text);
        const d = await s.diagnostics(file);
        const got = d?.find((x) => x.code === "DW201")?.range?.start?.character;
        check(got === want[expect], `encoding: ${expect} column on a non-ASCII line`,
              { got, want: want[expect] });
        // an incremental edit in that encoding: replace `None` (after the emoji) with `1`
        const at = want[expect] - 11; // `v = None; return v.x`: None starts 11 columns before v.x
        const v = s.change(file, [{ range: { start: { line: 1, character: at + 4 },
                                             end: { line: 1, character: at + 8 } }, text: "1" }]);
        const d2 = await s.diagnostics(file, v);
        check(d2 && !d2.some((x) => x.code === "DW201"),
              `encoding: an edit addressed in ${expect} columns`, d2);
        await s.stop();
    }
}

// ---- pull diagnostics ------------------------------------------------------------------------------

async function pullDiagnostics() {
    const s = new Session(ws, { pull: true });
    const init = await s.start();
    check(init.capabilities.diagnosticProvider?.workspaceDiagnostics === true &&
          init.capabilities.diagnosticProvider.interFileDependencies === true,
          "pull: diagnosticProvider for a client that declares it", init.capabilities);
    await s.open(subPy, SUB);
    await s.open(basePy, BASE);
    const r = await s.conn.sendRequest(lsp.DocumentDiagnosticRequest.type,
                                       { textDocument: { uri: uriOf(subPy) } });
    const cli = cliFindings(ws);
    check(r?.kind === "full" && r.resultId, "pull: a full report with a result id", r);
    sameAsCli(r?.items, cli[subPy], SUB, "pull: the findings of deadwood check");
    const again = await s.conn.sendRequest(lsp.DocumentDiagnosticRequest.type,
                                           { textDocument: { uri: uriOf(subPy) },
                                             previousResultId: r?.resultId });
    check(again?.kind === "unchanged" && again.resultId === r?.resultId,
          "pull: unchanged when the result id is the client's", again);
    check(s.published.length === 0, "pull: nothing pushed to a pull client", s.published);
    const w = await s.conn.sendRequest(lsp.WorkspaceDiagnosticRequest.type,
                                       { previousResultIds: [] });
    const bySub = w?.items?.find((i) => i.uri === uriOf(subPy));
    check(bySub?.kind === "full" && bySub.version === 1, "pull: workspace/diagnostic reports open files",
          w);
    const byCalls = w?.items?.find((i) => i.uri === uriOf(callsPy));
    check(!byCalls || byCalls.version === null, "pull: closed files have version null", byCalls);
    // an edit of the base class: the client is asked to pull again (another file changed)
    const refreshes = s.refreshes;
    s.change(basePy, [{ range: { start: { line: 4, character: 8 }, end: { line: 4, character: 16 } },
                        text: "print(z, 'base')" }]);
    await s.conn.sendRequest(lsp.DocumentDiagnosticRequest.type, { textDocument: { uri: uriOf(basePy) } });
    await s.until(() => s.refreshes > refreshes, 5000);
    check(s.refreshes > refreshes, "pull: workspace/diagnostic/refresh after a cross-file change");
    const r2 = await s.conn.sendRequest(lsp.DocumentDiagnosticRequest.type,
                                        { textDocument: { uri: uriOf(subPy) },
                                          previousResultId: r?.resultId });
    check(r2?.kind === "full" && !r2.items.some((x) => x.code === "DW302"),
          "pull: the subclass's report changed with its base class", r2);
    let unknown;
    try {
        await s.conn.sendRequest(lsp.DocumentDiagnosticRequest.type,
                                 { textDocument: { uri: "file:///nowhere/x.py" } });
    } catch (e) {
        unknown = e;
    }
    check(unknown?.code === -32602, "pull: an unknown document is InvalidParams", unknown);
    await s.stop();
}

// ---- configuration --------------------------------------------------------------------------------

async function configuration() {
    const root = path.join(work, "cfg");
    write(path.join(root, "m.py"), "def f():\n    v = None\n    return v.x\n\n\ndef g(a):\n    if a:\n        return 1\n    else:\n        return 1\n");
    write(path.join(root, "pyproject.toml"), "[tool.deadwood]\nignore = [\"DW101\"]\n");
    const text = fs.readFileSync(path.join(root, "m.py"), "utf8");
    const s = new Session(root);
    await s.start();
    await s.open(path.join(root, "m.py"), text);
    let d = await s.diagnostics(path.join(root, "m.py"));
    sameAsCli(d, cliFindings(root)[path.join(root, "m.py")], text, "config: pyproject.toml honoured");
    check(d && !d.some((x) => x.code === "DW101"), "config: ignore = [DW101]", d);
    // an invalid configuration: shown, and the last good one stays
    write(path.join(root, "pyproject.toml"), "[tool.deadwood]\nignore = [\"DW9\"\n");
    const n = s.published.length;
    await s.conn.sendNotification(lsp.DidChangeWatchedFilesNotification.type,
                                  { changes: [{ uri: uriOf(path.join(root, "pyproject.toml")), type: 2 }] });
    await s.until(() => s.shown.length > 0);
    check(s.shown.some((m) => m.type === 1 && /pyproject\.toml/.test(m.message)),
          "config: an invalid configuration is shown (window/showMessage)", s.shown);
    const v = s.change(path.join(root, "m.py"), [{ text }]);
    d = await s.diagnostics(path.join(root, "m.py"), v);
    check(d && !d.some((x) => x.code === "DW101") && d.some((x) => x.code === "DW201"),
          "config: the last good configuration stays", d);
    // fixed: reloaded
    write(path.join(root, "pyproject.toml"), "[tool.deadwood]\nignore = [\"DW201\"]\n");
    await s.conn.sendNotification(lsp.DidChangeWatchedFilesNotification.type,
                                  { changes: [{ uri: uriOf(path.join(root, "pyproject.toml")), type: 2 }] });
    await s.until(() => s.published.slice(n).some((p) => p.uri === uriOf(path.join(root, "m.py")) &&
                                                        p.diagnostics.some((x) => x.code === "DW101")));
    d = s.published.findLast((p) => p.uri === uriOf(path.join(root, "m.py")))?.diagnostics;
    sameAsCli(d, cliFindings(root)[path.join(root, "m.py")], text, "config: reloaded when it changes");
    // the editor's settings: select over the configuration, as --select
    s.settings = { select: ["DW101"] };
    const m = s.published.length;
    await s.conn.sendNotification(lsp.DidChangeConfigurationNotification.type, { settings: {} });
    await s.until(() => s.published.slice(m).some((p) => p.uri === uriOf(path.join(root, "m.py"))));
    d = s.published.findLast((p) => p.uri === uriOf(path.join(root, "m.py")))?.diagnostics;
    sameAsCli(d, cliFindings(root, ["--select", "DW101"])[path.join(root, "m.py")], text,
              "config: the editor's select, as --select");
    await s.stop();
    // two configurations that need two runs (DW303's changes): each file gets its own run's findings
    const two = path.join(work, "cfg-runs");
    for (const sub of ["a", "b"]) write(path.join(two, sub, "m.py"), text);
    write(path.join(two, "b", "deadwood.toml"), '[rules.DW303]\nchanges = "all"\n');
    const t = new Session(two);
    await t.start();
    for (const sub of ["a", "b"]) {
        const f = path.join(two, sub, "m.py");
        await t.open(f, text);
        const got = await t.diagnostics(f);
        sameAsCli(got, cliFindings(two)[f], text, `config: two runs, ${sub}/m.py as the CLI`);
        check(got && got.some((x) => x.code === "DW101"), `config: two runs, ${sub}/m.py has DW101`, got);
    }
    await t.stop();
}

// ---- navigation -----------------------------------------------------------------------------------

async function navigation() {
    const s = new Session(ws);
    await s.start();
    await s.open(basePy, BASE);
    await s.open(subPy, SUB);
    await s.open(callsPy, CALLS);
    await s.diagnostics(callsPy);
    // call hierarchy on `helper` (sub.py line 12)
    const items = await s.conn.sendRequest(lsp.CallHierarchyPrepareRequest.type,
                                           { textDocument: { uri: uriOf(subPy) }, position: { line: 11, character: 5 } });
    check(items?.length === 1 && items[0].name === "helper" && items[0].uri === uriOf(subPy),
          "call hierarchy: prepare on a def", items);
    const incoming = items?.length ? await s.conn.sendRequest(lsp.CallHierarchyIncomingCallsRequest.type,
                                                               { item: items[0] }) : null;
    const inc = incoming?.[0];
    check(incoming?.length === 1 && inc.from.name === "use" && inc.from.uri === uriOf(callsPy) &&
          inc.fromRanges[0].start.line === 6 && /ok/.test(inc.from.detail ?? ""),
          "call hierarchy: incoming calls (the callers query, guards in detail)", incoming);
    const useItems = await s.conn.sendRequest(lsp.CallHierarchyPrepareRequest.type,
                                              { textDocument: { uri: uriOf(callsPy) }, position: { line: 4, character: 5 } });
    const outgoing = useItems?.length ? await s.conn.sendRequest(lsp.CallHierarchyOutgoingCallsRequest.type,
                                                                  { item: useItems[0] }) : null;
    const names = (outgoing || []).map((o) => o.to.name).sort();
    check(JSON.stringify(names) === JSON.stringify(["Sub", "helper"]),
          "call hierarchy: outgoing calls (those the index resolves: b.run on a parameter is not)",
          outgoing);
    // type hierarchy on Sub
    const types = await s.conn.sendRequest(lsp.TypeHierarchyPrepareRequest.type,
                                           { textDocument: { uri: uriOf(subPy) }, position: { line: 3, character: 7 } });
    check(types?.length === 1 && types[0].name === "Sub", "type hierarchy: prepare on a class", types);
    const sup = types?.length ? await s.conn.sendRequest(lsp.TypeHierarchySupertypesRequest.type,
                                                          { item: types[0] }) : null;
    check(sup?.length === 1 && sup[0].name === "Base" && sup[0].uri === uriOf(basePy),
          "type hierarchy: supertypes", sup);
    const sub = sup?.length ? await s.conn.sendRequest(lsp.TypeHierarchySubtypesRequest.type,
                                                        { item: sup[0] }) : null;
    check(sub?.length === 1 && sub[0].name === "Sub", "type hierarchy: subtypes", sub);
    // on a method: what it overrides, and its overrides
    const meth = await s.conn.sendRequest(lsp.TypeHierarchyPrepareRequest.type,
                                          { textDocument: { uri: uriOf(subPy) }, position: { line: 4, character: 9 } });
    const msup = meth?.length ? await s.conn.sendRequest(lsp.TypeHierarchySupertypesRequest.type,
                                                          { item: meth[0] }) : null;
    check(msup?.length === 1 && msup[0].name === "Base.run", "type hierarchy: a method's overridden method",
          msup);
    const msub = msup?.length ? await s.conn.sendRequest(lsp.TypeHierarchySubtypesRequest.type,
                                                          { item: msup[0] }) : null;
    check(msub?.length === 1 && msub[0].name === "Sub.run", "type hierarchy: a method's overrides", msub);
    // hover on Base.stop: inherited unchanged by Sub
    const h = await s.conn.sendRequest(lsp.HoverRequest.type,
                                       { textDocument: { uri: uriOf(basePy) }, position: { line: 7, character: 9 } });
    const hv = h?.contents?.value ?? "";
    check(/Sub/.test(hv) && /inherit/i.test(hv), "hover: who inherits a method unchanged", h);
    const h2 = await s.conn.sendRequest(lsp.HoverRequest.type,
                                        { textDocument: { uri: uriOf(basePy) }, position: { line: 1, character: 9 } });
    check(/Sub\.run/.test(h2?.contents?.value ?? "") && /overrid/i.test(h2?.contents?.value ?? ""),
          "hover: who overrides a method", h2);
    const h3 = await s.conn.sendRequest(lsp.HoverRequest.type,
                                        { textDocument: { uri: uriOf(subPy) }, position: { line: 4, character: 9 } });
    check(/Base\.run/.test(h3?.contents?.value ?? ""), "hover: what a method overrides", h3);
    await s.stop();
}

// ---- fixes as code actions --------------------------------------------------------------------------

// A document's text after TextEdits (positions in UTF-16 units: JavaScript's own string indices).
function applyEdits(text, edits) {
    const starts = [0];
    for (const m of text.matchAll(/\r\n|\r|\n/g)) starts.push(m.index + m[0].length);
    const off = (p) => (starts[p.line] ?? text.length) + p.character;
    const sorted = [...edits].sort((a, b) => off(b.range.start) - off(a.range.start));
    for (const e of sorted) text = text.slice(0, off(e.range.start)) + e.newText + text.slice(off(e.range.end));
    return text;
}

// What `deadwood check --fix` (extra options too) makes of text, as file name in a copy of dir.
function cliFixed(dir, name, text, extra = []) {
    const copy = path.join(work, "fixed-" + Math.random().toString(36).slice(2));
    fs.cpSync(dir, copy, { recursive: true });
    write(path.join(copy, name), text);
    spawnSync(deadwood, ["check", "--no-cache", "--fix", ...extra, copy], { encoding: "utf8" });
    return fs.readFileSync(path.join(copy, name), "utf8");
}

const FIXME = `def f(c, x):
    s = "\u00e9\u{1F600}"; y = x if c else x
    return s, y


def g(x):
    if x.pop():
        return 2
    else:
        return 2


def h(a, b):
    if a:
        if b:
            v = 1
        else:
            v = 1
    else:
        if b:
            v = 1
        else:
            v = 1
    return v
`;

// A whole-tree rule's fix (DW302's deletion of a copy) is made for the open documents only (making
// one reads and parses the file again, for every finding of the tree, at each edit): the
// document opened gets it, and keeps it after an edit.
const TREE_BASE = "class Base:\n    def close(self):\n        self.f.close()\n";
const TREE_CHILD = "from base import Base\n\n\nclass Child(Base):\n    def close(self):\n" +
    "        self.f.close()\n\n    def other(self):\n        return 1\n";

async function treeFixActions() {
    const root = path.join(work, "treefix");
    write(path.join(root, "base.py"), TREE_BASE);
    const child = path.join(root, "child.py");
    write(child, TREE_CHILD);
    const s = new Session(root);
    await s.start();
    await s.open(child, TREE_CHILD);
    const uri = uriOf(child);
    await s.until(() => s.published.some((p) => p.uri === uri && p.diagnostics.some((x) => x.code === "DW302")));
    const ask = async () => {
        const d = [...s.published].reverse().find((p) => p.uri === uri).diagnostics.find((x) => x.code === "DW302");
        return s.conn.sendRequest(lsp.CodeActionRequest.type, {
            textDocument: { uri }, range: d.range, context: { diagnostics: [] } });
    };
    const title = "Delete the redundant override `Child.close`";
    const acts = await ask();
    const q = acts?.find((a) => a.title === title);
    check(q?.kind === "quickfix" && applyEdits(TREE_CHILD, q.edit?.changes?.[uri] ?? []) ===
          cliFixed(root, "child.py", TREE_CHILD),
          "fixes: a whole-tree rule's fix in an open document (DW302), as --fix makes it", acts);
    const edited = TREE_CHILD.replace("return 1", "return 2");
    const v = s.change(child, [{ text: edited }]);
    await s.diagnostics(child, v);
    const acts2 = await ask();
    check(acts2?.some((a) => a.title === title), "fixes: the whole-tree fix after an edit", acts2);
    await s.stop();
}

async function fixActions() {
    const root = path.join(work, "fixes");
    const file = path.join(root, "m.py");
    write(file, FIXME);
    const s = new Session(root);
    const init = await s.start();
    const kinds = init.capabilities.codeActionProvider?.codeActionKinds ?? [];
    check(kinds.includes("quickfix") && kinds.includes("source.fixAll.deadwood"),
          "fixes: codeActionKinds declared", kinds);
    await s.open(file, FIXME);
    const d = await s.diagnostics(file);
    const uri = uriOf(file);
    const ask = (range, only) => s.conn.sendRequest(lsp.CodeActionRequest.type, {
        textDocument: { uri }, range, context: { diagnostics: [], ...(only ? { only } : {}) },
    });
    // a safe fix on a non-ASCII line: its edit in UTF-16 columns
    const dw102 = d?.find((x) => x.code === "DW102");
    const acts = await ask(dw102.range);
    const q = acts?.find((a) => a.title === "Replace the conditional expression with `x`");
    check(q?.kind === "quickfix" && q.isPreferred === true && q.diagnostics?.[0]?.code === "DW102",
          "fixes: a safe fix is a preferred quickfix, with its diagnostic", acts);
    const fixedLine = applyEdits(FIXME, q?.edit?.changes?.[uri] ?? []).split("\n")[1];
    check(fixedLine === '    s = "\u00e9\u{1F600}"; y = x',
          "fixes: the quickfix's edit in UTF-16 columns on a non-ASCII line", fixedLine);
    check(acts?.some((a) => a.title === "Ignore DW102 for this line" && a.diagnostics?.[0]?.code === "DW102"),
          "fixes: the noqa action beside it, with its diagnostic", acts);
    // an unsafe fix: offered, titled so, not preferred
    const unsafe = d?.find((x) => x.code === "DW101" && x.range.start.line === 6);
    const acts2 = await ask(unsafe.range, ["quickfix"]);
    const u = acts2?.find((a) => a.kind === "quickfix" && /^Remove the `if` test/.test(a.title));
    check(u && /\(unsafe\)$/.test(u.title) && !u.isPreferred, "fixes: an unsafe fix says so", acts2);
    check(applyEdits(FIXME, u?.edit?.changes?.[uri] ?? []) ===
          cliFixed(root, "m.py", FIXME, ["--unsafe-fixes", "--select", "DW101"]).replace(
              /def h[^]*/, FIXME.replace(/^[^]*(def h)/, "$1")),
          "fixes: the unsafe quickfix's edit is --unsafe-fixes's", u);
    check(!acts2?.some((a) => a.kind === "source.fixAll.deadwood"), "fixes: only quickfix when asked so", acts2);
    // fix all: the safe fixes, pass after pass (h's outer `if` is fixed only once its inner ones are)
    const whole = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const all = await ask(whole, ["source.fixAll"]);
    const fa = all?.find((a) => a.kind === "source.fixAll.deadwood");
    check(all?.length === 1 && fa, "fixes: source.fixAll.deadwood (and only it) when asked", all);
    const fixedAll = applyEdits(FIXME, fa?.edit?.changes?.[uri] ?? []);
    const want = cliFixed(root, "m.py", FIXME);
    check(fixedAll === want && /def h\(a, b\):\n    v = 1\n/.test(want) && /x\.pop\(\)/.test(want),
          "fixes: fix all is --fix's result (iterated to a fixed point; the unsafe fix left)",
          { got: fixedAll, want });
    // the server's own analysis is back on the buffer's text after fix all
    const after = await s.conn.sendRequest(lsp.CodeActionRequest.type, {
        textDocument: { uri }, range: dw102.range, context: { diagnostics: [] } });
    check(after?.some((a) => a.title === "Replace the conditional expression with `x`"),
          "fixes: fix all leaves the document's findings as they were", after);
    const n = s.published.length;
    const v = s.change(file, [{ text: fixedAll }]);
    const d2 = await s.diagnostics(file, v);
    check(d2 && JSON.stringify(d2.map((x) => x.code)) === '["DW101"]' && n >= 0,
          "fixes: after fix all, only the unsafe fix's finding remains", d2);
    await s.stop();

    // fixable / unfixable from the configuration
    write(path.join(root, "deadwood.toml"), 'unfixable = ["DW102"]\n');
    const s2 = new Session(root);
    await s2.start();
    await s2.open(file, FIXME);
    const d3 = await s2.diagnostics(file);
    const acts3 = await s2.conn.sendRequest(lsp.CodeActionRequest.type, {
        textDocument: { uri }, range: d3.find((x) => x.code === "DW102").range, context: { diagnostics: [] } });
    check(acts3 && !acts3.some((a) => a.kind === "quickfix" && a.title.startsWith("Replace")),
          "fixes: unfixable = [DW102]: no quickfix for it", acts3);
    const fa2 = acts3?.find((a) => a.kind === "source.fixAll.deadwood");
    const fixed2 = applyEdits(FIXME, fa2?.edit?.changes?.[uri] ?? []);
    check(fixed2 === cliFixed(root, "m.py", FIXME) && fixed2.includes("y = x if c else x"),
          "fixes: unfixable = [DW102]: fix all leaves it, as --fix", fixed2);
    await s2.stop();
    fs.rmSync(path.join(root, "deadwood.toml"));
}

// ---- files changed by other programs -------------------------------------------------------------

async function watchedFiles() {
    const root = path.join(work, "watched");
    fs.cpSync(ws, root, { recursive: true });
    const base = path.join(root, "pkg/base.py"), sub = path.join(root, "pkg/sub.py");
    const s = new Session(root);
    await s.start();
    await s.open(sub, SUB);
    let d = await s.diagnostics(sub);
    check(d?.some((x) => x.code === "DW302"), "watched files: DW302 before", d);
    // base.py (not open) changed on disk by another program: the subclass's findings follow
    write(base, BASE.replace("print(z)", "print(z, 'disk')"));
    const n = s.published.length;
    await s.conn.sendNotification(lsp.DidChangeWatchedFilesNotification.type,
                                  { changes: [{ uri: uriOf(base), type: 2 }] });
    await s.until(() => s.published.slice(n).some((p) => p.uri === uriOf(sub)));
    d = s.published.slice(n).findLast((p) => p.uri === uriOf(sub))?.diagnostics;
    check(d && !d.some((x) => x.code === "DW302"), "watched files: a file changed on disk", d);
    sameAsCli(d, cliFindings(root)[sub], SUB, "watched files: deadwood check's findings after it");
    // a new file on disk joins the analysis
    write(path.join(root, "pkg/more.py"), "from pkg.base import Base\n\n\nclass More(Base):\n" +
          "    def stop(self):\n        return None\n");
    const m = s.published.length;
    await s.conn.sendNotification(lsp.DidChangeWatchedFilesNotification.type,
                                  { changes: [{ uri: uriOf(path.join(root, "pkg/more.py")), type: 1 }] });
    const w = await s.conn.sendRequest(lsp.WorkspaceDiagnosticRequest.type, { previousResultIds: [] });
    const more = w?.items?.find((i) => i.uri === uriOf(path.join(root, "pkg/more.py")));
    const cliMore = cliFindings(root)[path.join(root, "pkg/more.py")] || [];
    check(m >= 0 && more && JSON.stringify(more.items.map((x) => x.code)) ===
          JSON.stringify(cliMore.map((f) => f.code)) && cliMore.length > 0,
          "watched files: a created file joins the analysis (workspace/diagnostic)", { more, cliMore });
    await s.stop();
}

// ---- workspace folders added and removed -----------------------------------------------------------

async function workspaceFolders() {
    const a = path.join(work, "folders/a"), b = path.join(work, "folders/b");
    fs.cpSync(ws, a, { recursive: true });
    write(path.join(b, "m.py"), "def f():\n    v = None\n    return v.x\n");
    const aSub = path.join(a, "pkg/sub.py"), bm = path.join(b, "m.py");
    const s = new Session(a, { pull: true });
    const init = await s.start();
    check(init.capabilities.workspace?.workspaceFolders?.changeNotifications === true,
          "folders: changeNotifications declared", init.capabilities.workspace);
    const uris = async () => {
        const w = await s.conn.sendRequest(lsp.WorkspaceDiagnosticRequest.type, { previousResultIds: [] });
        return Object.fromEntries((w?.items ?? []).map((i) => [i.uri, (i.items ?? []).map((x) => x.code)]));
    };
    let got = await uris();
    check(got[uriOf(aSub)] && !got[uriOf(bm)], "folders: one folder analyzed", got);
    const refreshes = s.refreshes;
    await s.conn.sendNotification(lsp.DidChangeWorkspaceFoldersNotification.type,
                                  { event: { added: [{ uri: uriOf(b), name: "b" }], removed: [] } });
    got = await uris();
    const cliB = (cliFindings(b)[bm] || []).map((f) => f.code);
    check(got[uriOf(aSub)] && JSON.stringify(got[uriOf(bm)]) === JSON.stringify(cliB) && cliB.length,
          "folders: an added folder's files are analyzed (deadwood check's findings)", { got, cliB });
    await s.until(() => s.refreshes > refreshes, 5000);
    check(s.refreshes > refreshes, "folders: a pull client is asked to pull again");
    await s.conn.sendNotification(lsp.DidChangeWorkspaceFoldersNotification.type,
                                  { event: { added: [], removed: [{ uri: uriOf(a), name: "a" }] } });
    got = await uris();
    check(!Object.keys(got).some((u) => u.startsWith(uriOf(a) + "/")) && got[uriOf(bm)],
          "folders: a removed folder's files leave the analysis", got);
    await s.stop();
}

// ---- untitled buffers ------------------------------------------------------------------------------

async function untitled() {
    const root = path.join(work, "untitled");
    fs.cpSync(ws, root, { recursive: true });
    write(path.join(root, "deadwood.toml"), 'ignore = ["DW102"]\n');
    const text = SUB.replace("class Sub(", "class Sub2(").replace(/def helper[^]*/, `def f(c):
    s = "\u00e9\u{1F600}"; v = None; w = s if c else s
    return v.attr, w
`);
    const r = spawnSync(deadwood, ["check", "--no-cache", "--output-format", "json", "--stdin-filename",
                                   path.join(root, "untitled:Untitled-1.py"), "-"], { input: text, encoding: "utf8" });
    const cli = JSON.parse(r.stdout || "[]");
    const s = new Session(root);
    await s.start();
    const uri = "untitled:Untitled-1";
    await s.conn.sendNotification(lsp.DidOpenTextDocumentNotification.type,
                                  { textDocument: { uri, languageId: "python", version: 1, text } });
    await s.until(() => s.published.some((p) => p.uri === uri));
    const d = s.published.findLast((p) => p.uri === uri);
    sameAsCli(d?.diagnostics, cli, text,
              "untitled: analyzed alone under the workspace's configuration (check --stdin-filename)");
    check(d?.diagnostics?.some((x) => x.code === "DW201") && !d.diagnostics.some((x) => x.code === "DW102"),
          "untitled: the folder's ignore = [DW102] applies", d);
    // not in the whole tree: Base.run's overrides do not include the buffer's Sub2
    await s.open(basePy.replace(ws, root), BASE);
    const h = await s.conn.sendRequest(lsp.HoverRequest.type, { textDocument: { uri: uriOf(basePy.replace(ws, root)) },
                                                                position: { line: 1, character: 9 } });
    const hv = h?.contents?.value ?? "";
    check(/Sub\.run/.test(hv) && !/Sub2/.test(hv), "untitled: kept out of the whole-tree index", h);
    // an edit: republished for its version
    await s.conn.sendNotification(lsp.DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version: 2 }, contentChanges: [{ text: text.replace("v = None", "v = 1") }] });
    await s.until(() => s.published.some((p) => p.uri === uri && p.version === 2));
    const d2 = s.published.findLast((p) => p.uri === uri && p.version === 2);
    check(d2 && !d2.diagnostics.some((x) => x.code === "DW201"), "untitled: edits analyzed", d2);
    const acts = await s.conn.sendRequest(lsp.CodeActionRequest.type, {
        textDocument: { uri }, range: d.diagnostics[0].range, context: { diagnostics: [] } });
    check(Array.isArray(acts), "untitled: code actions answered", acts);
    check((await s.stop()) === 0, "untitled: the server goes on and exits cleanly");
}

// ---- notebook documents --------------------------------------------------------------------------

// A notebook open as one (notebookDocument/*): its findings are deadwood check's on the .ipynb its
// cells make, published to each cell's document in the cell's own positions (UTF-16, on a
// non-ASCII line), and they follow edits of one cell that change what another says.
async function notebooks() {
    const root = path.join(work, "nb");
    const file = path.join(root, "n.ipynb");
    const sources = ["# title", "v = None", 's = "\u00e9\u{1F600}"; print(v.attr)'];
    const kinds = [1, 2, 2];
    const ipynb = (srcs, ks) => JSON.stringify({
        cells: srcs.map((src, i) => ks[i] === 1 ? { cell_type: "markdown", metadata: {}, source: src }
                                                : { cell_type: "code", metadata: {}, source: src, outputs: [],
                                                    execution_count: null }),
        metadata: { language_info: { name: "python" } }, nbformat: 4, nbformat_minor: 5 });
    write(file, ipynb(sources, kinds));
    const cli = cliFindings(root)[file] || [];
    const s = new Session(root);
    const init = await s.start();
    check(init.capabilities.notebookDocumentSync?.notebookSelector?.[0]?.cells?.[0]?.language === "python",
          "notebook: notebookDocumentSync declared", init.capabilities.notebookDocumentSync);
    const cellUri = (i) => `vscode-notebook-cell:${file}#c${i}`;
    const item = (i, text) => ({ uri: cellUri(i), languageId: kinds[i] === 1 ? "markdown" : "python",
                                 version: 1, text });
    await s.conn.sendNotification(lsp.DidOpenNotebookDocumentNotification.type, {
        notebookDocument: { uri: uriOf(file), notebookType: "jupyter-notebook", version: 1,
                            cells: sources.map((_, i) => ({ kind: kinds[i], document: cellUri(i) })) },
        cellTextDocuments: sources.map((t, i) => item(i, t)),
    });
    await s.until(() => s.published.some((p) => p.uri === cellUri(2)));
    const d = s.published.findLast((p) => p.uri === cellUri(2))?.diagnostics;
    const want = cli.filter((f) => f.cell === 3);
    sameAsCli(d, want, sources[2], "notebook: a cell's findings are deadwood check's, in the cell (UTF-16)");
    check(want.some((f) => f.code === "DW201"), "notebook: the CLI finds DW201 in cell 3", cli);
    // an edit of cell 2 changes what is said of cell 3
    const n = s.published.length;
    await s.conn.sendNotification(lsp.DidChangeNotebookDocumentNotification.type, {
        notebookDocument: { uri: uriOf(file), version: 2 },
        change: { cells: { textContent: [{ document: { uri: cellUri(1), version: 2 },
                                           changes: [{ range: { start: { line: 0, character: 4 },
                                                                end: { line: 0, character: 8 } }, text: "1" }] }] } },
    });
    await s.until(() => s.published.slice(n).some((p) => p.uri === cellUri(2)));
    const d2 = s.published.slice(n).findLast((p) => p.uri === cellUri(2))?.diagnostics;
    check(d2 && !d2.some((x) => x.code === "DW201"), "notebook: an edit of another cell (v = 1) is seen", d2);
    // a cell added at the end (its document opened with it)
    const m = s.published.length;
    await s.conn.sendNotification(lsp.DidChangeNotebookDocumentNotification.type, {
        notebookDocument: { uri: uriOf(file), version: 3 },
        change: { cells: { structure: { array: { start: 3, deleteCount: 0, cells: [{ kind: 2, document: cellUri(3) }] },
                                        didOpen: [{ uri: cellUri(3), languageId: "python", version: 1,
                                                    text: "w = None\nw.z\n" }] } } },
    });
    await s.until(() => s.published.slice(m).some((p) => p.uri === cellUri(3)));
    const d3 = s.published.slice(m).findLast((p) => p.uri === cellUri(3))?.diagnostics;
    const edited = path.join(work, "nb2/n.ipynb");
    write(edited, ipynb(["# title", "v = 1", sources[2], "w = None\nw.z\n"], [1, 2, 2, 2]));
    sameAsCli(d3, (cliFindings(path.join(work, "nb2"))[edited] || []).filter((f) => f.cell === 4),
              "w = None\nw.z\n", "notebook: a cell added is analyzed with the others (deadwood check's)");
    check(d3?.some((x) => x.code === "DW201" && x.range.start.line === 1), "notebook: DW201 in the added cell", d3);
    const acts = await s.conn.sendRequest(lsp.CodeActionRequest.type, {
        textDocument: { uri: cellUri(3) }, range: d3?.[0]?.range ?? { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
        context: { diagnostics: [] } });
    check(Array.isArray(acts) && acts.length === 0, "notebook: no fixes or code actions in a cell", acts);
    // closed: its cells' diagnostics cleared
    const k = s.published.length;
    await s.conn.sendNotification(lsp.DidCloseNotebookDocumentNotification.type, {
        notebookDocument: { uri: uriOf(file) },
        cellTextDocuments: [0, 1, 2, 3].map((i) => ({ uri: cellUri(i) })) });
    await s.until(() => s.published.slice(k).some((p) => p.uri === cellUri(3)));
    const cleared = s.published.slice(k).find((p) => p.uri === cellUri(3));
    check(cleared && cleared.diagnostics.length === 0, "notebook: closing it clears its cells' diagnostics", cleared);
    check((await s.stop()) === 0, "notebook: the server goes on and exits cleanly");
}

// ---- raw bytes: malformed input, cancellation, exit status ----------------------------------------

function frame(obj) {
    const body = Buffer.from(typeof obj === "string" ? obj : JSON.stringify(obj));
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
}

// Writes chunks (each in one write), closes the input, and returns the messages and the status.
function raw(chunks, { close = true, waitMs = 0 } = {}) {
    return new Promise((resolve) => {
        const p = spawn(deadwood, ["server"], { stdio: ["pipe", "pipe", "pipe"] });
        const out = [];
        p.stdout.on("data", (d) => out.push(d));
        p.on("exit", (code) => {
            const all = Buffer.concat(out).toString("utf8");
            const msgs = [];
            const re = /Content-Length: (\d+)\r\n\r\n/g;
            let m;
            while ((m = re.exec(all))) {
                const start = m.index + m[0].length;
                msgs.push(JSON.parse(Buffer.from(all).subarray(start, start + +m[1]).toString()));
                re.lastIndex = start + +m[1];
            }
            resolve({ code, msgs });
        });
        (async () => {
            for (const c of chunks) {
                p.stdin.write(c);
                if (waitMs) await sleep(waitMs);
            }
            if (close) p.stdin.end();
        })();
    });
}

// "answered", or the error code a request was answered with.
async function outcomeOf(pending) {
    try {
        await pending;
        return "answered";
    } catch (e) {
        return e.code;
    }
}

async function rawChecks() {
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { capabilities: {} } };
    const shutdown = { jsonrpc: "2.0", id: 99, method: "shutdown" };
    const exit = { jsonrpc: "2.0", method: "exit" };
    let r = await raw([frame(init), frame(shutdown), frame(exit)]);
    check(r.code === 0, "exit: 0 after shutdown", r);
    r = await raw([frame(init), frame(exit)]);
    check(r.code === 1, "exit: 1 without shutdown", r);
    r = await raw([frame(init)]);
    check(r.code === 1, "end of input: status 1", r);
    r = await raw([frame({ jsonrpc: "2.0", id: 5, method: "textDocument/hover", params: {} }), frame(init),
                   frame(shutdown), frame(exit)]);
    check(r.msgs.find((m) => m.id === 5)?.error?.code === -32002, "before initialize: ServerNotInitialized",
          r.msgs);
    const bad = [
        frame("{not json"),
        Buffer.from("garbage line\r\n\r\n"),
        Buffer.from("Content-Length: abc\r\n\r\n"),
        frame("[1, 2]"),
        frame({ jsonrpc: "1.0", id: 7, method: "x" }),
        frame({ jsonrpc: "2.0", id: 8, method: "no/such/method" }),
        frame({ jsonrpc: "2.0", id: { a: 1 }, method: "shutdown" }),
        frame({ jsonrpc: "2.0", id: 9, method: "textDocument/hover", params: 3 }),
        frame({ jsonrpc: "2.0", id: 10, method: "textDocument/hover",
                params: { textDocument: { uri: "file:///nowhere.py" }, position: { line: 0, character: 0 } } }),
        frame({ jsonrpc: "2.0", method: "no/such/notification" }),
        frame({ jsonrpc: "2.0", id: 11, method: "initialize", params: { capabilities: {} } }),
    ];
    r = await raw([frame(init), ...bad, frame(shutdown), frame(exit)]);
    // (in any order: what is not a message at all is answered when it is read, the rest in turn)
    const key = (e) => JSON.stringify(e);
    const errs = r.msgs.filter((m) => m.error).map((m) => [m.id, m.error.code]).map(key).sort();
    const want = [[null, -32700], [null, -32700], [null, -32700], [null, -32600], [7, -32600],
                  [8, -32601], [null, -32600], [9, -32600], [10, -32602], [11, -32600]].map(key).sort();
    check(JSON.stringify(errs) === JSON.stringify(want), "malformed input: the errors JSON-RPC names",
          { errs, want });
    check(r.code === 0 && r.msgs.find((m) => m.id === 99)?.result === null,
          "malformed input: the server goes on (shutdown answered, status 0)", r);
    // a message cut short at the end of the input
    r = await raw([frame(init), Buffer.from("Content-Length: 50\r\n\r\n{\"jsonrpc\"")]);
    check(r.code === 1 && r.msgs.some((m) => m.error?.code === -32700), "truncated input: a parse error, status 1",
          r.msgs);
    // bytes split anywhere: a message arrives in pieces
    const whole = Buffer.concat([frame(init), frame(shutdown), frame(exit)]);
    const pieces = [];
    for (let i = 0; i < whole.length; i += 7) pieces.push(whole.subarray(i, i + 7));
    r = await raw(pieces, { waitMs: 1 });
    check(r.code === 0 && r.msgs.some((m) => m.id === 99), "framing: a message in 7-byte pieces", r);
    // cancellation: a request and its $/cancelRequest in one write
    const hover = { jsonrpc: "2.0", id: 20, method: "textDocument/hover",
                    params: { textDocument: { uri: "file:///x.py" }, position: { line: 0, character: 0 } } };
    const cancel = { jsonrpc: "2.0", method: "$/cancelRequest", params: { id: 20 } };
    r = await raw([frame(init), Buffer.concat([frame(hover), frame(cancel), frame(shutdown), frame(exit)])]);
    check(r.msgs.find((m) => m.id === 20)?.error?.code === -32800, "$/cancelRequest: RequestCancelled",
          r.msgs);
    // through the library: a cancelled token
    const s = new Session(ws);
    await s.start();
    await s.open(basePy, BASE);
    const src = new lsp.CancellationTokenSource();
    const pending = s.conn.sendRequest(lsp.HoverRequest.type,
                                       { textDocument: { uri: uriOf(basePy) }, position: { line: 0, character: 0 } },
                                       src.token);
    src.cancel();
    const outcome = await outcomeOf(pending);
    check(outcome === "answered" || outcome === -32800,
          "$/cancelRequest: the library's cancellation is answered or cancelled", outcome);
    check((await s.stop()) === 0, "$/cancelRequest: the server goes on");
    await cancelRunning();
}

// A request cancelled while it runs: workspace/diagnostic over many files reads the client's
// messages between files. It is cancelled once the server says it started it ($/logTrace); a
// malformed message that arrives meanwhile gets its error beside it.
async function cancelRunning() {
    const root = path.join(work, "many");
    for (let i = 0; i < 3000; i++)
        write(path.join(root, `m${i}.py`), "def f():\n    v = None\n    return v.x\n");
    const s = new Session(root);
    await s.start();
    await s.conn.sendNotification(lsp.SetTraceNotification.type, { value: "verbose" });
    const src = new lsp.CancellationTokenSource();
    const pending = s.conn.sendRequest(lsp.WorkspaceDiagnosticRequest.type, { previousResultIds: [] },
                                       src.token);
    await s.until(() => s.traces.some((t) => /received request 'workspace\/diagnostic'/.test(t.message)));
    s.proc.stdin.write(frame("{not json"));
    src.cancel();
    const outcome = await outcomeOf(pending);
    check(outcome === -32800, "$/cancelRequest: a running workspace/diagnostic is cancelled", outcome);
    const w = await s.conn.sendRequest(lsp.WorkspaceDiagnosticRequest.type, { previousResultIds: [] });
    check(w?.items?.length === 3000, "$/cancelRequest: the next one is answered in full", w?.items?.length);
    check((await s.stop()) === 0, "$/cancelRequest: the server goes on after it");
}

// ---- startup: initialize answered before the workspace is indexed ---------------------------------

// A server spoken to in raw bytes: msgs, every message it sent, parsed as they come; until(pred)
// waits for pred() to hold (60 s at most: a guard against a hang).
function rawServer() {
    const p = spawn(deadwood, ["server"], { stdio: ["pipe", "pipe", "pipe"] });
    let all = Buffer.alloc(0), wake = () => {};
    const msgs = [];
    p.stdout.on("data", (d) => {
        all = Buffer.concat([all, d]);
        for (;;) {
            const m = /Content-Length: (\d+)\r\n\r\n/.exec(all.toString("latin1"));
            if (!m || all.length < m.index + m[0].length + +m[1]) break;
            const start = m.index + m[0].length;
            msgs.push(JSON.parse(all.subarray(start, start + +m[1]).toString("utf8")));
            all = all.subarray(start + +m[1]);
        }
        wake();
    });
    const until = async (pred) => {
        const end = Date.now() + 60000;
        while (!pred() && Date.now() < end) await new Promise((r) => { wake = r; setTimeout(r, 100); });
    };
    return { p, msgs, exited: new Promise((r) => p.on("exit", r)), until };
}

// initialize, initialized and a didOpen in one write: the answer to initialize comes first, then
// the document's per-file findings (analyzed alone, the workspace not yet indexed), then, the
// index complete, its findings again with the whole tree's (DW302, from the base class in another
// file), for the same version.
async function startup() {
    const init = { jsonrpc: "2.0", id: 1, method: "initialize",
                   params: { rootUri: uriOf(ws), workspaceFolders: [{ uri: uriOf(ws), name: "ws" }],
                             capabilities: {} } };
    const initialized = { jsonrpc: "2.0", method: "initialized", params: {} };
    const open = { jsonrpc: "2.0", method: "textDocument/didOpen",
                   params: { textDocument: { uri: uriOf(subPy), languageId: "python", version: 7, text: SUB } } };
    const { p, msgs, exited, until } = rawServer();
    p.stdin.write(Buffer.concat([frame(init), frame(initialized), frame(open)]));
    await until(() => msgs.some((x) => x.params?.diagnostics?.some((d) => d.code === "DW302")));
    p.stdin.write(Buffer.concat([frame({ jsonrpc: "2.0", id: 99, method: "shutdown" }),
                                 frame({ jsonrpc: "2.0", method: "exit" })]));
    const code = await exited;
    const pubs = msgs.filter((x) => x.method === "textDocument/publishDiagnostics");
    const codes = (x) => x.params.diagnostics.map((d) => d.code);
    check(msgs[0]?.id === 1 && msgs[0].result?.capabilities, "startup: initialize answered first", msgs[0]);
    check(pubs.length >= 2 && pubs[0].params.version === 7 && codes(pubs[0]).includes("DW201") &&
          !codes(pubs[0]).includes("DW302"),
          "startup: the open document's per-file findings before the index is complete", pubs);
    const indexed = msgs.findIndex((x) => /files indexed/.test(x.params?.message ?? ""));
    const last = pubs[pubs.length - 1];
    check(last && last.params.version === 7 && codes(last).includes("DW302") && codes(last).includes("DW201") &&
          indexed > msgs.indexOf(pubs[0]) && indexed < msgs.indexOf(last),
          "startup: republished with the whole tree's findings once it is indexed", { pubs, indexed });
    check(code === 0, "startup: exit status 0", code);
}

// A document opened while the workspace is indexed (after the server said it began): its per-file
// findings are published before the index is complete, then again with it.
async function openWhileIndexing() {
    const root = path.join(work, "indexing");
    for (let i = 0; i < 3000; i++)
        write(path.join(root, `m${i}.py`), "def f():\n    v = None\n    return v.x\n");
    write(path.join(root, "pkg/__init__.py"), "");
    write(path.join(root, "pkg/base.py"), BASE);
    const file = path.join(root, "pkg/sub.py");
    write(file, SUB);
    const { p, msgs, exited, until } = rawServer();
    const logged = (re) => msgs.findIndex((x) => re.test(x.params?.message ?? ""));
    p.stdin.write(Buffer.concat([frame({ jsonrpc: "2.0", id: 1, method: "initialize",
                                         params: { rootUri: uriOf(root), capabilities: {} } }),
                                 frame({ jsonrpc: "2.0", method: "initialized", params: {} })]));
    await until(() => logged(/indexing \d+ files/) >= 0);
    p.stdin.write(frame({ jsonrpc: "2.0", method: "textDocument/didOpen",
                          params: { textDocument: { uri: uriOf(file), languageId: "python", version: 1,
                                                    text: fs.readFileSync(file, "utf8") } } }));
    await until(() => logged(/files indexed/) >= 0 &&
                      msgs.filter((x) => x.method === "textDocument/publishDiagnostics").length >= 2);
    p.stdin.write(Buffer.concat([frame({ jsonrpc: "2.0", id: 99, method: "shutdown" }),
                                 frame({ jsonrpc: "2.0", method: "exit" })]));
    const code = await exited;
    const pubs = msgs.filter((x) => x.method === "textDocument/publishDiagnostics");
    const first = msgs.indexOf(pubs[0]), indexed = logged(/files indexed/);
    const codes = (x) => (x?.params?.diagnostics ?? []).map((d) => d.code);
    check(codes(pubs[0]).includes("DW201") && !codes(pubs[0]).includes("DW302") && first >= 0 &&
          first < indexed,
          "startup: a document opened while the workspace is indexed gets its per-file findings first",
          { first, indexed, pubs });
    const last = pubs[pubs.length - 1];
    check(pubs.length >= 2 && msgs.indexOf(last) > indexed && last.params.version === 1 &&
          codes(last).includes("DW302"), "startup: ... and the whole tree's once it is indexed", pubs);
    check(code === 0, "startup: exit status 0 after indexing", code);
}

// ---- the seed's bug, as an editor sees it --------------------------------------------------------

async function seed(examples) {
    const root = path.join(work, "zenflow");
    fs.cpSync(examples, root, { recursive: true });
    // DW301 is opt-in (DW303 reports the stale copy from the history, which this copy lacks)
    fs.writeFileSync(path.join(root, "deadwood.toml"), 'extend-select = ["DW301"]\n');
    const file = path.join(root, "zenflow.py");
    const text = fs.readFileSync(file, "utf8");
    const s = new Session(root);
    await s.start();
    await s.open(file, text);
    const d = await s.diagnostics(file);
    sameAsCli(d, cliFindings(root)[file], text, "seed: zenflow.py's findings as deadwood check's");
    check(d?.some((x) => x.code === "DW301"), "seed: DW301 (the override drift) shown", d);
    await s.stop();
}

const only = process.env.ONLY;
for (const [name, fn] of [["push", pushDiagnostics], ["encodings", encodings], ["pull", pullDiagnostics],
                          ["config", configuration], ["nav", navigation], ["fixes", async () => { await fixActions(); await treeFixActions(); }], ["watched", watchedFiles], ["folders", workspaceFolders], ["untitled", untitled], ["notebook", notebooks],
                          ["raw", rawChecks], ["startup", async () => { await startup(); await openWhileIndexing(); }],
                          ["seed", () => seed(process.env.EXAMPLES)]]) {
    if (only && !only.split(",").includes(name)) continue;
    try {
        await fn();
    } catch (e) {
        check(false, `${name}: no exception`, String(e?.stack ?? e));
    }
}
console.log(`RESULT ${passed} ${failed} 0`);
process.exit(0);
