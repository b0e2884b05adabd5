/* The finish of one matched level (a flat list, the rows of a one-section diff, or the sections of
 * a sectioned diff): deletes, inserts, minimal moves and updates, from the maps the match wrote.
 *
 * Two threads (a flat level of a large diff on a context with a runner): the work falls in two
 * parts that read the maps and never each other's output, so each is one runner task:
 * - the moves: the old indices of the new middle's matched elements (unless the match listed
 *   them), their LIS, and the moves read off its piles;
 * - the lists: the deletes, the inserts (unless the match listed them) and the updates.
 * Each part knows where the other's output ends without waiting for it: every old element of the
 * old middle is either deleted or matched with an element of the new middle (a pair that crossed
 * the trimmed ends would be a duplicate, and then nothing is trimmed), so the moves, which follow
 * the deletes, start at old middle - matched. The parts write disjoint memory: the deletes and the
 * moves in their own ranges of del_moves (the deletes' gather must then not write past its end,
 * as the one-thread gather may), the inserts and updates in ins_updates, the LIS in BUF_SCRATCH.
 * No atomics, no locks; the runner's join orders everything. A part the runner did not run (it
 * must run them all; a faulty one might not) is run by the caller afterwards. */
#include "lis.h"
#include "match_gather.h"
#include "phase_times.h"

/* Old plus new middle elements from which a flat level finishes on two threads, or from the
 * context's min_elements when that is smaller (tests lower it). */
#define FLAT_FINISH_PARALLEL_MIN ((size_t)49152)

typedef struct finish_job {
    cdiff_context *context;
    const cdiff_gathered *gathered; /* NULL, or the match's lists when `done` (see match_gather.h) */
    const uint64_t *old_contents, *new_contents;
    const uint32_t *old_to_new, *new_to_old;
    size_t m, lo, old_hi, hi;    /* the old middle is [lo, old_hi), the new middle [lo, hi) */
    uint32_t *deletes;           /* del_moves: the deletes, then the moves */
    uint32_t *inserts;           /* ins_updates: the inserts, then the updates */
    bool split;                  /* two threads: the parts run at the same time */
    /* The inserts, and the LIS input (`values`, NULL when the match fed the LIS itself), when they
     * are listed before the parts run: by the match, or by the one-thread finish in one walk. */
    bool listed;
    size_t insert_count, matched;
    const uint32_t *values;
    uint32_t *lis_scratch; /* BUF_SCRATCH, past the values when they lie there */
    /* The lists' part */
    size_t delete_count, update_count;
    cdiff_move *updates;
    bool lists_done;
    /* The moves' part */
    size_t move_count;
    cdiff_move *moves;
    bool moves_done;
} finish_job;

/* The gathers below are branch-free: every element is written at the next free place, which
 * advances only when it belongs there. Where deletes, inserts and moves lie at random, a branch
 * per element would mispredict at each of them. A place written past a list's end lies within
 * its buffer: each holds an entry per element it is gathered from.
 *
 * gather_unmatched: the indices in [lo, end) that `map` pairs with nothing, the deletes (map
 * old_to_new) or the inserts (new_to_old). */
static size_t gather_unmatched(const uint32_t *map, size_t lo, size_t end, uint32_t *unmatched) {
    size_t count = 0;
    for (size_t i = lo; i < end; i++) {
        unmatched[count] = (uint32_t)i;
        count += map[i] == CDIFF_NONE;
    }
    return count;
}

static size_t gather_values(const uint32_t *new_to_old, size_t lo, size_t hi, uint32_t *values) {
    size_t count = 0;
    for (size_t j = lo; j < hi; j++) {
        const uint32_t i = new_to_old[j];
        values[count] = i;
        count += i != CDIFF_NONE;
    }
    return count;
}

