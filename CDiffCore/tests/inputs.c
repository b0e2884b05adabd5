#include "inputs.h"

#include <stdlib.h>
#include <string.h>

static void *grow(void *array, size_t *capacity, size_t needed, size_t element) {
    if (needed <= *capacity && array) return array;
    size_t c = *capacity ? *capacity : 16;
    while (c < needed) c *= 2;
    void *p = realloc(array, c * element);
    if (!p) {
        fprintf(stderr, "inputs: out of memory\n");
        abort();
    }
    *capacity = c;
    return p;
}

void flat_input_add(flat_input *in, uint64_t id, uint64_t content) {
    size_t capacity = in->capacity;
    in->ids = grow(in->ids, &capacity, in->count + 1, sizeof *in->ids);
    capacity = in->capacity;
    in->contents = grow(in->contents, &capacity, in->count + 1, sizeof *in->contents);
    in->capacity = capacity;
    in->ids[in->count] = id;
    in->contents[in->count++] = content;
}

cdiff_list flat_input_list(const flat_input *in, int with_contents) {
    cdiff_list l;
    l.ids = in->ids;
    l.contents = with_contents ? in->contents : NULL;
    l.count = in->count;
    /* A zero-count side may still pass a contents pointer, as callers with empty arrays do. */
    if (with_contents && !l.contents) {
        static const uint64_t none[1] = {0};
        l.contents = none;
    }
    return l;
}

void flat_input_clear(flat_input *in) { in->count = 0; }

void flat_input_free(flat_input *in) {
    free(in->ids);
    free(in->contents);
    memset(in, 0, sizeof *in);
}

void sectioned_input_add_section(sectioned_input *in, uint64_t id, uint64_t content) {
    size_t capacity = in->section_capacity;
    in->section_ids = grow(in->section_ids, &capacity, in->section_count + 1, sizeof *in->section_ids);
    capacity = in->section_capacity;
    in->section_contents = grow(in->section_contents, &capacity, in->section_count + 1, sizeof *in->section_contents);
    capacity = in->section_capacity;
    in->row_counts = grow(in->row_counts, &capacity, in->section_count + 1, sizeof *in->row_counts);
    in->section_capacity = capacity;
    in->section_ids[in->section_count] = id;
    in->section_contents[in->section_count] = content;
    in->row_counts[in->section_count++] = 0;
}

void sectioned_input_add_row(sectioned_input *in, uint64_t id, uint64_t content) {
    size_t capacity = in->row_capacity;
    in->row_ids = grow(in->row_ids, &capacity, in->row_count + 1, sizeof *in->row_ids);
    capacity = in->row_capacity;
    in->row_contents = grow(in->row_contents, &capacity, in->row_count + 1, sizeof *in->row_contents);
    in->row_capacity = capacity;
    in->row_ids[in->row_count] = id;
    in->row_contents[in->row_count++] = content;
    in->row_counts[in->section_count - 1]++;
}

cdiff_sectioned_list sectioned_input_list(const sectioned_input *in, int with_section_contents, int with_row_contents) {
    static const uint64_t none[1] = {0};
    cdiff_sectioned_list l;
    l.section_ids = in->section_ids;
    l.section_contents = with_section_contents ? (in->section_contents ? in->section_contents : none) : NULL;
    l.row_counts = in->row_counts;
    l.section_count = in->section_count;
    l.row_ids = in->row_ids;
    l.row_contents = with_row_contents ? (in->row_contents ? in->row_contents : none) : NULL;
    l.row_count = in->row_count;
    return l;
}

void sectioned_input_clear(sectioned_input *in) { in->section_count = in->row_count = 0; }

void sectioned_input_free(sectioned_input *in) {
    free(in->section_ids);
    free(in->section_contents);
    free(in->row_counts);
    free(in->row_ids);
    free(in->row_contents);
    memset(in, 0, sizeof *in);
}

/* Ids print in hex: tests use small values, the fuzzer's look random. */
void print_flat(FILE *out, const char *name, const cdiff_list *l) {
    fprintf(out, "  %s (%zu):", name, l->count);
    for (size_t i = 0; i < l->count; i++) {
        fprintf(out, " %llx", (unsigned long long)l->ids[i]);
        if (l->contents) fprintf(out, "/%llx", (unsigned long long)l->contents[i]);
    }
    fputc('\n', out);
}

void print_sectioned(FILE *out, const char *name, const cdiff_sectioned_list *l) {
    size_t at = 0;
    fprintf(out, "  %s (%zu sections, %zu rows):\n", name, l->section_count, l->row_count);
    for (size_t s = 0; s < l->section_count; s++) {
        fprintf(out, "    [%llx", (unsigned long long)l->section_ids[s]);
        if (l->section_contents) fprintf(out, "/%llx", (unsigned long long)l->section_contents[s]);
        fputs("]:", out);
        for (size_t r = 0; r < l->row_counts[s] && at < l->row_count; r++, at++) {
            fprintf(out, " %llx", (unsigned long long)l->row_ids[at]);
            if (l->row_contents) fprintf(out, "/%llx", (unsigned long long)l->row_contents[at]);
        }
        fputc('\n', out);
    }
}
