/* gitignore_check — prints the .gitignore verdict of src/discover for paths of one work tree.
 *
 * Usage: gitignore_check REPO_ROOT < PATHS    (one path per line, relative to REPO_ROOT)
 * For each path prints what `git check-ignore --no-index -v -n` prints (unquoted):
 *   SOURCE:LINE:PATTERN<TAB>PATH   the deciding pattern ("!" for a negation, "/" for dir-only)
 *   ::<TAB>PATH                    no pattern decides
 * Directories are told apart with lstat(), as git does. Problems go to stderr.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../src/base/arena.h"
#include "../../src/base/buf.h"
#include "../../src/discover/gitignore.h"
#include "../../src/discover/gitrepo.h"

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: gitignore_check REPO_ROOT < PATHS\n");
        return 2;
    }
    char root[PATH_MAX];
    if (!realpath(argv[1], root)) {
        perror(argv[1]);
        return 2;
    }
    Arena a;
    arena_init(&a);
    GiRepo *repo = gi_repo_open(&a, root);
    GiChecker *c = repo ? gi_checker_new(&a, repo) : NULL;
    if (!c) {
        fprintf(stderr, "out of memory\n");
        return 2;
    }
    if (repo->warning) fprintf(stderr, "warning: %s\n", repo->warning);
    char line[PATH_MAX];
    Buf full;
    buf_init(&full);
    while (fgets(line, sizeof line, stdin)) {
        size_t n = strlen(line);
        if (n && line[n - 1] == '\n') line[--n] = '\0';
        if (n == 0) continue;
        full.len = 0;
        buf_printf(&full, "%s/%s", root, line);
        struct stat st;
        bool is_dir = lstat(buf_cstr(&full), &st) == 0 && S_ISDIR(st.st_mode);
        const char *err = NULL;
        GiMatch m = gi_check(c, line, is_dir, &err);
        if (err) fprintf(stderr, "warning: %s\n", err);
        if (m.pat)
            printf("%s:%d:%s%s%s\t%s\n", m.list->source, m.pat->line,
                   (m.pat->flags & GI_NEGATIVE) ? "!" : "", m.pat->pat,
                   (m.pat->flags & GI_MUSTBEDIR) ? "/" : "", line);
        else
            printf("::\t%s\n", line);
    }
    buf_free(&full);
    arena_free(&a);
    return 0;
}
