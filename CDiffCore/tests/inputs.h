/* Growable owners of diff inputs (flat and sectioned), for tests and the fuzzer, plus
 * printing so a failing case can be read and turned into a regression test. */
#ifndef CDIFF_INPUTS_H
#define CDIFF_INPUTS_H

#include <stdio.h>

#include "CDiffCore.h"

typedef struct flat_input {
    uint64_t *ids, *contents;
    size_t count, capacity;
} flat_input;

void flat_input_add(flat_input *in, uint64_t id, uint64_t content);
/* A view of the input; contents only if with_contents. Valid until the next add or free. */
cdiff_list flat_input_list(const flat_input *in, int with_contents);
void flat_input_clear(flat_input *in);
void flat_input_free(flat_input *in);

typedef struct sectioned_input {
    uint64_t *section_ids, *section_contents;
    size_t *row_counts;
    size_t section_count, section_capacity;
    uint64_t *row_ids, *row_contents;
    size_t row_count, row_capacity;
} sectioned_input;

void sectioned_input_add_section(sectioned_input *in, uint64_t id, uint64_t content);
/* Adds a row to the last section. @pre at least one section. */
void sectioned_input_add_row(sectioned_input *in, uint64_t id, uint64_t content);
cdiff_sectioned_list sectioned_input_list(const sectioned_input *in, int with_section_contents, int with_row_contents);
void sectioned_input_clear(sectioned_input *in);
void sectioned_input_free(sectioned_input *in);

void print_flat(FILE *out, const char *name, const cdiff_list *list);
void print_sectioned(FILE *out, const char *name, const cdiff_sectioned_list *list);

#endif /* CDIFF_INPUTS_H */
