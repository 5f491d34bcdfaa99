/* notebook.h — a Jupyter notebook (.ipynb) as the Python module deadwood analyzes.
 *
 * The code cells of an nbformat 4 notebook (or 3: the cells of its worksheets, a code cell's
 * text in "input", its language in "language"), in order, are joined into one text that is parsed
 * and checked as one module, as ruff does (a name a cell binds is the later cells' too, as in the
 * kernel). Each line of that text knows where it came from: its cell (1-based, counting every cell,
 * markdown and raw ones too, as ruff and Jupyter number them), its line in the cell, and the line
 * of the .ipynb file that holds it (for the formats that point into the file: SARIF, GitHub).
 *
 * What IPython accepts but Python does not is turned, line for line, into what IPython itself
 * runs (IPython's input transformer, inputtransformer2.py): a call through get_ipython() that
 * holds the command as a string. So `!ls` becomes `get_ipython().system('ls')`, `%time f()`
 * becomes `get_ipython().run_line_magic('time', 'f()')`, `x = !ls` becomes
 * `x = get_ipython().getoutput('ls')`, `obj?` and `?obj` become `...run_line_magic('pinfo',
 * 'obj')`, a one-line cell of an automagic (`pip install x`) becomes its run_line_magic call, and
 * a cell magic's first line (`%%bash`) a run_cell_magic call, its body blank lines unless the
 * magic runs its body as the notebook's own Python (`%%time`, `%%timeit`, `%%capture`,
 * `%%prun`, `%%debug`, `%%ipytest`, ruff's list but the subprocess ones, `%%python`...). A cell
 * indented as a whole is dedented, as IPython does. Escapes are recognized where IPython
 * recognizes them, at the start of a logical line (not inside brackets or strings), with
 * backslash continuations; everything else is left for the parser to judge, so a line IPython
 * would refuse is still a syntax error. Line numbers never change, and two replaced lines are the
 * same code exactly when they are the same command: identical-branch rules compare them
 * truthfully.
 *
 * A file that is not valid JSON (json.h: strict RFC 8259), not an nbformat 3 or 4 notebook, or
 * whose cells are malformed is an error with its position in the file. A notebook whose language
 * (its metadata's language_info.name, else kernelspec.language) is not Python has nothing to
 * analyze (`python` false), as ruff skips it; so does a code cell whose VS Code language is not
 * Python.
 */
#ifndef DW_NOTEBOOK_H
#define DW_NOTEBOOK_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/finding.h"
#include "source.h"

/* Where one line of the joined text comes from. */
typedef struct NotebookLine {
    int32_t cell;      /* 1-based, every cell counted */
    int32_t line;      /* 1-based, in the cell */
    int32_t file_line; /* the line of the .ipynb holding it */
    int32_t shift;     /* characters removed from its start (a cell indented as a whole) */
    int32_t keep, at;  /* IPython syntax replaced past `keep` characters of the (shifted) line
                          (keep -1: nothing replaced); the replaced text starts at character `at`
                          of the line as written */
    const char *orig;  /* the line as written in the cell (no line end) */
    int32_t orig_len;  /* bytes */
} NotebookLine;

typedef struct Notebook {
    SourceText text;     /* what is parsed */
    NotebookLine *lines; /* one per line of text */
    int32_t nlines;
    bool python;    /* false: not a Python notebook, nothing to analyze */
    int32_t ncells; /* cells in the notebook */
    int32_t ncode;  /* code cells joined into text */
} Notebook;

typedef struct NotebookError {
    int32_t line, col; /* 1-based, in the .ipynb file; or in the cell when `cell` is set */
    int32_t cell;      /* a cell's own content is at fault (CPython's error, DW000), else 0 */
    bool oom;          /* out of memory, not the notebook's fault */
    char msg[256];
} NotebookError;

/* Whether a path names a notebook (ends in ".ipynb"). */
bool notebook_path(const char *path);

/* Reads a notebook's bytes into nb, everything allocated in a. False with *err filled when it
 * cannot be read (or is out of memory: err->msg says so). */
bool notebook_read(Arena *a, const char *bytes, size_t len, Notebook *nb, NotebookError *err);

/* Turns a location in nb->text (its lines, character columns) into the cell's: the cell, the line
 * and columns in it, and the file lines. A span that runs into a later cell is cut at the end of
 * the first cell. */
void notebook_map(const Notebook *nb, Location *loc);

/* The line of nb->text (1-based) as written in its cell, or NULL when out of range. */
const NotebookLine *notebook_line(const Notebook *nb, int32_t line);

/* A finding's message for a finding in `cell`, with the lines it cites (`line 12`, `lines 12-14`,
 * outside `code`) turned into the cells' ("line 3", "line 3 of cell 2" for another cell), in a.
 * msg itself when it cites none (or out of memory). */
const char *notebook_message(Arena *a, const Notebook *nb, int32_t cell, const char *msg);

#endif
