/* Sectioned diffs: a few known answers, then seeded random cases judged by the oracle
 * (pairing with section splits, UIKit batch semantics, minimal row moves, 2-D patch replay). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "check_internal.h"
#include "harness.h"
#include "inputs.h"
#include "rng.h"

static cdiff_context *context;
static sectioned_input old_in, new_in;
static cdiff_changes sections;
static cdiff_row_changes rows;

static int run_case(int section_contents, int row_contents, const char *kind, size_t index, uint64_t seed) {
    cdiff_sectioned_list o = sectioned_input_list(&old_in, section_contents, row_contents);
    cdiff_sectioned_list n = sectioned_input_list(&new_in, section_contents, row_contents);
    const char *err = check_run_sectioned(context, &o, &n);
    if (!err && cdiff_diff_sectioned(context, &o, &n, &sections, &rows) != CDIFF_OK) err = "rerun failed";
    if (!err) return 1;
    harness_case("%s case %zu, case seed 0x%llx", kind, index, (unsigned long long)seed);
    harness_fail(__FILE__, __LINE__, "%s", err);
    print_sectioned(stderr, "old", &o);
    print_sectioned(stderr, "new", &n);
    return 0;
}

/* Builds a side from a compact spec: "A:1 2 3|B:4" (section id letter, row ids). */
static void build(sectioned_input *in, const char *spec) {
    sectioned_input_clear(in);
    for (const char *p = spec; *p;) {
        if (*p == '|' || *p == ' ') {
            p++;
            continue;
        }
        if (p[1] == ':') {
            sectioned_input_add_section(in, (uint64_t)*p, 0);
            p += 2;
            continue;
        }
        char *end;
        unsigned long id = strtoul(p, &end, 10);
        sectioned_input_add_row(in, id, 0);
        p = end;
    }
}

static void test_row_moving_to_another_section_is_one_move(void) {
    build(&old_in, "A:1 2 3|B:4 5");
    build(&new_in, "A:1 3|B:4 2 5");
    REQUIRE(run_case(0, 0, "vector", 0, 0));
    REQUIRE_EQ(sections.move_count + sections.delete_count + sections.insert_count, 0);
    REQUIRE_EQ(rows.move_count, 1);
    REQUIRE_EQ(rows.moves[0].from.section, 0);
    REQUIRE_EQ(rows.moves[0].from.row, 1);
    REQUIRE_EQ(rows.moves[0].to.section, 1);
    REQUIRE_EQ(rows.moves[0].to.row, 1);
}

static void test_rows_of_a_deleted_section_are_deletes_never_moves(void) {
    build(&old_in, "A:1 2|B:3");
    build(&new_in, "B:3 1 2");
    REQUIRE(run_case(0, 0, "vector", 0, 0));
    REQUIRE_EQ(sections.delete_count, 1);
    REQUIRE_EQ(rows.move_count, 0);
    REQUIRE_EQ(rows.delete_count, 2);
    REQUIRE_EQ(rows.insert_count, 2);
}

static void test_rows_into_an_inserted_section_are_inserts_never_moves(void) {
    build(&old_in, "A:1 2 3");
    build(&new_in, "N:2|A:1 3");
    REQUIRE(run_case(0, 0, "vector", 0, 0));
    REQUIRE_EQ(sections.insert_count, 1);
    REQUIRE_EQ(rows.move_count, 0);
    REQUIRE_EQ(rows.delete_count, 1);
    REQUIRE_EQ(rows.insert_count, 1);
}

static void test_rows_riding_a_moved_section_do_not_move(void) {
    build(&old_in, "A:1 2|B:3 4|C:5");
    build(&new_in, "C:5|A:1 2|B:3 4");
    REQUIRE(run_case(0, 0, "vector", 0, 0));
    REQUIRE_EQ(sections.move_count, 1);
    REQUIRE_EQ(rows.move_count, 0);
}

/* Sources/RowDiffValidation/Documentation.docc/BatchRules.md (the strict profile, and its test vectors): OLD [A,B] -> NEW [N,B,A] needs a
 * section move even though B keeps index 1. */
