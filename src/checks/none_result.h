/* none_result.h — what DW203 (none_result_dereference.c) gathers from each file during the walk
 * (none_result_collect.c): the calls whose result is dereferenced. */
#ifndef DW_NONE_RESULT_H
#define DW_NONE_RESULT_H

#include "index/collect.h"

/* A call the index may resolve, whose result is dereferenced: directly (`f().y`, `f()[0]`,
 * `f()()`, `for _ in f()`, `*f()`) or through a name (`x = f(); x.y`, on every path). */
typedef struct DerefCall {
    CallRef call; /* its local is LOCAL_UNCHECKED unless the file could not be read again */
    uint8_t how;  /* the EVF_* flags of the dereference */
    SumLoc at;    /* the dereference */
} DerefCall;

typedef struct DerefFacts {
    const DerefCall *calls;
    int32_t n;
} DerefFacts;

extern const Collector none_result_collector;

#endif
