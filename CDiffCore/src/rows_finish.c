/* The rows of a sectioned diff after matching: a pair whose old or new section has no counterpart
 * splits into a delete and an insert; a row that keeps its section moves only if it falls outside
 * that section's longest increasing subsequence; a row that changes section always moves.
 *
 * Two walks. The pairing walk goes over the new rows section by section: it splits pairs, lists
 * the inserts, records each kept row's old section (`from`) and gathers, section after section,
 * the old indices of the rows that stay in their section (the LIS input of each). The finishing
 * walk lists the deletes (over the old rows), then, section by section, the LIS marks, the moves
 * and the updates. Every list is in (section, row) order.
 *
 * Two threads (a context with a runner, a large diff): the new sections are cut into two halves
 * of about equal rows, the old rows into two halves too, and each walk runs as two runner tasks,
 * one per half. The pairing walk of a half reads any old row's section but writes only its own
 * new rows' entries, the old_to_new entries of their partners (each old row has one partner) and
 * its own region of the gathered values and of the inserts. Between the walks, the caller moves the
 * second half's inserts after the first's and knows every count the finishing walk needs to write
 * in place: deletes + kept pairs = old rows, inserts + kept pairs = new rows. The second half's
 * moves and updates go to the end of their buffers (at most one per kept pair of that half, so
 * they cannot reach what the first half writes), and the caller moves them down after the first
 * half's. No two tasks write the same memory, so no atomics and no locks: the runner's join
 * orders everything. The lists come out byte for byte as from one thread.
 *
 * A task the runner did not run (it must run them all; a faulty one might not) is run by the
 * caller afterwards: the tasks of a walk are independent of each other. */
#include "rows_finish.h"
#include "phase_times.h"

#include <string.h>

/* Rows (old plus new) from which a context with a runner finishes the rows on two threads, or from
 * its min_elements when that is smaller (a diff that matches on two threads, and tests, which lower
 * it). Measured with the cores free (tests/worker.c's runner, 100 sections of edited rows), two
 * threads take 110 % of one thread's time at 19,000 rows, 95 % at 38,000, 90 % at 76,000 and 86 %
 * at 190,000; GCD's runner costs a little more per call. */
#define FINISH_PARALLEL_MIN_ROWS ((size_t)49152)

bool cdiff_rows_finish_bytes(size_t old_rows, size_t new_rows, size_t new_sections, size_t *out) {
    const size_t u32 = sizeof(uint32_t);
    size_t from = 0, staying = 0, values = 0;
    if (!cdiff_mul(new_rows, u32, &from) || !cdiff_mul(new_sections, u32, &staying)) return false;
    /* old_rows <= CDIFF_MAX_COUNT, so 2 * old_rows fits */
    if (!cdiff_mul(cdiff_min_size(new_rows, 2 * old_rows), 3 * u32 + 1, &values)) return false;
    size_t total = from + staying;
    if (total < from || total + values < total || total + values + 2 * u32 < total + values) return false;
    *out = total + values + 2 * u32; /* + rounding of the first half's marks to whole words */
    return true;
}

/* One half's share of the walks: what it is given, then what it found. */
typedef struct half {
    size_t first_section, end_section; /* new sections [first, end) */
    size_t first_old, end_old;         /* old rows whose deletes it lists */
    uint32_t *values;                  /* its gathered old indices */
    cdiff_path *inserts;
    cdiff_path *deletes;
    cdiff_path_move *moves, *updates;  /* NULL: right after the deletes / the inserts (one thread) */
    uint32_t *lis;                     /* tops and piles of `largest` words each, then the marks */
    /* The pairing walk's */
    size_t gathered, insert_count, kept, kept_low;
    uint32_t largest; /* most staying rows of one section */
    /* The finishing walk's */
    size_t delete_count, move_count, update_count;
    bool paired, finished;
} half;

typedef struct rows_job {
    const uint32_t *old_owner, *old_start, *new_start, *section_old_to_new, *section_new_to_old;
    uint32_t *old_to_new, *new_to_old, *from, *staying;
    const uint64_t *old_contents, *new_contents;
    bool compares;
    size_t old_cut; /* the pairing walk counts the kept pairs whose old row is below it */
    half halves[2];
} rows_job;

static inline cdiff_path path_of(uint32_t row, uint32_t section, const uint32_t *starts) {
    return (cdiff_path){section, row - starts[section]};
}

/* The pairing walk over a half's new sections. `counts`: also count its kept pairs, all and
 * those below old_cut (a constant at each call: the one-thread walk is compiled without it). */
