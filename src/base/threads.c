/* threads.c — see threads.h. */
#include "threads.h"

#include <pthread.h>
#include <stdlib.h>

void threads_run(int n, void *(*fn)(void *), void *workers, size_t size) {
    char *w = workers;
    pthread_t *ts = n > 1 ? calloc((size_t)n, sizeof *ts) : NULL;
    int started = 0;
    if (ts) {
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setstacksize(&attr, 256u << 20); /* deeply nested code recurses deeply */
        for (int i = 1; i < n; i++) {
            if (pthread_create(&ts[i], &attr, fn, w + (size_t)i * size) != 0) break;
            started = i;
        }
        pthread_attr_destroy(&attr);
    }
    fn(w);
    for (int i = 1; i <= started; i++) pthread_join(ts[i], NULL);
    free(ts);
}