static void test_insert_before_a_swapped_pair_still_moves_one_section(void) {
    build(&old_in, "A:1|B:2");
    build(&new_in, "N:|B:2|A:1");
    REQUIRE(run_case(0, 0, "vector", 0, 0));
    REQUIRE_EQ(sections.insert_count, 1);
    REQUIRE_EQ(sections.move_count, 1);
}

static void test_section_and_row_updates_need_contents_on_both_sides(void) {
    build(&old_in, "A:1 2");
    build(&new_in, "A:1 2");
    new_in.section_contents[0] = 9;
    new_in.row_contents[1] = 9;
    REQUIRE(run_case(1, 1, "vector", 0, 0));
    REQUIRE_EQ(sections.update_count, 1);
    REQUIRE_EQ(rows.update_count, 1);
    REQUIRE(run_case(0, 0, "vector", 1, 0));
    REQUIRE_EQ(sections.update_count + rows.update_count, 0);
    cdiff_sectioned_list o = sectioned_input_list(&old_in, 1, 0), n = sectioned_input_list(&new_in, 0, 0);
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &o, &n, &sections, &rows), CDIFF_ERR_INVALID_ARGUMENT);
    o = sectioned_input_list(&old_in, 0, 0);
    n = sectioned_input_list(&new_in, 0, 1);
    REQUIRE_STATUS(cdiff_diff_sectioned(context, &o, &n, &sections, &rows), CDIFF_ERR_INVALID_ARGUMENT);
}

static void random_side(rng *r, sectioned_input *in, size_t section_alphabet, size_t row_alphabet) {
    size_t count = rng_below(r, 9);
    sectioned_input_clear(in);
    for (size_t s = 0; s < count; s++) {
        sectioned_input_add_section(in, 0x5EC0000 + rng_below(r, section_alphabet), rng_below(r, 2));
        size_t rows_here = rng_below(r, 13);
        for (size_t k = 0; k < rows_here; k++) sectioned_input_add_row(in, rng_below(r, row_alphabet), rng_below(r, 2));
    }
}

/* New derived from old by edits: keeps most pairs, so moves across and within sections,
 * section moves and splits all happen often. */
static void edited_side(rng *r, const sectioned_input *from, sectioned_input *in, size_t row_alphabet) {
    size_t order[64], count = 0;
    for (size_t s = 0; s < from->section_count; s++)
        if (rng_below(r, 6)) order[count++] = s;
    for (size_t k = count; k > 1 && rng_below(r, 2); k--) { /* a few section swaps */
        size_t a = rng_below(r, count), b = rng_below(r, count), t = order[a];
        order[a] = order[b];
        order[b] = t;
    }
    sectioned_input_clear(in);
    size_t *offsets = calloc(from->section_count + 1, sizeof *offsets);
    for (size_t s = 0; s < from->section_count; s++) offsets[s + 1] = offsets[s] + from->row_counts[s];
    for (size_t k = 0; k < count; k++) {
        size_t s = order[k];
        if (rng_below(r, 8) == 0) sectioned_input_add_section(in, 0x5EC0000 + 100 + rng_below(r, 3), 0);
        sectioned_input_add_section(in, from->section_ids[s], from->section_contents[s] ^ (rng_below(r, 5) == 0));
        for (size_t g = offsets[s]; g < offsets[s + 1]; g++) {
            uint64_t pick = rng_below(r, 10);
            if (pick == 0) continue; /* delete */
            if (pick == 1) sectioned_input_add_row(in, rng_below(r, row_alphabet), 0); /* insert */
            /* a row from anywhere in old: a move within or across sections */
            uint64_t id = pick == 2 && from->row_count ? from->row_ids[rng_below(r, from->row_count)] : from->row_ids[g];
            sectioned_input_add_row(in, id, from->row_contents[g] ^ (rng_below(r, 6) == 0));
        }
    }
    free(offsets);
}

