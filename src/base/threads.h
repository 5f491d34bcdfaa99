/* threads.h — running one function on n workers at once, each on a thread of its own with a
 * stack large enough for the parser's and the rules' recursion over deeply nested code. */
#ifndef DW_THREADS_H
#define DW_THREADS_H

#include <stddef.h>

/* The stack every worker gets: the same for all of them (worker 0 included: the calling thread's
 * stack, 8 MB by default, would make a deep input crash in one worker and pass in the others). */
#define THREADS_STACK_SIZE ((size_t)256 << 20)

/* Calls fn(workers + i * size) for i in [0, n) concurrently, each on a new thread with a
 * THREADS_STACK_SIZE stack, and returns when all have returned. A thread that cannot be started
 * leaves its worker uncalled: fn must take its work from a shared counter, so that the workers
 * that run do it all. Only when no thread at all can be started does worker 0 run on the calling
 * thread. */
void threads_run(int n, void *(*fn)(void *), void *workers, size_t size);

#endif
