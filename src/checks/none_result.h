/* none_result.h — what DW203 (none_result_dereference.c) and DW204 (none_check_deviation.c)
 * gather from each file during the walk (none_result_collect.c): the calls whose result is
 * dereferenced or tested for None, and the functions' returns of None; and how both rules
 * resolve such a call. */
#ifndef DW_NONE_RESULT_H
#define DW_NONE_RESULT_H

#include "index/collect.h"

/* How a call site uses the result (DerefCall.use). */
enum {
    SITE_DEREF = 0,   /* dereferenced with no test first */
    SITE_IS_NONE = 1, /* tested first: `is None`, `is not None`, `== None`, `!= None` */
    SITE_TRUTH = 2,   /* tested for truth first: `if x:`, `not x`, `x or y`, `assert x` */
    SITE_GUARDED = 4, /* (a dereference) inside an `if`, `while`, conditional expression or
                         `and`/`or` whose test names the callee or one of the arguments; or of
                         a call whose arguments are all constants, or that passes a literal
                         after its first argument (a default, a mode) */
};
static inline bool site_derefs(uint8_t use) {
    return (use & ~SITE_GUARDED) == SITE_DEREF;
}

/* A call the index may resolve, whose result is dereferenced: directly (`f().y`, `f()[0]`,
 * `f()()`, `for _ in f()`, `*f()`) or through a name (`x = f(); x.y`, on every path); or tested
 * for None or for truth before any other use (`if f() is None`, `x = f(); if not x: ...`,
 * `if (x := f()):`). */
typedef struct DerefCall {
    CallRef call; /* its local is LOCAL_UNCHECKED unless the file could not be read again */
    uint8_t how;  /* the EVF_* flags of the dereference */
    uint8_t use;  /* SITE_* */
    SumLoc at;    /* the dereference, or the test */
} DerefCall;

/* A way function `fn` of the file can return None: the first `return` that gives None (bare,
 * `return None`, `return d.get(k)`, `return getattr(o, n, None)`, a conditional expression with
 * a None arm), or the end of its body, which it can reach (text NULL; line: its last line). */
typedef struct NoneReturn {
    int32_t fn, line;
    const char *text;
} NoneReturn;

typedef struct DerefFacts {
    const DerefCall *calls;
    int32_t n;
    const NoneReturn *returns; /* by fn, ascending */
    int32_t nreturns;
} DerefFacts;

/* DW203's: the dereferences (use SITE_DEREF), no returns. DW204's: the dereferences with their
 * guards, the tests and the returns of None. */
extern const Collector none_result_collector, none_check_collector;

/* The function call c in module m resolves to (its module in *where), or NULL. With `below`
 * (DW203's record of the subclasses' methods, made on the first need: a zeroed NoneBelow), a
 * `self.m()` that returns only None and that a subclass overrides resolves to nothing. */
typedef struct NoneBelow NoneBelow;
const FuncSum *none_result_resolve(const ProjectIndex *ix, NoneBelow *below, int32_t m,
                                   const CallRef *c, int32_t *where);
/* Whether the name the call was resolved through (f in f(), a in a.b.m()) is, where the call
 * is, a local name rather than the module's (the function is read again when not known). */
bool none_result_shadowed(const ProjectIndex *ix, ReadAgain *ra, int32_t m, const CallRef *c);

#endif
