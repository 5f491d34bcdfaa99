/* discover_list — prints what src/discover finds for `deadwood check PATH...`.
 *
 * Usage: discover_list [OPTIONS] [--] PATH...
 *   --exclude PAT          replaces the default excludes (repeatable)
 *   --exclude-none         no excludes at all (an empty `exclude`)
 *   --extend-exclude PAT   adds to the excludes (repeatable)
 *   --no-gitignore         respect_gitignore = false
 *   --force-exclude        apply excludes to the paths named here too
 *   --project-root DIR     anchor of exclude patterns (default: the current directory)
 *   --repeat N             run the discovery N times (for timing), print the last result
 * Output: one line "F <path>" per file in order, then "D <path>\t<message>" per diagnostic.
 * Exit status 0, or 2 when discovery fails (the reason on stderr).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/base/arena.h"
#include "../../src/discover/walk.h"

#define MAXP 256

int main(int argc, char **argv) {
    const char *excl[MAXP], *ext[MAXP], *paths[MAXP];
    int32_t nexcl = 0, next = 0, npaths = 0;
    int repeat = 1;
    DiscoverOptions o;
    discover_options_init(&o);
    bool options = true;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        bool more = i + 1 < argc;
        if (options && strcmp(s, "--") == 0) {
            options = false;
        } else if (options && strcmp(s, "--exclude") == 0 && more && nexcl < MAXP) {
            excl[nexcl++] = argv[++i];
            o.exclude_set = true;
        } else if (options && strcmp(s, "--exclude-none") == 0) {
            o.exclude_set = true;
        } else if (options && strcmp(s, "--extend-exclude") == 0 && more && next < MAXP) {
            ext[next++] = argv[++i];
        } else if (options && strcmp(s, "--no-gitignore") == 0) {
            o.respect_gitignore = false;
        } else if (options && strcmp(s, "--force-exclude") == 0) {
            o.force_exclude = true;
        } else if (options && strcmp(s, "--project-root") == 0 && more) {
            o.project_root = argv[++i];
        } else if (options && strcmp(s, "--repeat") == 0 && more) {
            repeat = atoi(argv[++i]);
        } else if (options && s[0] == '-' && s[1]) {
            fprintf(stderr, "discover_list: bad option %s\n", s);
            return 2;
        } else if (npaths < MAXP) {
            paths[npaths++] = s;
        }
    }
    o.exclude = excl, o.nexclude = nexcl, o.extend_exclude = ext, o.nextend_exclude = next;
    Arena a;
    arena_init(&a);
    DiscoverResult r;
    for (int k = 0; k < repeat; k++) {
        arena_free(&a);
        if (!discover_files(&a, &o, paths, npaths, &r)) {
            fprintf(stderr, "discover_list: %s\n", r.error);
            arena_free(&a);
            return 2;
        }
    }
    for (int32_t i = 0; i < r.nfiles; i++) printf("F %s\n", r.files[i]);
    for (int32_t i = 0; i < r.ndiags; i++)
        printf("D %s\t%s\n", r.diags[i].path, r.diags[i].message);
    arena_free(&a);
    return 0;
}
