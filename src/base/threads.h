/* threads.h — running one function on n workers at once: the caller's thread is worker 0, the
 * others get stacks large enough for the parser's recursion over deeply nested code. */
#ifndef DW_THREADS_H
#define DW_THREADS_H

#include <stddef.h>

/* Calls fn(workers + i * size) for i in [0, n) concurrently and returns when all have returned.
 * A thread that cannot be started leaves its worker uncalled: fn must take its work from a
 * shared counter, so that the workers that run do it all. */
void threads_run(int n, void *(*fn)(void *), void *workers, size_t size);

#endif
