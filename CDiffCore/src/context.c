/* Contexts and their grow-only buffers. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static void *default_allocate(void *opaque, size_t size) {
    (void)opaque;
    return malloc(size);
}

static void default_deallocate(void *opaque, void *pointer) {
    (void)opaque;
    free(pointer);
}

cdiff_context *cdiff_context_create(void) { return cdiff_context_create_with_allocator(NULL); }

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