/* Both of the above in one walk (one thread). */
static size_t gather_inserts_and_values(const uint32_t *new_to_old, size_t lo, size_t hi, uint32_t *inserts,
                                        uint32_t *values, size_t *matched) {
    size_t insert_count = 0, value_count = 0;
    for (size_t j = lo; j < hi; j++) {
        const uint32_t i = new_to_old[j];
        inserts[insert_count] = (uint32_t)j;
        insert_count += i == CDIFF_NONE;
        values[value_count] = i;
        value_count += i != CDIFF_NONE;
    }
    *matched = value_count;
    return insert_count;
}

/* The moves are read off the LIS's piles in one backward walk over the new middle (see
 * cdiff_lis_piles for which subsequence): no per-element marks are written and read back, and
 * the walk has no branch per element either (an insert, skipped by a branch, would mispredict
 * where inserts lie at random). Moves are written last to first, so the walk ends with the
 * first move: the middle before it holds only kept and inserted elements. Each element is
 * written at the next free place from the end, which moves on only for a move; while a move is
 * still to come, that place is one of the moves' own. `left` counts the matched elements at or
 * before j: while a move is to come, at least one, so piles[left - 1] is always read in
 * bounds (for an insert, it is an earlier element's pile and the result is not used).
 *
 * That walk is one chain of dependent steps (each element's pile is compared with what the last
 * one left in `wanted`), about 1.4 ns an element, and most of a middle it walks holds no move: the
 * elements after the last move are members of the subsequence and inserts. So it first judges
 * blocks of WALK_BLOCK elements at once, with no dependence between them: a block of inserts only
 * changes nothing, a block of members only, whose piles run wanted - 7, ..., wanted, lowers `left`
 * and `wanted` by its length; in either, the places it would write are rewritten before a move
 * takes them. Any other block is walked element by element, as before. Measured (gcc, medians of
 * 400 warm diffs, old and new builds interleaved three times): DK-100k, whose walk crosses 40,000
 * elements to reach its moves in the first 2,000, 0.475-0.490 -> 0.431-0.452 ms; DK-100k spread,
 * a move every 50 elements, 1.008-1.029 -> 0.909-0.957. Blocks of 4 or 16 did no better. */
#define WALK_BLOCK 8

/* Whether new_to_old's block [0, WALK_BLOCK) holds no move, given `left` >= WALK_BLOCK matched
 * elements up to its end and the pile `wanted` next: its kept elements, which are the last `kept`
 * of those matched, must lie on piles wanted - kept + 1, ..., wanted. `piles` are the piles of the
 * last WALK_BLOCK matched elements. */
static inline bool block_without_moves(const uint32_t *block, const uint32_t *piles, uint32_t wanted, uint32_t *kept) {
    uint32_t count = 0;
    for (uint32_t t = 0; t < WALK_BLOCK; t++) count += block[t] != CDIFF_NONE;
    unsigned members = 1;
    for (uint32_t s = 0; s < WALK_BLOCK; s++)
        members &= (unsigned)(s + count < WALK_BLOCK) | (piles[s] + (WALK_BLOCK - 1 - s) == wanted);
    *kept = count;
    return members;
}

static void walk_moves(const uint32_t *new_to_old, size_t lo, size_t hi, size_t matched, const uint32_t *piles,
                       size_t length, cdiff_move *moves) {
    cdiff_move *next = moves + (matched - length);
    uint32_t wanted = (uint32_t)length - 1; /* the last pile */
    size_t j = hi, left = matched;
    while (next != moves) {
        size_t steps = 1;
        uint32_t block_kept;
        /* The block must lie in the middle, where `left` counts its kept elements. */
        if (j - lo >= WALK_BLOCK && left >= WALK_BLOCK) {
            if (block_without_moves(new_to_old + j - WALK_BLOCK, piles + left - WALK_BLOCK, wanted, &block_kept)) {
                j -= WALK_BLOCK;
                left -= block_kept;
                wanted -= block_kept;
                continue;
            }
            steps = WALK_BLOCK;
        }
        for (; steps > 0 && next != moves; steps--) {
            const uint32_t i = new_to_old[--j];
            const size_t kept = i != CDIFF_NONE;
            const uint32_t member = (uint32_t)kept & (piles[left - 1] == wanted);
            wanted -= member;
            left -= kept;
            next[-1] = (cdiff_move){i, (uint32_t)j};
            next -= kept & !member;
        }
    }
}

