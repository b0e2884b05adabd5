/* libFuzzer target: arbitrary bytes -> old/new flat lists and sectioned lists with small
 * alphabets (so duplicates, shared prefixes and section splits are common), judged by the
 * same oracle as the tests (tests/check.h): exact pairing and change lists, batch semantics
 * rebuild new, minimal moves, the patch replays old into new with one move step per move,
 * and repeated runs agree byte for byte. Any violation traps.
 *
 * Layout: byte 0 = flags, byte 1 = where old ends and new begins, the rest = elements.
 *   flags bit 0: flat contents   bits 1-2: section/row contents   bits 3-5: row alphabet
 *   bits 6-7: section alphabet.   A byte >= 0xF0 opens a section in the sectioned reading.
 * The last byte also picks an allocation to fail on a separate context: the diff must then
 * report OUT_OF_MEMORY, drop its result, and work once memory is back. Its bit 6 makes the main
 * context match by sorting (the fallback for flooding input), its bit 5 through the two-thread
 * passes (their tasks run in turn, in the order bit 4 picks); check_run reruns on a fresh
 * context, which matches serially through its table, and demands the same bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/internal.h"
#include "check.h"
#include "check_internal.h"
#include "inputs.h"
#include "worker.h"

static cdiff_context *context;
static flat_input flat_old, flat_new;
static sectioned_input sec_old, sec_new;

/* Small alphabet indices map to values hash tables like to reserve (0, ~0) and values that
 * agree in one half, mixed with ordinary well-spread fingerprints. */
static uint64_t id_of(unsigned k) {
    switch (k) {
    case 0: return 0;
    case 1: return UINT64_MAX;
    case 2: return (uint64_t)1 << 32;
    case 3: return 1;
    default: break;
    }
    if (k % 4 == 0) return (uint64_t)k << 40; /* equal low bits */
    uint64_t z = k * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 31)) * 0xBF58476D1CE4E5B9ull;
    return z ^ (z >> 29);
}

typedef struct failing {
    size_t count, fail_at;
} failing;

static void *failing_allocate(void *opaque, size_t size) {
    failing *f = opaque;
    return ++f->count == f->fail_at ? NULL : malloc(size);
}

static void failing_deallocate(void *opaque, void *pointer) {
    (void)opaque;
    free(pointer);
}

static void fail(const char *what, const char *err, int sectioned) {
    fprintf(stderr, "fuzz_diff: %s: %s\n", what, err);
    if (sectioned) {
        cdiff_sectioned_list o = sectioned_input_list(&sec_old, 0, 0), n = sectioned_input_list(&sec_new, 0, 0);
        print_sectioned(stderr, "old", &o);
        print_sectioned(stderr, "new", &n);
    } else {
        cdiff_list o = flat_input_list(&flat_old, 0), n = flat_input_list(&flat_new, 0);
        print_flat(stderr, "old", &o);
        print_flat(stderr, "new", &n);
    }
    __builtin_trap();
}

static void decode_flat(flat_input *in, const uint8_t *bytes, size_t size, unsigned alphabet) {
    flat_input_clear(in);
    for (size_t k = 0; k < size; k++) flat_input_add(in, id_of(bytes[k] % alphabet), bytes[k] >> 7);
}

static void decode_sectioned(sectioned_input *in, const uint8_t *bytes, size_t size, unsigned rows, unsigned sections) {
    sectioned_input_clear(in);
    for (size_t k = 0; k < size; k++) {
        if (bytes[k] >= 0xF0) {
            sectioned_input_add_section(in, id_of((bytes[k] & 0x0F) % sections) ^ 0x5EC, bytes[k] & 1);
            continue;
        }
        if (in->section_count == 0) sectioned_input_add_section(in, id_of(0) ^ 0x5EC, 0);
        sectioned_input_add_row(in, id_of(bytes[k] % rows), bytes[k] >> 6 & 1);
    }
}

/* cdiff_diff_sectioned_into on a second context: the maps land in the caller's arrays and the
 * result equals cdiff_diff_sectioned's, byte for byte. */
