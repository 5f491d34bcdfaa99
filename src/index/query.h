/* query.h — the questions reviewers ask of a whole tree, answered from the index as data (the
 * CLI prints them): who calls a function or method and under which conditions; which classes
 * define, override and inherit a method; a class's MRO and where each of its methods comes from.
 */
#ifndef DW_QUERY_H
#define DW_QUERY_H

#include "index/index.h"

/* A function or method the user named. */
typedef struct Target {
    int32_t module, func; /* the definition */
    int32_t cls;          /* its class in that module, -1 for a module-level function */
} Target;

/* The definitions a NAME denotes: "f" (none: any call named f matches), "Class.method",
 * "module.func", "pkg.module.Class.method". Returns how many were found (up to max). */
int query_targets(const ProjectIndex *ix, const char *name, Target *out, int max);

typedef enum Reach {
    REACH_DIRECT,    /* resolved by name: f(), module.f(), Class.m() */
    REACH_SELF,      /* self./cls. call in the target's class or a subclass that keeps it */
    REACH_INHERITED, /* self./cls. call in a base class, reaching the target for instances of
                        the target's class */
    REACH_SUPER,     /* super().m() resolving to the target */
    REACH_UNKNOWN,   /* obj.m() on a receiver of unknown type */
    REACH_NAME,      /* (unqualified query) any call with that name */
} Reach;

const char *query_reach_name(Reach r);

/* Whether a call can reach one of the targets; *how says why. */
bool query_call_reaches(const ProjectIndex *ix, int32_t m, const CallSum *c, const Target *t,
                        int nt, Reach *how);

/* A condition of a call (CallSum.guards), parenthesized where its place needs it (`place`:
 * PREC_TEST alone, PREC_NOT joined by `and`), so that it reads as Python reads it. */
void query_condition(Buf *b, const Guard *g, int place);
/* Conditions joined by `and`, in b (emptied first); returns its text. */
const char *query_conjunction(Buf *b, const Guard *g, int32_t n);

/* The class whose qualified name (or dotted path module.Class) is `name`; up to max. */
int query_classes(const ProjectIndex *ix, const char *name, ClassRef *out, int max);

#endif