/* The moves' part: the LIS input (unless listed), its piles (unless the match fed them), the walk. */
static void finish_moves(finish_job *job) {
    size_t matched = job->matched, length;
    const uint32_t *piles;
    if (job->listed && job->values == NULL) { /* the match fed the LIS itself */
        piles = job->gathered->piles;
        length = job->gathered->lis_length;
    } else {
        const uint32_t *values = job->values;
        uint32_t *scratch = job->lis_scratch;
        if (!job->listed) {
            matched = gather_values(job->new_to_old, job->lo, job->hi, scratch);
            values = scratch;
            scratch += matched;
        }
        uint32_t *tops = scratch, *out = tops + matched;
        CDIFF_PHASE_START(lis);
        length = cdiff_lis_piles(values, matched, tops, out);
        CDIFF_PHASE_ADD(lis, CDIFF_PHASE_FINISH_LIS);
        piles = out;
    }
    /* Every old element in the middle is deleted or matched: the deletes number old middle - matched. */
    job->moves = (cdiff_move *)(job->deletes + (job->old_hi - job->lo - matched));
    job->move_count = matched - length;
    CDIFF_PHASE_START(walk);
    walk_moves(job->new_to_old, job->lo, job->hi, matched, piles, length, job->moves);
    CDIFF_PHASE_ADD(walk, CDIFF_PHASE_FINISH_MOVES);
    job->moves_done = true;
}

/* The lists' deletes, and the inserts unless listed. On two threads the moves are written after
 * the deletes at the same time: the gather then stops at the last delete, so that it writes no
 * place past its list. */
static void list_deletes_and_inserts(finish_job *job) {
    size_t end = job->old_hi;
    if (job->split)
        while (end > job->lo && job->old_to_new[end - 1] != CDIFF_NONE) end--;
    job->delete_count = gather_unmatched(job->old_to_new, job->lo, end, job->deletes);
    if (!job->listed) job->insert_count = gather_unmatched(job->new_to_old, job->lo, job->hi, job->inserts);
}

/* The updates, after the inserts; on one thread, after the moves too (the piles the match fed lie
 * in ins_updates past the inserts). */
static void list_updates(finish_job *job) {
    job->updates = (cdiff_move *)(job->inserts + job->insert_count);
    job->update_count = 0;
    const uint64_t *old_contents = job->old_contents, *new_contents = job->new_contents;
    if (old_contents == NULL || new_contents == NULL) return;
    const uint32_t *new_to_old = job->new_to_old;
    /* Branch-free as the gathers above (changed contents lie at random: a branch mispredicted at
     * each), up to the last update only, so no place past the list is written: the buffer may have
     * no room for one. An unmatched element compares old element 0's contents (there is one: an
     * element before the last update is matched) and is not counted. */
    size_t end = job->m;
    while (end > 0 && (new_to_old[end - 1] == CDIFF_NONE || old_contents[new_to_old[end - 1]] == new_contents[end - 1]))
        end--;
    cdiff_move *updates = job->updates;
    size_t count = 0;
    for (size_t j = 0; j < end; j++) {
        const uint32_t i = new_to_old[j];
        const uint32_t from = i != CDIFF_NONE ? i : 0;
        updates[count] = (cdiff_move){i, (uint32_t)j};
        count += (size_t)(i != CDIFF_NONE) & (old_contents[from] != new_contents[j]);
    }
    job->update_count = count;
}

static void finish_lists(finish_job *job) {
    list_deletes_and_inserts(job);
    list_updates(job);
    job->lists_done = true;
}

