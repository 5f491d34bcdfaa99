/* leaves.h — whether a statement can complete normally, read off the AST: the analysis behind
 * DW105 (the code after a statement that never completes never runs) and DW204 (a function whose
 * body can complete falls off its end, returning None).
 *
 * A statement leaves when no path through it goes on to the next statement: `return`, `raise`,
 * `break`, `continue`; a call of `sys.exit`, `os._exit` or `os.abort`; an `if` with an `else`
 * every arm of which leaves (not one whose test is a constant or TYPE_CHECKING: what runs there
 * differs between environments, or is switched off on purpose); a `match` whose last case
 * catches everything, every case of which leaves; `while True:` with no `break` of its own; a
 * `for`/`while` with no `break` whose `else` leaves; a `try` whose body (or `else`) and every
 * handler leave, or whose `finally` leaves; a `with` whose body leaves by `return`, `break` or
 * `continue` (a context manager may swallow an exception, so not by raising), when every context
 * manager of it is known to let exceptions through (a file, a lock, a mock patch, …, or one the
 * module defines: a `@contextmanager` generator that never catches at its `yield`, a class whose
 * `__exit__` returns nothing true); any other may swallow what the body's statements raise
 * before it leaves.
 *
 * A call statement may also leave: a call of a function that can only raise or exit, which only
 * the whole tree knows. The caller says which calls could be such (Leaves.maybe_never): a
 * statement list after one is unreachable only if the call never returns, and a statement that
 * ends in such calls on every path leaves only if all of them never return (Exit.calls). Inside
 * a `try` with handlers, or a `with` that suppresses exceptions, calls are not counted: the
 * exception may be caught there. Code that does not compile (`return` outside a function,
 * `break` or `continue` outside a loop) is taken to go on. Each statement is looked at once (no
 * analysis of one statement repeats over its nested statements), and nesting is as deep as the
 * parser allows.
 */
#ifndef DW_LEAVES_H
#define DW_LEAVES_H

#include <stdbool.h>

#include "ast/ast.h"

enum {
    LEAVE_RETURN = 1,
    LEAVE_RAISE = 2, /* raise, or sys.exit() and friends */
    LEAVE_BREAK = 4,
    LEAVE_CONTINUE = 8,
    LEAVE_LOOP = 16, /* `while True:` with no break */
};

enum { LEAVE_MAX_CALLS = 4 };

/* How a statement (or a list of them) ends. */
typedef struct Exit {
    uint8_t how;     /* LEAVE_* flags: the ways it leaves, when it always does; 0: it may go on */
    uint8_t ways;    /* the ways it may leave: how's, and when it leaves only if calls never
                        return, its other arms' (LEAVE_RAISE for the calls) */
    const Node *why; /* the statement that leaves (the `return`, the `if` all of whose arms do) */
    /* how == 0 and ncalls > 0: it leaves unless one of these calls returns */
    int32_t ncalls;
    const Node *calls[LEAVE_MAX_CALLS];
} Exit;

typedef struct Leaves {
    /* optional: whether this call of sys.exit, os._exit or os.abort (leaves_exit_call) goes to
     * the module's function (`sys` is no local variable); NULL: taken as so */
    bool (*exits)(void *ud, const Node *call);
    /* optional: whether the call of this expression statement could be one that never returns
     * (a function of the tree) */
    bool (*maybe_never)(void *ud, const Node *call);
    /* optional: statements l[at..] can never run: the statement before them leaves (e->how),
     * or it does if calls e->calls never return (e->how == 0) */
    void (*unreachable)(void *ud, const NodeList *l, int32_t at, const Exit *e);
    void *ud;
    bool function; /* the statements are a function's (else `return` does not compile there) */
    bool catching; /* (inside a try with handlers, or a `with` that suppresses exceptions) */
    bool returns;  /* set when a `return` is met (one no earlier statement always skips) */
    int loops;     /* (loops the statement is in: outside one, `break` does not compile) */
    /* optional: the def or class of the module that the call NAME(...) of a `with` statement
     * makes its context manager from, when the module binds NAME once, by that def or class, and
     * the code the call is in does not bind it; else NULL (then the context manager is unknown) */
    const Node *(*cm_def)(void *ud, const Node *call);
} Leaves;

/* How a statement list ends; reports its unreachable tails, and those of every statement list
 * nested in it (not in nested functions or classes), to lv->unreachable. */
Exit leaves_list(Leaves *lv, const NodeList *l);

/* Whether e is `sys.exit(...)`, `os._exit(...)` or `os.abort()`. */
bool leaves_exit_call(const Node *e);

#endif