static inline void pair_walk(const rows_job *job, half *w, const bool counts) {
    const uint32_t *old_owner = job->old_owner, *new_start = job->new_start;
    const uint32_t *section_old_to_new = job->section_old_to_new, *section_new_to_old = job->section_new_to_old;
    uint32_t *old_to_new = job->old_to_new, *new_to_old = job->new_to_old, *from = job->from;
    uint32_t *values = w->values;
    cdiff_path *inserts = w->inserts;
    size_t insert_count = 0, gathered = 0, kept = 0, kept_low = 0;
    uint32_t largest = 0;
    const size_t old_cut = job->old_cut;
    for (size_t t = w->first_section; t < w->end_section; t++) {
        const bool section_inserted = section_new_to_old[t] == CDIFF_NONE;
        const uint32_t lo = new_start[t], hi = new_start[t + 1];
        const size_t first_value = gathered;
        for (uint32_t j = lo; j < hi; j++) {
            uint32_t i = new_to_old[j];
            if (i != CDIFF_NONE) {
                uint32_t f = old_owner[i];
                const uint32_t target = section_old_to_new[f];
                if (!section_inserted && target != CDIFF_NONE) {
                    from[j] = f;
                    values[gathered] = i; /* kept only if the row stays in section t: no branch */
                    gathered += target == t;
                    if (counts) {
                        kept++;
                        kept_low += i < old_cut;
                    }
                    continue;
                }
                new_to_old[j] = old_to_new[i] = CDIFF_NONE;
            }
            inserts[insert_count++] = (cdiff_path){(uint32_t)t, j - lo};
        }
        const uint32_t staying = (uint32_t)(gathered - first_value);
        job->staying[t] = staying;
        if (staying > largest) largest = staying;
    }
    w->gathered = gathered;
    w->insert_count = insert_count;
    w->kept = kept;
    w->kept_low = kept_low;
    w->largest = largest;
}

/* The finishing walk: a half's deletes, then its sections' moves and updates. */
static void finish_walk(const rows_job *job, half *w) {
    const uint32_t *old_to_new = job->old_to_new, *new_to_old = job->new_to_old, *from = job->from;
    const uint32_t *old_owner = job->old_owner, *old_start = job->old_start, *new_start = job->new_start;
    const uint32_t *section_old_to_new = job->section_old_to_new;
    /* The deletes and the updates are gathered without a branch per row (deleted and changed rows
     * lie at random, and a branch mispredicted at each): each row is written at the next free
     * place, which moves on only when it belongs there. Measured, gcc, medians of 300 warm diffs,
     * interleaved six times: sectioned 100 x 1,000 (a tenth of the old rows deleted, a tenth of
     * the contents changed) 0.974-1.009 -> 0.935-0.956 ms. The deletes up to the last one only, so that no place past the list is
     * written: on two threads the second half's deletes follow the first's. An update is written
     * only for a kept row, before it is counted, so at most at the place of the half's last kept
     * pair: within the room the lists are laid out with (one per kept pair, see finish_on_two). */
    CDIFF_PHASE_START(deleting);
    cdiff_path *deletes = w->deletes;
    size_t delete_count = 0, end_old = w->end_old;
    while (end_old > w->first_old && old_to_new[end_old - 1] != CDIFF_NONE) end_old--;
    for (size_t i = w->first_old; i < end_old; i++) {
        deletes[delete_count] = path_of((uint32_t)i, old_owner[i], old_start);
        delete_count += old_to_new[i] == CDIFF_NONE;
    }
    CDIFF_PHASE_ADD(deleting, CDIFF_PHASE_ROWS_DELETES);

    cdiff_path_move *moves = w->moves ? w->moves : (cdiff_path_move *)(deletes + delete_count);
    cdiff_path_move *updates = w->updates ? w->updates : (cdiff_path_move *)(w->inserts + w->insert_count);
    size_t move_count = 0, update_count = 0;
    const uint64_t *old_contents = job->old_contents, *new_contents = job->new_contents;
    const bool compares = job->compares;
    uint32_t *tops = w->lis, *piles = tops + w->largest;
    uint8_t *marks = (uint8_t *)(piles + w->largest);
    const uint32_t *section_values = w->values;
    for (size_t t = w->first_section; t < w->end_section; t++) {
        const uint32_t lo = new_start[t], hi = new_start[t + 1];
        const size_t count = job->staying[t];
        CDIFF_PHASE_START(lis);
        cdiff_lis_mark(section_values, count, tops, piles, marks);
        CDIFF_PHASE_ADD(lis, CDIFF_PHASE_ROWS_LIS);
        CDIFF_PHASE_START(walking);
        section_values += count;
        for (uint32_t j = lo, k = 0; j < hi; j++) {
            uint32_t i = new_to_old[j];
            if (i == CDIFF_NONE) continue;
            uint32_t from_section = from[j];
            const cdiff_path_move pair = {path_of(i, from_section, old_start), {(uint32_t)t, j - lo}};
            if (compares) {
                updates[update_count] = pair;
                update_count += old_contents[i] != new_contents[j];
            }
            bool stays = section_old_to_new[from_section] == t;
            if (stays && marks[k++]) continue;
            moves[move_count++] = pair;
        }
        CDIFF_PHASE_ADD(walking, CDIFF_PHASE_ROWS_MOVES);
    }
    w->delete_count = delete_count;
    w->moves = moves;
    w->move_count = move_count;
    w->updates = updates;
    w->update_count = update_count;
}

