/* output_demo — prints a fixed set of findings in one output format (src/output), for
 * tests/output/run.py to compare with tests/output/expected/.
 *
 * Usage: output_demo FORMAT [--color] [--empty] [--no-root] [--many N]
 *   FORMAT     text, full, json, sarif or github
 *   --color    OutputOptions.color = true
 *   --empty    no findings at all
 *   --no-root  OutputOptions.root = NULL (SARIF then has no originalUriBaseIds)
 *   --many N   instead of the fixed set, N generated findings over 100 files (for size tests)
 *
 * The fixed set covers what the formats must get right: several files, related locations in the
 * same and in other files, a path with spaces and non-ASCII characters, a path with ',' and ':',
 * an absolute path under the root, one outside it and a "./" path, a message with quotes,
 * backslashes, a newline, control characters and '%', a tab-indented line with a tab inside it, a
 * line with wide (CJK) characters, a line with a combining accent, a span over several lines, a
 * span at the end of its line, a code that is not in the rule list, a line number of three
 * digits, and two fixes: a safe one of two deletions (shown `[*]` in text), and an unsafe one
 * inserting text with a quote, a line break and non-ASCII characters. Exit status 0, 2 on a usage
 * error or when the output fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/base/finding.h"
#include "../../src/output/output.h"

static const RuleInfo rules[] = {
    /* documentation as the rules write it (a head comment: prose, code indented by four) */
    {"DW101", "dead-branch", "A branch whose condition is always false never runs.",
     "DW101 dead-branch\n\nWhat it does: finds `if`/`while` branches whose condition is always\n"
     "false.\n\nExample:\n    if False:\n        run()\n\n    while 0:\n        run()\n\n"
     "Why is this bad? Dead code misleads readers: *what* runs, [when] and __why__.\n",
     true, "warning"},
    {"DW201", "none-dereference", "An attribute of a value that is always None.",
     "DW201 none-dereference\n\nWhat it does: finds `x.attr` where `x` is always `None`.\n\n"
     "Why is this bad? It raises `AttributeError`.\n",
     true, "error"},
    {"DW301", "drifted-copy", "Two copies of a block that have drifted apart.",
     "DW301 drifted-copy\n\nWhat it does: finds copied blocks that differ in one place.", false,
     "note"},
};

#define ROOT  "/srv/proj ø"
#define NAIVE "docs and notes/ünïcode dir/naïve.py"

static Location loc(int32_t line, int32_t col, int32_t end_line, int32_t end_col) {
    return (Location){.line = line, .col = col, .end_line = end_line, .end_col = end_col};
}

/* In a notebook: a cell's lines and columns, and the .ipynb line holding its first line. */
static Location cell_loc(int32_t cell, int32_t line, int32_t col, int32_t end_line, int32_t end_col,
                         int32_t file_line) {
    Location l = loc(line, col, end_line, end_col);
    l.cell = cell;
    l.file_line = file_line;
    l.file_end_line = file_line + end_line - line;
    return l;
}

static void add_fixed(FindingList *l, const char *code, const char *name, const char *path,
                      Location at, const char *message, const char *source, Related *rel,
                      int32_t nrel, const Fix *fix) {
    Finding f = {.code = code,
                 .name = name,
                 .path = path,
                 .loc = at,
                 .message = message,
                 .source = source,
                 .noqa_line = at.line,
                 .related = rel,
                 .nrelated = nrel,
                 .fix = fix};
    if (!findings_add(l, &f)) {
        fputs("output_demo: out of memory\n", stderr);
        exit(2);
    }
}

static void add(FindingList *l, const char *code, const char *name, const char *path, Location at,
                const char *message, const char *source, Related *rel, int32_t nrel) {
    add_fixed(l, code, name, path, at, message, source, rel, nrel, NULL);
}

