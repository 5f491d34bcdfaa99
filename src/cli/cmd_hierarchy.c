/* cmd_hierarchy.c — `deadwood hierarchy CLASS [PATH...]`: a class's MRO, and for each method it
 * has whether it defines it or inherits it, and from where. */
#include <stdlib.h>
#include <string.h>

#include "check/run.h"
#include "cli.h"
#include "index/query.h"

static const char usage[] =
    "Usage: deadwood hierarchy [OPTIONS] CLASS [PATH...]\n\n"
    "The class's method resolution order (C3, as Python computes it; bases outside the tree\n"
    "are named but not followed), and for every method it has: defined here, or inherited\n"
    "from which class.\n\n"
    "Options:\n"
    "  --output-format FMT  text (default) or json\n"
    "  -h, --help           this help\n";

/* Entry i of an MRO as shown: its qualified name, with its module when another entry has the
 * same (`class Plugin(Plugin)` deriving from an imported Plugin). */
static const char *entry_name(const ProjectIndex *ix, const ClassRef *order, int no, int i,
                              char *buf, size_t size) {
    const char *q = index_class(ix, order[i])->qualname;
    for (int j = 0; j < no; j++)
        if (j != i && strcmp(index_class(ix, order[j])->qualname, q) == 0) {
            snprintf(buf, size, "%s.%s", ix->modules[order[i].module]->module, q);
            return buf;
        }
    return q;
}

static int run(int argc, char **argv) {
    Query q;
    int rc = cli_query_begin(argc, argv, usage, false, &q);
    if (rc >= 0) return rc;
    rc = EXIT_CLEAN;
    const char *name = q.name;
    bool json = q.json;
    const ProjectIndex *ix = q.ix;
    ClassRef cls[16];
    int n = query_classes(ix, name, cls, 16);
    if (n == 0) {
        fprintf(stderr, "deadwood: no class %s in the tree\n", name);
        rc = EXIT_FINDINGS;
    }
    if (json) printf("[");
    for (int k = 0; k < n; k++) {
        ClassRef c = cls[k];
        const ModuleSummary *ms = ix->modules[c.module];
        const ClassSum *cs = &ms->classes[c.cls];
        const ClassInfo *ci = index_class_info(ix, c);
        char buf[1024];
        /* the order: the MRO when complete, else depth-first over resolved bases */
        ClassRef *order = malloc(sizeof *order * MRO_MAX);
        if (!order) {
            fprintf(stderr, "deadwood: out of memory\n");
            rc = EXIT_USAGE;
            break;
        }
        int no = 0;
        if (ci->mro_complete) {
            ClassRef x;
            for (MroIter it = mro_begin(ix, c); no < MRO_MAX && mro_next(&it, &x);) order[no++] = x;
        } else {
            ClassRef *stack = malloc(sizeof *stack * MRO_MAX);
            int sp = 0;
            if (stack) stack[sp++] = c;
            while (sp && no < MRO_MAX) {
                ClassRef x = stack[--sp];
                bool seen = false;
                for (int i = 0; i < no && !seen; i++) seen = class_same(order[i], x);
                if (seen) continue;
                order[no++] = x;
                const ClassInfo *xi = index_class_info(ix, x);
                for (int32_t i = xi->nbases - 1; i >= 0 && sp < MRO_MAX; i--)
                    if (xi->bases[i].module >= 0) stack[sp++] = xi->bases[i];
            }
            free(stack);
        }
        if (json) {
            printf("%s\n  {\"class\": ", k ? "," : "");
            cli_json_str(stdout, cs->qualname);
            printf(", \"filename\": ");
            cli_json_str(stdout, ms->path);
            printf(", \"line\": %d, \"mro_complete\": %s, \"no_mro\": ", cs->line,
                   ci->mro_complete ? "true" : "false");
            if (cli_no_mro_code(ci->mro_why))
                cli_json_str(stdout, cli_no_mro_code(ci->mro_why));
            else
                printf("null");
            printf(", \"mro\": [");
            for (int i = 0; i < no; i++) {
                if (i) printf(", ");
                cli_json_str(stdout, entry_name(ix, order, no, i, buf, sizeof buf));
            }
            printf("], \"external_bases\": [");
        } else {
            printf("%s (%s:%d)\nMRO: ", cs->qualname, ms->path, cs->line);
            for (int i = 0; i < no; i++)
                printf("%s%s", i ? " -> " : "", entry_name(ix, order, no, i, buf, sizeof buf));
            printf("%s\n", ci->mro_complete ? " -> object" : "");
            if (cli_no_mro_text(ci->mro_why)) printf("no MRO: %s\n", cli_no_mro_text(ci->mro_why));
            for (int32_t b = 0; b < ci->nbases; b++)
                if (ci->bases[b].module == -2)
                    printf("base in the cycle: %s\n", cs->bases[ci->bases[b].cls]);
        }
        /* bases outside the tree */
        int next = 0;
        for (int i = 0; i < no; i++) {
            const ClassInfo *xi = index_class_info(ix, order[i]);
            const ClassSum *xs = index_class(ix, order[i]);
            for (int32_t b = 0; b < xi->nbases; b++) {
                if (xi->bases[b].module != -1) continue; /* (-2: listed below) */
                const char *bn = xs->bases[xi->bases[b].cls];
                if (json) {
                    printf("%s", next ? ", " : "");
                    cli_json_str(stdout, *bn ? bn : "?");
                } else {
                    printf("%s%s", next ? ", " : "bases outside the tree: ", *bn ? bn : "?");
                }
                next++;
            }
        }
        if (json)
            printf("], \"methods\": [");
        else
            printf("%smethods:\n", next ? "\n" : "");
        /* methods: first definition along the order wins */
        int nm = 0;
        for (int i = 0; i < no; i++) {
            const ModuleSummary *xm = ix->modules[order[i].module];
            const ClassSum *xs = index_class(ix, order[i]);
            for (int32_t j = 0; j < xs->nmethods; j++) {
                const FuncSum *f = &xm->functions[xs->methods[j]];
                if (index_class_method(ix, order[i], f->name) != xs->methods[j]) continue;
                bool shadowed = false;
                for (int p = 0; p < i && !shadowed; p++)
                    shadowed = index_class_method(ix, order[p], f->name) >= 0;
                if (shadowed) continue;
                /* past a base outside the tree, that base may define it first */
                ClassRef owner;
                int32_t fn;
                bool unc = false;
                if (i && !index_lookup_method(ix, c, f->name, 0, &owner, &fn, &unc)) unc = true;
                if (json) {
                    printf("%s\n    {\"name\": ", nm ? "," : "");
                    cli_json_str(stdout, f->name);
                    printf(", \"defined_in\": ");
                    cli_json_str(stdout, xs->qualname);
                    printf(", \"filename\": ");
                    cli_json_str(stdout, xm->path);
                    printf(", \"line\": %d, \"inherited\": %s, \"base_outside_tree\": %s}", f->line,
                           i ? "true" : "false", unc ? "true" : "false");
                } else if (i == 0) {
                    printf("  %-32s defined here (line %d)\n", f->name, f->line);
                } else {
                    printf("  %-32s inherited from %s (%s:%d)%s\n", f->name, xs->qualname, xm->path,
                           f->line, unc ? " (unless a base outside the tree defines it)" : "");
                }
                nm++;
            }
        }
        if (json) printf("%s]}", nm ? "\n  " : "");
        free(order);
    }
    if (json) printf("%s]\n", n ? "\n" : "");
    cli_query_end(&q);
    return rc;
}

const Command cmd_hierarchy = {"hierarchy", run,
                               "show a class's MRO and where its methods come from", usage};