static void pair_task(void *argument, size_t index) {
    rows_job *job = argument;
    if (index > 1) return;
    pair_walk(job, &job->halves[index], true);
    job->halves[index].paired = true;
}

static void finish_task(void *argument, size_t index) {
    rows_job *job = argument;
    if (index > 1) return;
    finish_walk(job, &job->halves[index]);
    job->halves[index].finished = true;
}

/* Runs the walk's two tasks through the context's runner, then any it did not run. */
static void run_both(cdiff_context *context, rows_job *job, cdiff_task task, bool half_done(const half *)) {
    context->runner(context->runner_data, 2, task, job);
    for (size_t h = 0; h < 2; h++)
        if (!half_done(&job->halves[h])) task(job, h);
}

static bool was_paired(const half *w) { return w->paired; }
static bool was_finished(const half *w) { return w->finished; }

/* The new section that starts the second half: the section start nearest half the new rows, or 0
 * when the halves would be too uneven for a second thread to pay (either under a quarter). */
static size_t split_section(const uint32_t *new_start, size_t sections, size_t m) {
    size_t lo = 1, hi = sections; /* the first t in [1, sections) with new_start[t] >= m / 2, else sections */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (new_start[mid] < m / 2) lo = mid + 1;
        else hi = mid;
    }
    size_t cut = lo;
    if (cut > 1 && (cut == sections || m / 2 - new_start[cut - 1] < new_start[cut] - m / 2)) cut--;
    if (cut >= sections) return 0;
    const size_t first = new_start[cut];
    return first >= m / 4 && m - first >= m / 4 ? cut : 0;
}

static bool splits(const cdiff_context *context, size_t n, size_t m) {
    if (context->runner == NULL || n == 0 || m < 4) return false;
    return n + m >= cdiff_min_size(FINISH_PARALLEL_MIN_ROWS, context->parallel_min);
}

/* starts[s] = first row of section s; starts[count] = total. */
static void lay_out_starts(const size_t *row_counts, size_t count, uint32_t *starts) {
    uint32_t row = 0;
    for (size_t s = 0; s < count; s++) {
        starts[s] = row;
        row += (uint32_t)row_counts[s];
    }
    starts[count] = row;
}

/* lay_out_starts, and each row's section in `owner`. */
static void lay_out_rows(const size_t *row_counts, size_t count, uint32_t *starts, uint32_t *owner) {
    lay_out_starts(row_counts, count, starts);
    for (size_t s = 0; s < count; s++) {
        /* The bounds in locals: `owner` could alias `starts` for the compiler, which then reloaded
         * the end at every row instead of filling the run with vector stores. */
        const uint32_t first = starts[s], end = starts[s + 1];
        for (uint32_t row = first; row < end; row++) owner[row] = (uint32_t)s;
    }
}

/* Both walks on two threads, the second half starting at new section `cut`. */
static void finish_on_two(cdiff_context *context, rows_job *job, size_t n, size_t m, size_t cut, uint32_t *values,
                          cdiff_path *deletes, cdiff_path *inserts, cdiff_row_changes *out) {
    half *a = &job->halves[0], *b = &job->halves[1];
    const size_t m0 = job->new_start[cut];
    job->old_cut = n / 2;
    a->end_section = b->first_section = cut;
    a->values = values;
    b->values = values + cdiff_min_size(m0, n);
    a->inserts = inserts;
    b->inserts = inserts + m0; /* a half lists at most one insert per row */
    run_both(context, job, pair_task, was_paired);

    /* The inserts in one list; then every count the finishing walk needs is known. */
    memmove(inserts + a->insert_count, b->inserts, b->insert_count * sizeof *inserts);
    const size_t insert_count = a->insert_count + b->insert_count, kept = a->kept + b->kept;
    const size_t delete_count = n - kept, low_deletes = job->old_cut - (a->kept_low + b->kept_low);
    a->first_old = 0;
    a->end_old = b->first_old = job->old_cut;
    b->end_old = n;
    a->deletes = deletes;
    b->deletes = deletes + low_deletes;
    /* The first half's moves right after the deletes, its updates right after the inserts; the
     * second half's at the end of their buffers, room for one per kept pair of that half:
     * deletes + first-half pairs <= old rows - second-half pairs, so the two never meet (and the
     * same for the inserts and new rows). */
    a->moves = (cdiff_path_move *)(deletes + delete_count);
    b->moves = (cdiff_path_move *)(void *)deletes + (n - b->kept);
    a->updates = (cdiff_path_move *)(inserts + insert_count);
    b->updates = (cdiff_path_move *)(void *)inserts + (m - b->kept);
    uint32_t *lis = b->values + cdiff_min_size(m - m0, n);
    a->lis = lis;
    b->lis = lis + 2 * (size_t)a->largest + (a->largest + 3) / 4;
    run_both(context, job, finish_task, was_finished);

    memmove(a->moves + a->move_count, b->moves, b->move_count * sizeof *b->moves);
    memmove(a->updates + a->update_count, b->updates, b->update_count * sizeof *b->updates);
    out->deletes = deletes;
    out->delete_count = a->delete_count + b->delete_count;
    out->inserts = inserts;
    out->insert_count = insert_count;
    out->moves = a->moves;
    out->move_count = a->move_count + b->move_count;
    out->updates = a->updates;
    out->update_count = a->update_count + b->update_count;
}