static void test_random_sectioned_diffs_honour_the_contract(void) {
    for (size_t index = 0; index < 3000; index++) {
        uint64_t seed = harness_seed() ^ (index * 0x9E3779B97F4A7C15ull) ^ 11;
        rng r = rng_seeded(seed);
        size_t section_alphabet = 1 + rng_below(&r, 6), row_alphabet = 1 + rng_below(&r, 25);
        random_side(&r, &old_in, section_alphabet, row_alphabet);
        if (rng_below(&r, 2)) random_side(&r, &new_in, section_alphabet, row_alphabet);
        else edited_side(&r, &old_in, &new_in, row_alphabet);
        if (!run_case((int)rng_below(&r, 2), (int)rng_below(&r, 2), "sectioned", index, seed)) return;
    }
}

/* Distinct section ids and distinct row ids: the common real-world shape. */
static void test_random_duplicate_free_sectioned_diffs_honour_the_contract(void) {
    for (size_t index = 0; index < 1500; index++) {
        uint64_t seed = harness_seed() ^ (index * 0xD1B54A32D192ED03ull) ^ 12;
        rng r = rng_seeded(seed);
        size_t sections_old = rng_below(&r, 9), next_row = 1;
        sectioned_input_clear(&old_in);
        for (size_t s = 0; s < sections_old; s++) {
            sectioned_input_add_section(&old_in, 0x5EC0000 + s, 0);
            size_t count = rng_below(&r, 13);
            for (size_t k = 0; k < count; k++) sectioned_input_add_row(&old_in, next_row++, rng_below(&r, 2));
        }
        edited_side(&r, &old_in, &new_in, 1000);
        /* edited_side may repeat ids (inserts from the alphabet, copies); make rows distinct. */
        for (size_t g = 0; g < new_in.row_count; g++)
            for (size_t h = 0; h < g; h++)
                if (new_in.row_ids[h] == new_in.row_ids[g]) new_in.row_ids[g] = 100000 + g;
        for (size_t t = 0; t < new_in.section_count; t++)
            for (size_t u = 0; u < t; u++)
                if (new_in.section_ids[u] == new_in.section_ids[t]) new_in.section_ids[t] = 0x5EC1000 + t;
        if (!run_case(1, 1, "duplicate-free sectioned", index, seed)) return;
    }
}

/* Fewer, larger cases: many sections and rows, on the same context as the small ones. */
static void test_larger_sectioned_diffs_honour_the_contract(void) {
    for (size_t index = 0; index < 40; index++) {
        uint64_t seed = harness_seed() ^ (index * 0x94D049BB133111EBull) ^ 13;
        rng r = rng_seeded(seed);
        size_t sections_old = 1 + rng_below(&r, 60), row_alphabet = 50 + rng_below(&r, 2000);
        sectioned_input_clear(&old_in);
        for (size_t s = 0; s < sections_old; s++) {
            sectioned_input_add_section(&old_in, 0x5EC0000 + rng_below(&r, sections_old + 3), rng_below(&r, 2));
            for (size_t k = rng_below(&r, 60); k > 0; k--) sectioned_input_add_row(&old_in, rng_below(&r, row_alphabet), rng_below(&r, 2));
        }
        edited_side(&r, &old_in, &new_in, row_alphabet);
        if (!run_case(1, 1, "large sectioned", index, seed)) return;
    }
}

/* One section on each side, the same one: the rows are finished as a flat list (a shortcut in
 * diff_sectioned.c). Judged by the oracle, and equal change by change to the flat diff of the rows. */