static void finish_task(void *argument, size_t index) {
    finish_job *job = argument;
    if (index == 0) finish_moves(job);
    else if (index == 1) finish_lists(job);
}

/* Whether the level finishes on two threads. Only flat levels, which pass `gathered` (a
 * sectioned diff's section level is small). Not when the match fed the LIS itself: its piles lie
 * in ins_updates, where the updates would overwrite them while the moves' part reads them. */
static bool finish_splits(const finish_job *job) {
    const cdiff_context *context = job->context;
    if (context->runner == NULL || job->gathered == NULL) return false;
    if (job->listed && job->values == NULL) return false;
    const size_t elements = (job->old_hi - job->lo) + (job->hi - job->lo);
    return elements >= cdiff_min_size(FLAT_FINISH_PARALLEL_MIN, context->parallel_min);
}

/* cdiff_finish_level, taking the inserts and the LIS's values from `gathered` when the match listed
 * them (match_gather.h): then inserts lie at ins_updates already and the values in BUF_CHAIN, and
 * the LIS's scratch is BUF_SCRATCH, which the match no longer needs. */
void cdiff_finish_level_gathered(cdiff_context *context, const cdiff_match *match, const cdiff_gathered *gathered,
                                 const uint64_t *old_contents, const uint64_t *new_contents, void *del_moves,
                                 void *ins_updates, cdiff_changes *out) {
    const size_t n = out->old_count, m = out->new_count;
    finish_job job = {.context = context, .gathered = gathered, .old_contents = old_contents,
                      .new_contents = new_contents, .old_to_new = out->old_to_new, .new_to_old = out->new_to_old,
                      .m = m, .lo = match->prefix, .old_hi = n - match->suffix, .hi = m - match->suffix,
                      .deletes = del_moves, .inserts = ins_updates, .lis_scratch = context->buffers[BUF_SCRATCH].data};
    if (gathered != NULL && gathered->done && gathered->inserts == job.inserts) {
        job.listed = true;
        job.insert_count = gathered->insert_count;
        job.matched = gathered->value_count;
        job.values = gathered->values;
    }
    job.split = finish_splits(&job);
    if (job.split) {
        CDIFF_PHASE_START(both);
        context->runner(context->runner_data, 2, finish_task, &job);
        if (!job.moves_done) finish_moves(&job);
        if (!job.lists_done) finish_lists(&job);
        CDIFF_PHASE_ADD(both, CDIFF_PHASE_FINISH_TWO);
    } else {
        CDIFF_PHASE_START(gather);
        job.delete_count = gather_unmatched(job.old_to_new, job.lo, job.old_hi, job.deletes);
        if (!job.listed) {
            /* One walk over the new middle lists both the inserts and the LIS input. */
            uint32_t *values = job.lis_scratch;
            job.insert_count = gather_inserts_and_values(job.new_to_old, job.lo, job.hi, job.inserts, values,
                                                         &job.matched);
            job.values = values;
            job.lis_scratch = values + job.matched;
            job.listed = true;
        }
        CDIFF_PHASE_ADD(gather, CDIFF_PHASE_FINISH_GATHER);
        finish_moves(&job);
        CDIFF_PHASE_START(updates);
        list_updates(&job);
        CDIFF_PHASE_ADD(updates, CDIFF_PHASE_FINISH_UPDATES);
    }
    out->deletes = job.deletes;
    out->delete_count = job.delete_count;
    out->inserts = job.inserts;
    out->insert_count = job.insert_count;
    out->moves = job.moves;
    out->move_count = job.move_count;
    out->updates = job.updates;
    out->update_count = job.update_count;
}

void cdiff_finish_level(cdiff_context *context, const cdiff_match *match, const uint64_t *old_contents,
                        const uint64_t *new_contents, void *del_moves, void *ins_updates, cdiff_changes *out) {
    cdiff_finish_level_gathered(context, match, NULL, old_contents, new_contents, del_moves, ins_updates, out);
}
