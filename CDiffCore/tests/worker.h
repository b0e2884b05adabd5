/* A cdiff_runner for the tests, the fuzzer and the benchmark: one persistent pthread worker (what
 * a C program with its own thread pool would hand the context), plus runners that run the tasks
 * one after the other in either order (every interleaving a two-thread run could produce is
 * between those two for the pass outcome's purposes, and they are reproducible). */
#ifndef CDIFF_TEST_WORKER_H
#define CDIFF_TEST_WORKER_H

#include "CDiffCore.h"

typedef struct worker worker;

/* A started worker, or NULL when a thread could not be made. */
worker *worker_start(void);
/* Stops and joins the worker. NULL is harmless. */
void worker_stop(worker *w);
/* The runner: task 0 on the calling thread, the others on the worker; user_data is the worker. */
void worker_run(void *user_data, size_t count, cdiff_task task, void *argument);
/* How many times worker_run handed a task to the worker thread. */
unsigned long worker_handoffs(const worker *w);

/* Runners on the calling thread alone: ascending, and descending task order. user_data unused. */
void run_in_order(void *user_data, size_t count, cdiff_task task, void *argument);
void run_in_reverse(void *user_data, size_t count, cdiff_task task, void *argument);

#endif
