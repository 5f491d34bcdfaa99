/* threads.c — see threads.h. */
#include "threads.h"

#include <pthread.h>
#include <stdlib.h>

void threads_run(int n, void *(*fn)(void *), void *workers, size_t size) {
    char *w = workers;
    if (n < 1) n = 1;
    pthread_t *ts = calloc((size_t)n, sizeof *ts);
    pthread_attr_t attr;
    int started = 0;
    if (ts && pthread_attr_init(&attr) == 0) {
        if (pthread_attr_setstacksize(&attr, THREADS_STACK_SIZE) == 0)
            while (started < n &&
                   pthread_create(&ts[started], &attr, fn, w + (size_t)started * size) == 0)
                started++;
        pthread_attr_destroy(&attr);
    }
    if (started == 0) fn(w); /* no thread at all: the work still gets done, on this stack */
    for (int i = 0; i < started; i++) pthread_join(ts[i], NULL);
    free(ts);
}