static void test_one_matched_section_gives_the_flat_diffs_changes(void) {
    flat_input old_flat = {0}, new_flat = {0};
    cdiff_context *flat_context = cdiff_context_create();
    for (size_t index = 0; index < 2000; index++) {
        uint64_t seed = harness_seed() ^ (index * 0xBF58476D1CE4E5B9ull) ^ 14;
        rng r = rng_seeded(seed);
        size_t count = rng_below(&r, 40), alphabet = 1 + rng_below(&r, index % 2 ? 8 : 400);
        sectioned_input_clear(&old_in);
        sectioned_input_add_section(&old_in, 0x5EC0000, 0);
        for (size_t k = 0; k < count; k++) sectioned_input_add_row(&old_in, rng_below(&r, alphabet), rng_below(&r, 2));
        edited_side(&r, &old_in, &new_in, alphabet);
        if (new_in.section_count != 1 || new_in.section_ids[0] != 0x5EC0000) {
            sectioned_input_clear(&new_in);
            sectioned_input_add_section(&new_in, 0x5EC0000, 1);
            for (size_t k = 0; k < old_in.row_count; k++)
                if (rng_below(&r, 4)) sectioned_input_add_row(&new_in, old_in.row_ids[k], old_in.row_contents[k]);
        }
        if (!run_case(0, 1, "one matched section", index, seed)) break;
        flat_input_clear(&old_flat);
        flat_input_clear(&new_flat);
        for (size_t k = 0; k < old_in.row_count; k++) flat_input_add(&old_flat, old_in.row_ids[k], old_in.row_contents[k]);
        for (size_t k = 0; k < new_in.row_count; k++) flat_input_add(&new_flat, new_in.row_ids[k], new_in.row_contents[k]);
        cdiff_list o = flat_input_list(&old_flat, 1), n = flat_input_list(&new_flat, 1);
        cdiff_changes flat;
        if (cdiff_diff(flat_context, &o, &n, &flat) != CDIFF_OK) {
            harness_fail(__FILE__, __LINE__, "the flat diff failed (case %zu)", index);
            break;
        }
        int same = rows.delete_count == flat.delete_count && rows.insert_count == flat.insert_count &&
                   rows.move_count == flat.move_count && rows.update_count == flat.update_count &&
                   rows.old_duplicate_count == flat.old_duplicate_count &&
                   rows.new_duplicate_count == flat.new_duplicate_count &&
                   memcmp(rows.old_to_new, flat.old_to_new, o.count * sizeof(uint32_t)) == 0 &&
                   memcmp(rows.new_to_old, flat.new_to_old, n.count * sizeof(uint32_t)) == 0;
        for (size_t k = 0; same && k < flat.delete_count; k++) same = rows.deletes[k].section == 0 && rows.deletes[k].row == flat.deletes[k];
        for (size_t k = 0; same && k < flat.insert_count; k++) same = rows.inserts[k].section == 0 && rows.inserts[k].row == flat.inserts[k];
        for (size_t k = 0; same && k < flat.move_count; k++)
            same = rows.moves[k].from.row == flat.moves[k].from && rows.moves[k].to.row == flat.moves[k].to &&
                   rows.moves[k].from.section == 0 && rows.moves[k].to.section == 0;
        for (size_t k = 0; same && k < flat.update_count; k++)
            same = rows.updates[k].from.row == flat.updates[k].from && rows.updates[k].to.row == flat.updates[k].to;
        if (!same) {
            harness_case("one matched section case %zu, case seed 0x%llx", index, (unsigned long long)seed);
            harness_fail(__FILE__, __LINE__, "the sectioned diff's rows differ from the flat diff of the same rows");
            print_flat(stderr, "old", &o);
            print_flat(stderr, "new", &n);
            break;
        }
    }
    cdiff_context_free(flat_context);
    flat_input_free(&old_flat);
    flat_input_free(&new_flat);
}

/* The whole result of a sectioned diff on `c` and its patch, for byte-exact comparison. */
static void blob_of_result(check_blob *blob, cdiff_context *c, const cdiff_changes *s, const cdiff_row_changes *r) {
    const cdiff_step *steps;
    size_t step_count = 0;
    REQUIRE_EQ(cdiff_patch(c, &steps, &step_count), CDIFF_OK);
    check_blob_changes(blob, s);
    check_blob_rows(blob, r);
    check_blob_steps(blob, steps, step_count);
}

/* cdiff_diff_sectioned_into: the same changes and patch as cdiff_diff_sectioned, byte for byte,
 * with the row maps in the caller's arrays (one context each, so neither result is overwritten by
 * the other); a missing map is an error, not a crash. */