static const char *check_maps_into_caller_storage(const cdiff_sectioned_list *so, const cdiff_sectioned_list *sn) {
    static cdiff_context *into_context;
    if (!into_context && !(into_context = cdiff_context_create())) abort();
    uint32_t *old_map = malloc((so->row_count + 1) * sizeof *old_map), *new_map = malloc((sn->row_count + 1) * sizeof *new_map);
    if (!old_map || !new_map) abort();
    cdiff_changes sections, into_sections;
    cdiff_row_changes rows, into_rows;
    check_blob expected = {0}, actual = {0};
    const char *err = NULL;
    if (cdiff_diff_sectioned(context, so, sn, &sections, &rows) != CDIFF_OK ||
        cdiff_diff_sectioned_into(into_context, so, sn, old_map, new_map, &into_sections, &into_rows) != CDIFF_OK) {
        err = "a diff failed";
    } else {
        check_blob_changes(&expected, &sections);
        check_blob_rows(&expected, &rows);
        check_blob_changes(&actual, &into_sections);
        check_blob_rows(&actual, &into_rows);
        if ((so->row_count > 0 && into_rows.old_to_new != old_map) || (sn->row_count > 0 && into_rows.new_to_old != new_map))
            err = "the row maps are not in the caller's arrays";
        else if (!check_blob_equal(&expected, &actual))
            err = "the results differ";
    }
    check_blob_free(&expected);
    check_blob_free(&actual);
    free(old_map);
    free(new_map);
    return err;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const unsigned row_alphabets[8] = {1, 2, 3, 5, 8, 13, 40, 240};
    static const unsigned section_alphabets[4] = {1, 2, 4, 16};
    if (size < 2) return 0;
    if (!context && !(context = cdiff_context_create())) abort();
    unsigned flags = data[0], rows = row_alphabets[(flags >> 3) & 7], sections = section_alphabets[flags >> 6];
    context->force_sorted = (data[size - 1] & 0x40) != 0;
    /* Bit 5 of the last byte: match through the two-thread passes from 2 elements, their tasks run
     * in turn (tests/worker.c) in the order of bit 4; check_run compares with a serial context. */
    cdiff_context_set_runner(context, (data[size - 1] & 0x20) ? ((data[size - 1] & 0x10) ? run_in_reverse : run_in_order) : NULL,
                             NULL, 2);
    const uint8_t *body = data + 2;
    size_t length = size - 2, split = length * data[1] / 255;

    decode_flat(&flat_old, body, split, rows);
    decode_flat(&flat_new, body + split, length - split, rows);
    cdiff_list fo = flat_input_list(&flat_old, flags & 1), fn = flat_input_list(&flat_new, flags & 1);
    const char *err = check_run_flat(context, &fo, &fn);
    if (err) fail("flat", err, 0);

    decode_sectioned(&sec_old, body, split, rows, sections);
    decode_sectioned(&sec_new, body + split, length - split, rows, sections);
    cdiff_sectioned_list so = sectioned_input_list(&sec_old, flags >> 1 & 1, flags >> 2 & 1);
    cdiff_sectioned_list sn = sectioned_input_list(&sec_new, flags >> 1 & 1, flags >> 2 & 1);
    err = check_run_sectioned(context, &so, &sn);
    if (err) fail("sectioned", err, 1);
    err = check_maps_into_caller_storage(&so, &sn);
    if (err) fail("sectioned into caller storage", err, 1);

    failing state = {0, 1 + data[size - 1] % 24u};
    cdiff_allocator allocator = {failing_allocate, failing_deallocate, &state};
    cdiff_context *limited = cdiff_context_create_with_allocator(&allocator);
    if (limited) {
        cdiff_changes changes, sections;
        cdiff_row_changes row_changes;
        const cdiff_step *steps;
        size_t count;
        int sectioned = data[size - 1] & 0x80;
        cdiff_status status = sectioned ? cdiff_diff_sectioned(limited, &so, &sn, &sections, &row_changes)
                                        : cdiff_diff(limited, &fo, &fn, &changes);
        if (status == CDIFF_OK) status = cdiff_patch(limited, &steps, &count);
        else if (status == CDIFF_ERR_OUT_OF_MEMORY && cdiff_patch(limited, &steps, &count) != CDIFF_ERR_NO_RESULT)
            fail("out of memory", "a failed diff left a result to patch", sectioned);
        if (status != CDIFF_OK && status != CDIFF_ERR_OUT_OF_MEMORY) fail("out of memory", cdiff_status_name(status), sectioned);
        state.fail_at = 0; /* memory is back */
        err = sectioned ? check_run_sectioned(limited, &so, &sn) : check_run_flat(limited, &fo, &fn);
        if (err) fail("after out of memory", err, sectioned != 0);
        cdiff_context_free(limited);
    }
    return 0;
}
