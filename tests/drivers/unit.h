/* unit.h — the smallest test harness: CHECK records a pass or prints a FAIL line; unit_finish()
 * prints the RESULT line tests/run.py reads and returns the exit status. */
#ifndef DW_UNIT_H
#define DW_UNIT_H

#include <stdio.h>

static int unit_passed, unit_failed;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (cond) {                                                                                \
            unit_passed++;                                                                         \
        } else {                                                                                   \
            unit_failed++;                                                                         \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

static inline int unit_finish(void) {
    printf("RESULT %d %d 0\n", unit_passed, unit_failed);
    return unit_failed ? 1 : 0;
}

#endif