static void test_maps_into_caller_storage_give_the_same_result(void) {
    cdiff_context *into_context = cdiff_context_create();
    uint32_t *old_map = NULL, *new_map = NULL;
    check_blob expected = {0}, actual = {0};
    for (size_t index = 0; index < 1500; index++) {
        uint64_t seed = harness_seed() ^ (index * 0x2545F4914F6CDD1Dull) ^ 15;
        rng r = rng_seeded(seed);
        size_t section_alphabet = 1 + rng_below(&r, 6), row_alphabet = 1 + rng_below(&r, index % 2 ? 25 : 400);
        random_side(&r, &old_in, section_alphabet, row_alphabet);
        edited_side(&r, &old_in, &new_in, row_alphabet);
        cdiff_sectioned_list o = sectioned_input_list(&old_in, 1, (int)(index % 3 != 0));
        cdiff_sectioned_list n = sectioned_input_list(&new_in, 1, (int)(index % 3 != 0));
        expected.size = actual.size = 0;
        REQUIRE_EQ(cdiff_diff_sectioned(context, &o, &n, &sections, &rows), CDIFF_OK);
        blob_of_result(&expected, context, &sections, &rows);

        free(old_map);
        free(new_map);
        old_map = malloc((o.row_count ? o.row_count : 1) * sizeof *old_map);
        new_map = malloc((n.row_count ? n.row_count : 1) * sizeof *new_map);
        REQUIRE(old_map != NULL && new_map != NULL);
        cdiff_changes into_sections;
        cdiff_row_changes into_rows;
        REQUIRE_EQ(cdiff_diff_sectioned_into(into_context, &o, &n, old_map, new_map, &into_sections, &into_rows), CDIFF_OK);
        blob_of_result(&actual, into_context, &into_sections, &into_rows);

        if (into_rows.old_to_new != old_map || into_rows.new_to_old != new_map || !check_blob_equal(&expected, &actual)) {
            harness_case("maps into caller storage, case %zu, case seed 0x%llx", index, (unsigned long long)seed);
            harness_fail(__FILE__, __LINE__, "cdiff_diff_sectioned_into differs from cdiff_diff_sectioned");
            print_sectioned(stderr, "old", &o);
            print_sectioned(stderr, "new", &n);
            break;
        }
        if (o.row_count > 0)
            REQUIRE_EQ(cdiff_diff_sectioned_into(into_context, &o, &n, NULL, new_map, &into_sections, &into_rows),
                       CDIFF_ERR_NULL_ARGUMENT);
        if (n.row_count > 0)
            REQUIRE_EQ(cdiff_diff_sectioned_into(into_context, &o, &n, old_map, NULL, &into_sections, &into_rows),
                       CDIFF_ERR_NULL_ARGUMENT);
    }
    free(old_map);
    free(new_map);
    check_blob_free(&expected);
    check_blob_free(&actual);
    cdiff_context_free(into_context);
}

int main(int argc, char **argv) {
    harness_init(argc, argv);
    context = cdiff_context_create();
    if (!context) return 1;
    RUN_TEST(test_row_moving_to_another_section_is_one_move);
    RUN_TEST(test_rows_of_a_deleted_section_are_deletes_never_moves);
    RUN_TEST(test_rows_into_an_inserted_section_are_inserts_never_moves);
    RUN_TEST(test_rows_riding_a_moved_section_do_not_move);
    RUN_TEST(test_insert_before_a_swapped_pair_still_moves_one_section);
    RUN_TEST(test_section_and_row_updates_need_contents_on_both_sides);
    RUN_TEST(test_random_sectioned_diffs_honour_the_contract);
    RUN_TEST(test_random_duplicate_free_sectioned_diffs_honour_the_contract);
    RUN_TEST(test_larger_sectioned_diffs_honour_the_contract);
    RUN_TEST(test_one_matched_section_gives_the_flat_diffs_changes);
    RUN_TEST(test_maps_into_caller_storage_give_the_same_result);
    cdiff_context_free(context);
    sectioned_input_free(&old_in);
    sectioned_input_free(&new_in);
    return harness_finish();
}