static void fixed_set(FindingList *l) {
    Related none_set[] = {{"app/main.py", loc(2, 5, 2, 9), "`user` is set to None here"}};
    add(l, "DW201", "none-dereference", "app/main.py", loc(3, 12, 3, 21),
        "`user` is always None here (set on line 2)", "    return user.name", none_set, 1);
    Edit drop[] = {{loc(6, 1, 7, 1), 0, 0, ""}, {loc(7, 1, 10, 1), 0, 0, ""}};
    Fix dead = {FIX_SAFE, "Delete the branch", drop, 2};
    add_fixed(l, "DW101", "dead-branch", "app/main.py", loc(7, 1, 9, 14),
              "this branch never runs: the condition is always false", "if False:", NULL, 0, &dead);
    Related copies[] = {
        {"app/copy of main.py", loc(3, 1, 5, 1), "the other copy"},
        {ROOT "/lib/util.py", loc(40, 5, 40, 9), "differs here: \"b\" instead of \"a\""},
    };
    add(l, "DW301", "drifted-copy", "app/main.py", loc(120, 5, 120, 31),
        "copy differs in \"name\" \\ 'C:\\temp'\nsecond line \x01\x1b[31m\x7f tab\there 100%",
        "    key = \"name\"  # \"C:\\temp\"", copies, 2);
    add(l, "DW201", "none-dereference", "app/odd,name:v2.py", loc(1, 1, 1, 5),
        "`self` is None, 50% of the time", "self.x", NULL, 0);
    /* s = "日本語テキスト" + naïve.attr : wide characters, then a precomposed ï */
    Related stub[] = {{"/usr/lib/python3/dist-packages/naïve-stubs/__init__.pyi", loc(1, 1, 1, 6),
                       "declared `Optional` here"}};
    Edit guard[] = {{loc(4, 17, 4, 27), 0, 0, "(naïve or \"défaut\"\n).attr"}};
    Fix guarded = {FIX_UNSAFE, "Guard `naïve` with a default", guard, 1};
    add_fixed(l, "DW201", "none-dereference", NAIVE, loc(4, 17, 4, 27),
              "`naïve` is always None here", "s = \"日本語テキスト\" + naïve.attr", stub, 1,
              &guarded);
    /* cafe\u0301 = None; cafe\u0301.strip(): an e with a combining acute accent (two characters) */
    add(l, "DW201", "none-dereference", NAIVE, loc(9, 15, 9, 26), "`café` is always None here",
        "cafe\xcc\x81 = None; cafe\xcc\x81.strip()", NULL, 0);
    add(l, "DW201", "none-dereference", "scripts/tabs.py", loc(5, 10, 5, 13),
        "`x` is always None here", "\t\treturn x.y", NULL, 0);
    add(l, "DW201", "none-dereference", "scripts/tabs.py", loc(6, 9, 6, 15),
        "`b` is always None here", "\tfoo(a,\tb.attr)", NULL, 0);
    /* a span that starts at the end of its line (the newline) */
    add(l, "DW101", "dead-branch", ROOT "/lib/util.py", loc(12, 12, 13, 1),
        "the loop body never runs", "while False", NULL, 0);
    add(l, "DW999", "future-rule", "./setup.py", loc(1, 1, 1, 7), "not a known rule", "import x",
        NULL, 0);
}

/* Findings in notebooks: located by cell (ruff's `path:cell N:line:col`), with a related
 * location in another cell, and a notebook that is not JSON (no cell: its file's position). */
static void notebook_set(FindingList *l) {
    Related proof[] = {{"nb/analysis.ipynb", cell_loc(2, 2, 1, 2, 6, 31), "proven None here"}};
    add(l, "DW201", "none-dereference", "nb/analysis.ipynb", cell_loc(4, 3, 8, 3, 17, 52),
        "`model` is always None here (assigned None on line 2 of cell 2)", "loss = model.fit(x, y)",
        proof, 1);
    add(l, "DW101", "dead-branch", "nb/analysis.ipynb", cell_loc(11, 1, 1, 4, 10, 80),
        "the `if` body (line 2) and the `else` body (line 4) are the same code",
        "if df.empty:", NULL, 0);
    add(l, "DW201", "none-dereference", "nb/analysis.ipynb", cell_loc(4, 1, 1, 1, 2, 50),
        "`x` is always None here", "x.y", NULL, 0);
    add(l, "DW999", "future-rule", "nb/broken.ipynb", cell_loc(0, 7, 3, 7, 3, 7),
        "invalid notebook: not JSON: expected ',' or '}' after an object member, found ']'", NULL,
        NULL, 0);
}

static void many(FindingList *l, long n) {
    char path[32], msg[64];
    Related rel = {"pkg/base.py", loc(1, 1, 1, 2), "defined here"};
    for (long i = 0; i < n; i++) {
        snprintf(path, sizeof path, "pkg/mod%03ld.py", i % 100);
        snprintf(msg, sizeof msg, "finding number %ld", i);
        add(l, i % 2 ? "DW201" : "DW101", NULL, path,
            loc((int32_t)(i / 100 + 1), 5, (int32_t)(i / 100 + 1), 9), msg,
            "    x.y = \"é\"\t# note", &rel, i % 3 == 0);
    }
}

int main(int argc, char **argv) {
    OutputOptions opt = {.root = ROOT,
                         .rules = rules,
                         .nrules = (int)(sizeof rules / sizeof *rules),
                         .version = "0.1.0",
                         .fix_status = true};
    if (argc < 2 || !output_format_parse(argv[1], &opt.format)) {
        fprintf(stderr,
                "usage: output_demo %s [--color] [--empty] [--notebook] [--no-root] [--many N]\n",
                OUTPUT_FORMAT_NAMES);
        return 2;
    }
    bool empty = false, notebook = false;
    long n = -1;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--color") == 0)
            opt.color = true;
        else if (strcmp(argv[i], "--empty") == 0)
            empty = true;
        else if (strcmp(argv[i], "--no-root") == 0)
            opt.root = NULL;
        else if (strcmp(argv[i], "--notebook") == 0)
            notebook = true;
        else if (strcmp(argv[i], "--many") == 0 && i + 1 < argc)
            n = atol(argv[++i]);
        else {
            fprintf(stderr, "output_demo: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    FindingList l;
    findings_init(&l);
    if (n >= 0)
        many(&l, n);
    else if (notebook)
        notebook_set(&l);
    else if (!empty)
        fixed_set(&l);
    findings_sort(&l);
    Buf out;
    buf_init(&out);
    bool ok = output_write(&out, &l, &opt);
    if (ok) fwrite(out.data, 1, out.len, stdout);
    buf_free(&out);
    findings_free(&l);
    if (!ok) fputs("output_demo: output failed\n", stderr);
    return ok ? 0 : 2;
}
