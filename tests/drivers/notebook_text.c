/* notebook_text — prints what src/source/notebook.c makes of a notebook: the Python text that is
 * parsed, and with --map each line's origin.
 *
 * Usage: notebook_text [--map] FILE.ipynb     ("-": standard input)
 * Output: the joined text; with --map, one line per text line instead:
 *   "<cell> <line> <file_line> <shift> <keep> <at>\t<text line>"
 * Exit status 0; 1 when the notebook cannot be read ("error <line>:<col> [cell N] <msg>" on
 * stdout); 3 when it is not a Python notebook; 2 on usage errors.
 */
#include <stdio.h>
#include <string.h>

#include "../../src/source/notebook.h"

int main(int argc, char **argv) {
    bool map = argc == 3 && strcmp(argv[1], "--map") == 0;
    if (argc != 2 && !map) {
        fputs("usage: notebook_text [--map] FILE.ipynb\n", stderr);
        return 2;
    }
    char *data;
    size_t len;
    SourceError se;
    if (!source_read_file(argv[argc - 1], &data, &len, &se)) {
        fprintf(stderr, "notebook_text: %s\n", se.msg);
        return 2;
    }
    Arena a;
    arena_init(&a);
    Notebook nb;
    NotebookError err;
    int rc = 0;
    if (!notebook_read(&a, data, len, &nb, &err)) {
        printf("error %d:%d", err.line, err.col);
        if (err.cell) printf(" cell %d", err.cell);
        printf(" %s\n", err.msg);
        rc = 1;
    } else if (!nb.python) {
        rc = 3;
    } else if (!map) {
        fwrite(nb.text.text, 1, nb.text.len, stdout);
    } else {
        const char *t = nb.text.text;
        for (int32_t i = 0; i < nb.nlines; i++) {
            const NotebookLine *m = &nb.lines[i];
            const char *e = strchr(t, '\n');
            printf("%d %d %d %d %d %d\t%.*s\n", m->cell, m->line, m->file_line, m->shift, m->keep,
                   m->at, (int)(e - t), t);
            t = e + 1;
        }
    }
    arena_free(&a);
    dw_free(data);
    return rc;
}
