/* glob_steps — how much work a glob match takes, for bench/robustness/globs.py (tests assert bounds
 * on the same counter in unit_discover): `glob_steps DIALECT PATTERN TEXT` prints "MATCH STEPS",
 * MATCH 1 or 0 and STEPS the automaton states visited. DIALECT: glob (ruff's globset globs, as
 * exclude and per-file-ignores use them), wild (.gitignore basename patterns), wildpath
 * (.gitignore patterns with a '/', WM_PATHNAME). */
#include <stdio.h>
#include <string.h>

#include "../../src/base/arena.h"
#include "../../src/discover/glob.h"
#include "../../src/discover/wildmatch.h"

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: glob_steps glob|wild|wildpath PATTERN TEXT\n");
        return 2;
    }
    Arena a;
    arena_init(&a);
    uint64_t steps = 0;
    bool hit = false;
    const char *err = "out of memory";
    if (strcmp(argv[1], "glob") == 0) {
        Glob *g = glob_compile(&a, argv[2], &err);
        if (!g) {
            fprintf(stderr, "invalid glob: %s\n", err);
            return 2;
        }
        hit = glob_match_steps(g, argv[3], strlen(argv[3]), &steps);
    } else {
        WmPattern *w = wm_compile(&a, argv[2], strcmp(argv[1], "wildpath") == 0 ? WM_PATHNAME : 0);
        if (!w) return 2;
        hit = wm_match_compiled(w, argv[3], strlen(argv[3]), &steps);
    }
    printf("%d %llu\n", hit, (unsigned long long)steps);
    arena_free(&a);
    return 0;
}