void cdiff_finish_rows(cdiff_context *context, const cdiff_sectioned_list *old_list,
                       const cdiff_sectioned_list *new_list, const cdiff_changes *sections, const cdiff_match *match,
                       cdiff_row_changes *out) {
    const size_t n = old_list->row_count, m = new_list->row_count, new_sections = new_list->section_count;
    /* The matcher's chains and table are done: their memory now holds each old row's section
     * (old_owner) and, for each kept new row, the old section it comes from (from). The one random
     * read per matched row, old_owner[i], happens once; every later pass reads `from` in order. */
    uint32_t *old_owner = context->buffers[BUF_CHAIN].data, *from = context->buffers[BUF_SCRATCH].data;
    uint32_t *staying = from + m, *values = staying + new_sections;
    uint32_t *old_start = context->buffers[BUF_OLD_START].data, *new_start = context->buffers[BUF_NEW_START].data;
    CDIFF_PHASE_START(layout);
    lay_out_rows(old_list->row_counts, old_list->section_count, old_start, old_owner);
    lay_out_starts(new_list->row_counts, new_sections, new_start);
    CDIFF_PHASE_ADD(layout, CDIFF_PHASE_ROWS_LAYOUT);
    const uint64_t *old_contents = old_list->row_contents, *new_contents = new_list->row_contents;
    rows_job job = {.old_owner = old_owner, .old_start = old_start, .new_start = new_start,
                    .section_old_to_new = sections->old_to_new, .section_new_to_old = sections->new_to_old,
                    .old_to_new = context->row_old_to_new, .new_to_old = context->row_new_to_old, .from = from,
                    .staying = staying, .old_contents = old_contents, .new_contents = new_contents,
                    .compares = n > 0 && m > 0 && old_contents != NULL && new_contents != NULL};
    job.halves[1].end_section = new_sections;
    cdiff_path *deletes = context->buffers[BUF_DEL_MOVES].data, *inserts = context->buffers[BUF_INS_UPDATES].data;
    *out = (cdiff_row_changes){0};
    const size_t cut = splits(context, n, m) ? split_section(new_start, new_sections, m) : 0;
    if (cut > 0) {
        CDIFF_PHASE_START(both);
        finish_on_two(context, &job, n, m, cut, values, deletes, inserts, out);
        CDIFF_PHASE_ADD(both, CDIFF_PHASE_ROWS_TWO);
    } else {
        half *w = &job.halves[0];
        *w = (half){.first_section = 0, .end_section = new_sections, .first_old = 0, .end_old = n,
                    .values = values, .inserts = inserts, .deletes = deletes};
        CDIFF_PHASE_START(pairing);
        pair_walk(&job, w, false);
        CDIFF_PHASE_ADD(pairing, CDIFF_PHASE_ROWS_PAIRS);
        w->lis = values + w->gathered; /* tops, piles, marks: after every gathered value */
        finish_walk(&job, w);
        *out = (cdiff_row_changes){deletes, w->delete_count, inserts, w->insert_count, w->moves, w->move_count,
                                   w->updates, w->update_count, NULL, 0, NULL, 0, NULL, 0, NULL, 0};
    }
    out->old_to_new = context->row_old_to_new;
    out->old_count = n;
    out->new_to_old = context->row_new_to_old;
    out->new_count = m;
    out->old_duplicates = context->buffers[BUF_OLD_DUPS].data;
    out->old_duplicate_count = match->old_duplicate_count;
    out->new_duplicates = context->buffers[BUF_NEW_DUPS].data;
    out->new_duplicate_count = match->new_duplicate_count;
}
