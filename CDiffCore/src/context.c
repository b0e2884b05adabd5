/* Contexts, their grow-only buffers and their matching secret. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* getrandom */
#endif
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__)
#define CDIFF_HAVE_ARC4RANDOM 1
#elif defined(__linux__) && defined(__has_include)
#if __has_include(<sys/random.h>)
#include <sys/random.h>
#define CDIFF_HAVE_GETRANDOM 1
#endif
#endif
#if !defined(__STDC_NO_ATOMICS__)
#include <stdatomic.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* A fresh buffer costs a page fault per 4 KB the first time it is written: at a million elements
 * that is 15,000 faults, as much time as the diff itself, paid by the first diff of every new
 * size. Where the kernel offers transparent huge pages on request, buffers of 2 MB and more
 * start on a 2 MB boundary and ask for them, so that first diff faults 2 MB at a time. A buffer
 * is rounded up to whole huge pages only when that adds at most an eighth (a huge page is
 * resident as a whole); otherwise its tail keeps small pages. */
#define HUGE_PAGE ((size_t)2 << 20)

static void *default_allocate(void *opaque, size_t size) {
    (void)opaque;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (size >= HUGE_PAGE && size <= SIZE_MAX - HUGE_PAGE) {
        size_t rounded = (size + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
        size_t advised = rounded - size <= size / 8 ? rounded : size & ~(HUGE_PAGE - 1);
        void *pointer = NULL;
        if (posix_memalign(&pointer, HUGE_PAGE, advised > size ? advised : size) != 0) return NULL;
        (void)madvise(pointer, advised, MADV_HUGEPAGE); /* advice only: failure is harmless */
        return pointer;
    }
#endif
    return malloc(size);
}

static void default_deallocate(void *opaque, void *pointer) {
    (void)opaque;
    free(pointer);
}

cdiff_context *cdiff_context_create(void) { return cdiff_context_create_with_allocator(NULL); }

/* SplitMix64's finalizer: a bijection that spreads every input bit over the output. */
static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

cdiff_match_keys cdiff_match_keys_from_seed(uint64_t seed) {
    cdiff_match_keys keys;
    keys.flip = mix64(seed);
    keys.multiplier = mix64(seed + UINT64_C(0x9E3779B97F4A7C15)) | 1;
    return keys;
}

void cdiff_context_set_match_seed(cdiff_context *context, uint64_t seed) { context->keys = cdiff_match_keys_from_seed(seed); }

/* A seed nobody outside the process can predict, so inputs cannot be built to collide in the
 * matcher's table (as hash tables seed per process against flooding). The system's random source
 * where there is one; the context's address, a process-wide counter and the clock always, so that
 * two contexts differ even where the random source fails. Results never depend on it. */
static uint64_t fresh_seed(const cdiff_context *context) {
    uint64_t entropy = 0;
#if defined(CDIFF_HAVE_ARC4RANDOM)
    arc4random_buf(&entropy, sizeof entropy);
#elif defined(CDIFF_HAVE_GETRANDOM)
    if (getrandom(&entropy, sizeof entropy, GRND_NONBLOCK) != (ssize_t)sizeof entropy) entropy = 0;
#endif
#if !defined(__STDC_NO_ATOMICS__)
    static atomic_uint_fast64_t counter;
    uint64_t serial = (uint64_t)atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
#else
    static uint64_t counter; /* a race here only makes two seeds less distinct */
    uint64_t serial = counter++;
#endif
    uint64_t clock_bits = (uint64_t)time(NULL);
    struct timespec now;
    if (timespec_get(&now, TIME_UTC) == TIME_UTC) clock_bits = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
    return mix64(entropy ^ mix64((uint64_t)(uintptr_t)context ^ mix64(serial ^ mix64(clock_bits))));
}

cdiff_context *cdiff_context_create_with_allocator(const cdiff_allocator *allocator) {
    cdiff_allocator chosen = {default_allocate, default_deallocate, NULL};
    if (allocator != NULL) {
        if (allocator->allocate == NULL || allocator->deallocate == NULL) return NULL;
        chosen = *allocator;
    }
    cdiff_context *context = chosen.allocate(chosen.opaque, sizeof *context);
    if (context == NULL) return NULL;
    memset(context, 0, sizeof *context);
    context->allocator = chosen;
    context->keys = cdiff_match_keys_from_seed(fresh_seed(context));
    return context;
}

static void release_buffers(cdiff_context *context) {
    for (int i = 0; i < BUF_COUNT; i++) {
        context->allocator.deallocate(context->allocator.opaque, context->buffers[i].data);
        context->buffers[i].data = NULL;
        context->buffers[i].capacity = 0;
    }
    context->result_kind = RESULT_NONE;
    context->patch_valid = false;
}

void cdiff_context_free(cdiff_context *context) {
    if (context == NULL) return;
    release_buffers(context);
    cdiff_allocator allocator = context->allocator;
    allocator.deallocate(allocator.opaque, context);
}

void cdiff_context_reset(cdiff_context *context) {
    if (context != NULL) release_buffers(context);
}

size_t cdiff_context_memory(const cdiff_context *context) {
    if (context == NULL) return 0;
    size_t total = 0;
    for (int i = 0; i < BUF_COUNT; i++) total += context->buffers[i].capacity;
    return total;
}

void *cdiff_reserve(cdiff_context *context, enum cdiff_buffer_id id, size_t bytes) {
    cdiff_buffer *buffer = &context->buffers[id];
    if (bytes == 0) bytes = 1; /* a valid pointer even for empty results */
    if (buffer->capacity >= bytes) return buffer->data;
    context->allocator.deallocate(context->allocator.opaque, buffer->data);
    buffer->data = context->allocator.allocate(context->allocator.opaque, bytes);
    buffer->capacity = buffer->data ? bytes : 0;
    return buffer->data;
}
