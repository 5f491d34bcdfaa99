/* unit_threads.c — unit tests of src/base/threads.c: every worker, worker 0 included, runs on a
 * thread of its own with the same THREADS_STACK_SIZE stack (issue 22: worker 0 ran on the main
 * thread's 8 MB stack while the others had 256 MB, so a deep input crashed only in worker 0), and
 * every worker is called once. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../../src/base/threads.h"
#include "unit.h"

typedef struct Probe {
    size_t stack; /* the stack size of the thread it ran on */
    bool main;    /* it ran on the test's main thread */
    int calls;
} Probe;

static pthread_t main_thread;

static void *probe(void *arg) {
    Probe *p = arg;
    pthread_attr_t attr;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        pthread_attr_getstacksize(&attr, &size);
        pthread_attr_destroy(&attr);
    }
    p->stack = size;
    p->main = pthread_equal(pthread_self(), main_thread);
    p->calls++;
    return NULL;
}

/* Recurses `depth` frames of about 1 KiB each: more than the main thread's 8 MB at 20,000. */
static int deep(int depth) {
    volatile char pad[1024];
    pad[0] = (char)depth;
    if (depth == 0) return pad[0];
    return deep(depth - 1) + pad[0];
}

static void *go_deep(void *arg) {
    *(int *)arg = deep(*(int *)arg) + 1;
    return NULL;
}

int main(void) {
    main_thread = pthread_self();
    for (int n = 1; n <= 4; n++) {
        Probe ps[4];
        memset(ps, 0, sizeof ps);
        threads_run(n, probe, ps, sizeof *ps);
        for (int i = 0; i < n; i++) {
            CHECK(ps[i].calls == 1, "n=%d worker %d called %d times", n, i, ps[i].calls);
            CHECK(!ps[i].main, "n=%d worker %d ran on the main thread", n, i);
            CHECK(ps[i].stack >= THREADS_STACK_SIZE, "n=%d worker %d: stack %zu, want %zu", n, i,
                  ps[i].stack, THREADS_STACK_SIZE);
            CHECK(ps[i].stack == ps[0].stack, "n=%d worker %d: stack %zu, worker 0's %zu", n, i,
                  ps[i].stack, ps[0].stack);
        }
    }
    /* 64 MB of frames in worker 0 of 1 and of 2: it has the large stack too */
    for (int n = 1; n <= 2; n++) {
        int depths[2] = {64 * 1024, 10};
        threads_run(n, go_deep, depths, sizeof *depths);
        CHECK(depths[0] != 64 * 1024, "n=%d: worker 0 did not run", n);
    }
    return unit_finish();
}
