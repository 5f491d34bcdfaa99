/* cmd_overrides.c — `deadwood overrides NAME [PATH...]`: every class defining method NAME, what
 * each definition overrides, and every class that inherits one of them unchanged. */
#include <stdlib.h>
#include <string.h>

#include "check/run.h"
#include "cli.h"
#include "index/query.h"

static const char usage[] =
    "Usage: deadwood overrides [OPTIONS] NAME [PATH...]\n\n"
    "Every class in the tree defining method NAME (Class.NAME restricts to that class's\n"
    "hierarchy), which definition each one overrides, and every class that inherits one of\n"
    "them unchanged, with the definition it gets.\n\n"
    "Options:\n"
    "  --output-format FMT  text (default) or json\n"
    "  -h, --help           this help\n";

static const char *file_of(const char *path) {
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static void print_def(const ProjectIndex *ix, ClassRef c, int32_t fn, bool json) {
    const ModuleSummary *m = ix->modules[c.module];
    const FuncSum *f = &m->functions[fn];
    char q[QUALNAME_MAX];
    func_qualname(m, f, q, sizeof q);
    if (json) {
        printf("{\"qualname\": ");
        cli_json_str(stdout, q);
        printf(", \"filename\": ");
        cli_json_str(stdout, m->path);
        printf(", \"line\": %d}", f->line);
    } else {
        printf("%s (%s:%d)", q, file_of(m->path), f->line);
    }
}

/* In the hierarchy of `root` (its ancestors and descendants), or root is NULL. */
static bool related(const ProjectIndex *ix, ClassRef c, const ClassRef *root) {
    return !root || index_derives(ix, c, *root) || index_derives(ix, *root, c);
}

static int run(int argc, char **argv) {
    Query q;
    int rc = cli_query_begin(argc, argv, usage, false, &q);
    if (rc >= 0) return rc;
    rc = EXIT_CLEAN;
    const char *name = q.name;
    bool json = q.json;
    const ProjectIndex *ix = q.ix;
    const char *meth = strrchr(name, '.');
    ClassRef root, *rootp = NULL;
    if (meth) {
        char cls[1024];
        snprintf(cls, sizeof cls, "%.*s", (int)(meth - name), name);
        if (query_classes(ix, cls, &root, 1) == 1)
            rootp = &root;
        else
            fprintf(stderr, "deadwood: no class %s in the tree\n", cls);
        meth++;
    } else {
        meth = name;
    }
    int ndef = 0, ninh = 0;
    if (json)
        printf("{\"method\": \"%s\", \"definitions\": [", meth);
    else
        printf("definitions of %s:\n", meth);
    for (int32_t m = 0; m < ix->nmodules; m++)
        for (int32_t c = 0; c < ix->modules[m]->nclasses; c++) {
            ClassRef cr = {m, c};
            int32_t fn = index_class_method(ix, cr, meth);
            if (fn < 0 || !related(ix, cr, rootp)) continue;
            ClassRef owner;
            int32_t bf;
            bool unc;
            bool over = index_lookup_method(ix, cr, meth, 1, &owner, &bf, &unc);
            if (json) {
                printf("%s\n  {\"definition\": ", ndef ? "," : "");
                print_def(ix, cr, fn, true);
                printf(", \"overrides\": ");
                if (over)
                    print_def(ix, owner, bf, true);
                else
                    printf("null");
                printf(", \"base_outside_tree\": %s}", unc ? "true" : "false");
            } else {
                printf("  %s:%d: ", ix->modules[m]->path, ix->modules[m]->functions[fn].line);
                print_def(ix, cr, fn, false);
                if (over) {
                    printf("\n      overrides ");
                    print_def(ix, owner, bf, false);
                    if (unc) printf(" (a base outside the tree comes first: it may override that)");
                } else if (unc && cli_no_mro_text(index_class_info(ix, cr)->mro_why)) {
                    printf("\n      overrides nothing known: no MRO, %s",
                           cli_no_mro_text(index_class_info(ix, cr)->mro_why));
                } else if (unc) {
                    printf("\n      may override a method of a base class outside the tree");
                } else {
                    printf("\n      overrides nothing in the tree");
                }
                putchar('\n');
            }
            ndef++;
        }
    if (json)
        printf("%s], \"inherited\": [", ndef ? "\n" : "");
    else
        printf("inherited unchanged by:\n");
    for (int32_t m = 0; m < ix->nmodules; m++)
        for (int32_t c = 0; c < ix->modules[m]->nclasses; c++) {
            ClassRef cr = {m, c};
            if (index_class_method(ix, cr, meth) >= 0 || !related(ix, cr, rootp)) continue;
            ClassRef owner;
            int32_t bf;
            bool unc;
            if (!index_lookup_method(ix, cr, meth, 0, &owner, &bf, &unc)) continue;
            const ClassSum *cs = &ix->modules[m]->classes[c];
            if (json) {
                printf("%s\n  {\"class\": ", ninh ? "," : "");
                cli_json_str(stdout, cs->qualname);
                printf(", \"filename\": ");
                cli_json_str(stdout, ix->modules[m]->path);
                printf(", \"line\": %d, \"gets\": ", cs->line);
                print_def(ix, owner, bf, true);
                printf(", \"base_outside_tree\": %s}", unc ? "true" : "false");
            } else {
                printf("  %s:%d: %s gets ", ix->modules[m]->path, cs->line, cs->qualname);
                print_def(ix, owner, bf, false);
                if (unc) printf(" (unless a base outside the tree defines it)");
                putchar('\n');
            }
            ninh++;
        }
    if (json)
        printf("%s]}\n", ninh ? "\n" : "");
    else if (!ninh)
        printf("  (none)\n");
    cli_query_end(&q);
    return EXIT_CLEAN;
}

const Command cmd_overrides = {"overrides", run,
                               "list the definitions of a method, what they override and who "
                               "inherits them",
                               usage};
