#define _POSIX_C_SOURCE 200809L
#include "worker.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

struct worker {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    cdiff_task task; /* the task handed over, NULL when none is pending */
    void *argument;
    size_t first, end; /* the indices the worker runs */
    bool busy, stopping;
    unsigned long handoffs;
};

static void *worker_main(void *opaque) {
    worker *w = opaque;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (!w->busy && !w->stopping) pthread_cond_wait(&w->wake, &w->lock);
        if (!w->busy) break;
        cdiff_task task = w->task;
        void *argument = w->argument;
        size_t first = w->first, end = w->end;
        pthread_mutex_unlock(&w->lock);
        for (size_t k = first; k < end; k++) task(argument, k);
        pthread_mutex_lock(&w->lock);
        w->busy = false;
        pthread_cond_signal(&w->done);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

worker *worker_start(void) {
    worker *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->wake, NULL);
    pthread_cond_init(&w->done, NULL);
    if (pthread_create(&w->thread, NULL, worker_main, w) != 0) {
        pthread_cond_destroy(&w->done);
        pthread_cond_destroy(&w->wake);
        pthread_mutex_destroy(&w->lock);
        free(w);
        return NULL;
    }
    return w;
}

void worker_stop(worker *w) {
    if (!w) return;
    pthread_mutex_lock(&w->lock);
    w->stopping = true;
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    pthread_cond_destroy(&w->done);
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->lock);
    free(w);
}

void worker_run(void *user_data, size_t count, cdiff_task task, void *argument) {
    worker *w = user_data;
    if (count == 0) return;
    if (count > 1) {
        pthread_mutex_lock(&w->lock);
        w->task = task;
        w->argument = argument;
        w->first = 1;
        w->end = count;
        w->busy = true;
        w->handoffs++;
        pthread_cond_signal(&w->wake);
        pthread_mutex_unlock(&w->lock);
    }
    task(argument, 0);
    if (count > 1) {
        pthread_mutex_lock(&w->lock);
        while (w->busy) pthread_cond_wait(&w->done, &w->lock);
        pthread_mutex_unlock(&w->lock);
    }
}

unsigned long worker_handoffs(const worker *w) { return w->handoffs; }

void run_in_order(void *user_data, size_t count, cdiff_task task, void *argument) {
    (void)user_data;
    for (size_t k = 0; k < count; k++) task(argument, k);
}

void run_in_reverse(void *user_data, size_t count, cdiff_task task, void *argument) {
    (void)user_data;
    for (size_t k = count; k-- > 0;) task(argument, k);
}
