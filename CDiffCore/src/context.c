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

static void *default_allocate(void *opaque, size_t size) {
    (void)opaque;
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

void cdiff_context_redraw_match_keys(cdiff_context *context) {
    context->keys = cdiff_match_keys_from_seed(fresh_seed(context));
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
    context->parallel_min = CDIFF_PARALLEL_MIN_ELEMENTS;
    cdiff_context_redraw_match_keys(context);
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

void cdiff_context_set_runner(cdiff_context *context, cdiff_runner runner, void *user_data, size_t min_elements) {
    if (context == NULL) return;
    context->runner = runner;
    context->runner_data = runner != NULL ? user_data : NULL;
    context->parallel_min = min_elements > 0 ? min_elements : CDIFF_PARALLEL_MIN_ELEMENTS;
}

size_t cdiff_context_memory(const cdiff_context *context) {
    if (context == NULL) return 0;
    size_t total = 0;
    for (int i = 0; i < BUF_COUNT; i++) total += context->buffers[i].capacity;
    return total;
}

/* Buffers from this size on ask Linux for 2 MB pages (transparent huge pages) over the 2 MB-aligned
 * part of their block, which the kernel grants where THP is "always" or "madvise" (the default of
 * many distributions, which without this advice leaves every buffer on 4 KB pages). The matcher's
 * table and maps are read at random: at 1M elements (a 12 MB table, 8 MB of maps) nearly every
 * access on 4 KB pages missed the TLB, and how many did varied with where the kernel placed the
 * pages, run to run. Advice only: an allocator's memory the kernel cannot back so (not anonymous,
 * or THP off) is left as it is, and the call's result is ignored. */
#define HUGE_ADVICE_MIN_BYTES ((size_t)4 << 20)
#define HUGE_PAGE_BYTES ((uintptr_t)2 << 20)

static void advise_huge_pages(void *data, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (data == NULL || bytes < HUGE_ADVICE_MIN_BYTES) return;
    const uintptr_t start = ((uintptr_t)data + HUGE_PAGE_BYTES - 1) & ~(HUGE_PAGE_BYTES - 1);
    const uintptr_t end = ((uintptr_t)data + bytes) & ~(HUGE_PAGE_BYTES - 1);
    if (end > start) (void)madvise((void *)start, (size_t)(end - start), MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

/* A buffer is sized exactly the first time; when a later diff outgrows it, it grows by at least
 * half. Each growth is a fresh block whose pages fault in as the diff first writes them (about
 * 3 us per 4 KB page on the machine in the README, as much as the diff's own work), so a list
 * that grows a little at a time should not pay that on every diff. Patch steps are the exception:
 * the header promises they are stored exactly. */
void *cdiff_reserve(cdiff_context *context, enum cdiff_buffer_id id, size_t bytes) {
    cdiff_buffer *buffer = &context->buffers[id];
    if (bytes == 0) bytes = 1; /* a valid pointer even for empty results */
    if (buffer->capacity >= bytes) return buffer->data;
    if (id != BUF_PATCH_STEPS && buffer->capacity > 0 && buffer->capacity <= SIZE_MAX / 3 &&
        bytes < buffer->capacity + buffer->capacity / 2)
        bytes = buffer->capacity + buffer->capacity / 2;
    context->allocator.deallocate(context->allocator.opaque, buffer->data);
    buffer->data = context->allocator.allocate(context->allocator.opaque, bytes);
    buffer->capacity = buffer->data ? bytes : 0;
    advise_huge_pages(buffer->data, buffer->capacity);
    return buffer->data;
}
