/* cmd_callers.c — `deadwood callers NAME [PATH...]`: every call of NAME in the tree, with the
 * function it is in, how it reaches NAME, and the conditions that hold whenever it runs. */
#include <stdlib.h>
#include <string.h>

#include "ast/unparse.h"
#include "check/run.h"
#include "cli.h"
#include "index/query.h"

static const char usage[] =
    "Usage: deadwood callers [OPTIONS] NAME [PATH...]\n\n"
    "Lists every call of NAME: f(...), obj.NAME(...), self.NAME(...), super().NAME(...),\n"
    "cls.NAME(...). A qualified NAME (Class.method, module.func) lists only the calls that can\n"
    "reach that definition (plus calls on receivers of unknown type, marked as such).\n"
    "For each call: where it is, the enclosing function and its lines, how it reaches NAME,\n"
    "and the conditions that hold whenever it runs (enclosing if/elif/while tests, and the\n"
    "negated tests of earlier `if ...: return/continue/break/raise` guards), as Python; a\n"
    "condition is left out once what it reads is bound again before the call, and listed\n"
    "apart when a call since may have changed it (see the man page). A call in a finally\n"
    "body runs on the normal and the exceptional path.\n\n"
    "Options:\n"
    "  --after NAME2        also say which calls of NAME2 always run before each call\n"
    "  --output-format FMT  text (default) or json\n"
    "  -h, --help           this help\n";

static const char *fname(const ModuleSummary *m, const CallSum *c, char buf[QUALNAME_MAX]) {
    if (c->func >= 0) return func_qualname(m, &m->functions[c->func], buf, QUALNAME_MAX);
    if (c->cls >= 0) return m->classes[c->cls].qualname;
    return "<module>";
}

static void json_conditions(Buf *b, const char *key, const Guard *g, int32_t n) {
    printf(", \"%s\": [", key);
    for (int32_t i = 0; i < n; i++) {
        b->len = 0;
        query_condition(b, &g[i], PREC_TEST);
        printf("%s", i ? ", " : "");
        cli_json_str(stdout, buf_cstr(b));
    }
    printf("]");
}

static int run(int argc, char **argv) {
    Query q;
    int rc = cli_query_begin(argc, argv, usage, true, &q);
    if (rc >= 0) return rc;
    rc = EXIT_CLEAN;
    const char *name = q.name;
    bool json = q.json;
    const char *after = q.after;
    const ProjectIndex *ix = q.ix;
    Target t[64];
    int nt = query_targets(ix, name, t, 64);
    if (strchr(name, '.') && nt == 0) {
        fprintf(stderr, "deadwood: no definition of %s in the tree; listing calls by name\n", name);
    }
    const char *last = strrchr(name, '.');
    last = last ? last + 1 : name;
    int count = 0;
    Buf line;
    buf_init(&line);
    if (json) printf("[");
    for (int32_t m = 0; m < ix->nmodules; m++) {
        const ModuleSummary *ms = ix->modules[m];
        for (int32_t i = 0; i < ms->ncalls; i++) {
            const CallSum *c = &ms->calls[i];
            /* by name; for a qualified NAME, f() also when f is an alias that resolves to it */
            if (strcmp(c->callee, last) != 0 && !(nt > 0 && c->kind == RECV_NAME)) continue;
            Reach how;
            if (!query_call_reaches(ix, m, c, t, nt, &how)) continue;
            const FuncSum *f = c->func >= 0 ? &ms->functions[c->func] : NULL;
            char qn[QUALNAME_MAX];
            if (json) {
                printf("%s\n  {\"filename\": ", count ? "," : "");
                cli_json_str(stdout, ms->path);
                printf(", ");
                cli_json_loc(stdout, "location", &c->loc);
                printf(", \"function\": ");
                cli_json_str(stdout, fname(ms, c, qn));
                if (f) printf(", \"function_lines\": [%d, %d]", f->line, f->end_line);
                printf(", \"reach\": ");
                cli_json_str(stdout, query_reach_name(how));
                printf(", \"receiver\": ");
                cli_json_str(stdout, c->receiver);
                json_conditions(&line, "conditions", c->guards, c->nguards);
                json_conditions(&line, "conditions_unless_changed_by_calls", c->called, c->ncalled);
                printf(", \"conditions_complete\": %s, \"in_finally\": %s",
                       c->flags & CALL_GUARDS_CUT ? "false" : "true",
                       c->flags & CALL_IN_FINALLY ? "true" : "false");
                if (after) {
                    printf(", \"after\": [");
                    for (int32_t b = 0; b < c->nbefore; b++) {
                        if (b) printf(", ");
                        cli_json_str(stdout, c->before[b]);
                    }
                    printf("]");
                }
                printf("}");
            } else {
                printf("%s:%d:%d: in %s", ms->path, c->loc.line, c->loc.col, fname(ms, c, qn));
                if (f) printf(" (%d-%d)", f->line, f->end_line);
                printf(", %s", query_reach_name(how));
                if (*c->receiver &&
                    (how == REACH_UNKNOWN || how == REACH_DIRECT || how == REACH_NAME))
                    printf(" (%s)", c->receiver); /* self, cls, super(), os.path, obj */
                putchar('\n');
                if (c->flags & CALL_IN_FINALLY)
                    printf("    in finally: runs on the normal and the exceptional path\n");
                if (c->nguards)
                    printf("    when: %s\n", query_conjunction(&line, c->guards, c->nguards));
                if (c->ncalled)
                    printf("    unless a call changed %s since: %s\n",
                           c->ncalled > 1 ? "them" : "it",
                           query_conjunction(&line, c->called, c->ncalled));
                if (c->flags & CALL_GUARDS_CUT)
                    printf("    (and more conditions, not listed: %s)\n",
                           c->nguards ? "only the nearest are" : "too long to show");
                if (after) {
                    if (c->nbefore) {
                        printf("    after: ");
                        for (int32_t b = 0; b < c->nbefore; b++)
                            printf("%s%s", b ? ", " : "", c->before[b]);
                        putchar('\n');
                    } else {
                        printf("    not always after %s\n", after);
                    }
                }
            }
            count++;
        }
    }
    if (json)
        printf("%s]\n", count ? "\n" : "");
    else
        fprintf(stderr, "%d call%s of %s.\n", count, count == 1 ? "" : "s", name);
    buf_free(&line);
    cli_query_end(&q);
    return EXIT_CLEAN;
}

const Command cmd_callers = {"callers", run,
                             "list the calls of a function or method, with their guards", usage};
