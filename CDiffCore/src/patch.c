/* The sequential patch: the same change as steps that apply one after another.
 *
 * Order: row deletes (descending, so indices stay valid), section deletes (descending), then
 * section inserts and moves, then row inserts and moves, then updates at their final positions.
 *
 * Inserts and moves are placed with an order-statistics tree over a fixed total order T that is
 * consistent with the list at every step: survivors keep an "old slot" in old order; every
 * element that must be placed (an insert, or a move outside the LIS) gets a "new slot" right
 * before the next element of the LIS in new order (or at the end of its section). An element's
 * current index is the number of present slots before its slot, so each step costs O(log(n + m))
 * and the steps may be emitted in any order — we use ascending new positions. The moves are
 * exactly the diff's moves, so their number is the minimum as well.
 */
#include "internal.h"

#include <string.h>

/* A Fenwick tree over T counting present slots. tree[1..size]. */
typedef struct fenwick {
    uint32_t *tree;
    size_t size;
} fenwick;

static void fenwick_build(fenwick *f, const uint8_t *present) {
    memset(f->tree, 0, (f->size + 1) * sizeof(uint32_t));
    for (size_t i = 1; i <= f->size; i++) {
        f->tree[i] += present[i - 1];
        size_t parent = i + (i & (~i + 1));
        if (parent <= f->size) f->tree[parent] += f->tree[i];
    }
}

static void fenwick_add(fenwick *f, size_t position, int delta) {
    for (size_t i = position + 1; i <= f->size; i += i & (~i + 1)) f->tree[i] += (uint32_t)delta;
}

/* Present slots before `position`. */
static uint32_t fenwick_before(const fenwick *f, size_t position) {
    uint32_t sum = 0;
    for (size_t i = position; i > 0; i -= i & (~i + 1)) sum += f->tree[i];
    return sum;
}

/* The last diff seen as sections + rows, whatever its kind. */
typedef struct view {
    const cdiff_changes *sections;
    size_t old_rows, new_rows;
    const uint32_t *row_old_to_new, *row_new_to_old;
    const uint32_t *old_start, *new_start;
    size_t move_count, update_count;
    const cdiff_move *flat_moves, *flat_updates;           /* flat diff */
    const cdiff_path_move *path_moves, *path_updates;      /* sectioned diff */
} view;

static uint32_t move_from(const view *v, size_t k) {
    return v->flat_moves ? v->flat_moves[k].from
                         : v->old_start[v->path_moves[k].from.section] + v->path_moves[k].from.row;
}

static uint32_t move_from_section(const view *v, size_t k) {
    return v->flat_moves ? 0 : v->path_moves[k].from.section;
}

typedef struct emitter {
    cdiff_step *steps;
    size_t count;
} emitter;

static void emit(emitter *e, cdiff_op op, uint32_t source, uint32_t from_section, uint32_t from_row,
                 uint32_t to_section, uint32_t to_row) {
    e->steps[e->count++] = (cdiff_step){(uint32_t)op, source, {from_section, from_row}, {to_section, to_row}};
}

static void emit_deletes(const view *v, emitter *e) {
    const cdiff_changes *s = v->sections;
    for (size_t os = s->old_count; os-- > 0;) {
        if (s->old_to_new[os] == CDIFF_NONE) continue; /* its rows go with the section */
        for (uint32_t i = v->old_start[os + 1]; i-- > v->old_start[os];)
            if (v->row_old_to_new[i] == CDIFF_NONE)
                emit(e, CDIFF_OP_DELETE_ROW, i, (uint32_t)os, i - v->old_start[os], (uint32_t)os, i - v->old_start[os]);
    }
    for (size_t k = s->delete_count; k-- > 0;) {
        uint32_t os = s->deletes[k];
        emit(e, CDIFF_OP_DELETE_SECTION, os, os, 0, os, 0);
    }
}

/* Sections: survivors (old order) to new order. `scratch` holds So + Sn + (So + Sn + 1) u32 and
 * So + Sn + Sn bytes. */
static void emit_sections(const view *v, emitter *e, uint32_t *scratch) {
    const cdiff_changes *s = v->sections;
    const size_t so = s->old_count, sn = s->new_count;
    uint32_t *pos_old = scratch, *pos_new = pos_old + so;
    fenwick f = {pos_new + sn, 0};
    uint8_t *present = (uint8_t *)(f.tree + so + sn + 1), *mover = present + so + sn;
    memset(mover, 0, sn);
    for (size_t k = 0; k < s->move_count; k++) mover[s->moves[k].to] = 1;

    size_t slot = 0;
    uint32_t next_new = 0; /* new sections before this one already have slots */
    for (size_t os = 0; os < so; os++) {
        uint32_t t = s->old_to_new[os];
        if (t == CDIFF_NONE) continue;
        if (!mover[t]) {
            for (; next_new < t; next_new++) present[slot] = 0, pos_new[next_new] = (uint32_t)slot++;
            next_new = t + 1;
        }
        present[slot] = 1;
        pos_old[os] = (uint32_t)slot++;
    }
    for (; next_new < sn; next_new++) present[slot] = 0, pos_new[next_new] = (uint32_t)slot++;
    f.size = slot;
    fenwick_build(&f, present);

    for (uint32_t t = 0; t < sn; t++) {
        uint32_t os = s->new_to_old[t];
        if (os == CDIFF_NONE) {
            fenwick_add(&f, pos_new[t], 1);
            uint32_t to = fenwick_before(&f, pos_new[t]);
            emit(e, CDIFF_OP_INSERT_SECTION, t, to, 0, to, 0);
        } else if (mover[t]) {
            uint32_t from = fenwick_before(&f, pos_old[os]);
            fenwick_add(&f, pos_old[os], -1);
            fenwick_add(&f, pos_new[t], 1);
            uint32_t to = fenwick_before(&f, pos_new[t]);
            emit(e, CDIFF_OP_MOVE_SECTION, os, from, 0, to, 0);
        }
    }
}

/* Rows, once sections are in new order: one segment of T per new section. `scratch` holds
 * Ro + Rn + (Ro + Rn + 1) + (Sn + 1) u32 and Ro + Rn + Ro bytes. */
static void emit_rows(const view *v, emitter *e, uint32_t *scratch) {
    const cdiff_changes *s = v->sections;
    const size_t ro = v->old_rows, rn = v->new_rows, sn = s->new_count;
    uint32_t *pos_old = scratch, *pos_new = pos_old + ro, *segment = pos_new + rn;
    fenwick f = {segment + sn + 1, 0};
    uint8_t *present = (uint8_t *)(f.tree + ro + rn + 1), *old_mover = present + ro + rn;
    memset(old_mover, 0, ro);
    for (size_t k = 0; k < v->move_count; k++) old_mover[move_from(v, k)] = 1;

    size_t slot = 0;
    for (uint32_t t = 0; t < sn; t++) {
        segment[t] = (uint32_t)slot;
        uint32_t next_new = v->new_start[t], os = s->new_to_old[t];
        if (os != CDIFF_NONE) {
            for (uint32_t i = v->old_start[os]; i < v->old_start[os + 1]; i++) {
                uint32_t j = v->row_old_to_new[i];
                if (j == CDIFF_NONE) continue;
                if (!old_mover[i]) {
                    for (; next_new < j; next_new++) present[slot] = 0, pos_new[next_new] = (uint32_t)slot++;
                    next_new = j + 1;
                }
                present[slot] = 1;
                pos_old[i] = (uint32_t)slot++;
            }
        }
        for (; next_new < v->new_start[t + 1]; next_new++) present[slot] = 0, pos_new[next_new] = (uint32_t)slot++;
    }
    segment[sn] = (uint32_t)slot;
    f.size = slot;
    fenwick_build(&f, present);

    size_t k = 0; /* the moves are sorted by destination, the order rows are visited in */
    for (uint32_t t = 0; t < sn; t++) {
        for (uint32_t j = v->new_start[t]; j < v->new_start[t + 1]; j++) {
            uint32_t i = v->row_new_to_old[j];
            if (i != CDIFF_NONE && !old_mover[i]) continue;
            if (i == CDIFF_NONE) {
                fenwick_add(&f, pos_new[j], 1);
                uint32_t to = fenwick_before(&f, pos_new[j]) - fenwick_before(&f, segment[t]);
                emit(e, CDIFF_OP_INSERT_ROW, j, t, to, t, to);
                continue;
            }
            uint32_t from_section = s->old_to_new[move_from_section(v, k++)];
            uint32_t from = fenwick_before(&f, pos_old[i]) - fenwick_before(&f, segment[from_section]);
            fenwick_add(&f, pos_old[i], -1);
            fenwick_add(&f, pos_new[j], 1);
            uint32_t to = fenwick_before(&f, pos_new[j]) - fenwick_before(&f, segment[t]);
            emit(e, CDIFF_OP_MOVE_ROW, i, from_section, from, t, to);
        }
    }
}

static void emit_updates(const view *v, emitter *e) {
    const cdiff_changes *s = v->sections;
    for (size_t k = 0; k < s->update_count; k++)
        emit(e, CDIFF_OP_UPDATE_SECTION, s->updates[k].from, s->updates[k].to, 0, s->updates[k].to, 0);
    for (size_t k = 0; k < v->update_count; k++) {
        if (v->flat_updates) {
            cdiff_move u = v->flat_updates[k];
            emit(e, CDIFF_OP_UPDATE_ROW, u.from, 0, u.to, 0, u.to);
        } else {
            cdiff_path_move u = v->path_updates[k];
            emit(e, CDIFF_OP_UPDATE_ROW, v->old_start[u.from.section] + u.from.row, u.to.section, u.to.row,
                 u.to.section, u.to.row);
        }
    }
}

cdiff_status cdiff_patch(cdiff_context *context, const cdiff_step **steps, size_t *count) {
    if (context == NULL || steps == NULL || count == NULL) return CDIFF_ERR_NULL_ARGUMENT;
    if (context->result_kind == RESULT_NONE) return CDIFF_ERR_NO_RESULT;
    if (context->patch_valid) {
        *steps = context->buffers[BUF_PATCH_STEPS].data;
        *count = context->patch_count;
        return CDIFF_OK;
    }

    cdiff_changes one_section = {0};
    view v = {0};
    v.old_start = context->old_start;
    v.new_start = context->new_start;
    if (context->result_kind == RESULT_FLAT) {
        one_section.old_to_new = one_section.new_to_old = context->one_section_map;
        one_section.old_count = one_section.new_count = 1;
        v.sections = &one_section;
        v.old_rows = context->flat.old_count;
        v.new_rows = context->flat.new_count;
        v.row_old_to_new = context->flat.old_to_new;
        v.row_new_to_old = context->flat.new_to_old;
        v.move_count = context->flat.move_count;
        v.update_count = context->flat.update_count;
        v.flat_moves = context->flat.moves;
        v.flat_updates = context->flat.updates;
    } else {
        v.sections = &context->sections;
        v.old_rows = context->rows.old_count;
        v.new_rows = context->rows.new_count;
        v.row_old_to_new = context->rows.old_to_new;
        v.row_new_to_old = context->rows.new_to_old;
        v.move_count = context->rows.move_count;
        v.update_count = context->rows.update_count;
        v.path_moves = context->rows.moves;
        v.path_updates = context->rows.updates;
    }

    /* Steps are counted exactly; scratch reuses the diff's matcher scratch, free once the result is
     * built, so a patch usually costs only its steps. Counts are <= CDIFF_MAX_COUNT each. */
    const size_t so = v.sections->old_count, sn = v.sections->new_count, ro = v.old_rows, rn = v.new_rows;
    size_t step_count = v.sections->delete_count + v.sections->insert_count + v.sections->move_count +
                        v.sections->update_count + v.move_count + v.update_count;
    for (size_t os = 0; os < so; os++) /* rows of deleted sections go with their section */
        if (v.sections->old_to_new[os] != CDIFF_NONE)
            for (uint32_t i = v.old_start[os]; i < v.old_start[os + 1]; i++) step_count += v.row_old_to_new[i] == CDIFF_NONE;
    for (size_t j = 0; j < rn; j++) step_count += v.row_new_to_old[j] == CDIFF_NONE;
    size_t steps_bytes, section_words, row_words, section_bytes, row_bytes;
    if (!cdiff_mul(step_count, sizeof(cdiff_step), &steps_bytes) ||
        !cdiff_mul(2 * (so + sn) + 1, sizeof(uint32_t), &section_words) ||
        !cdiff_mul(2 * (ro + rn) + sn + 2, sizeof(uint32_t), &row_words))
        return CDIFF_ERR_TOO_LARGE;
    section_bytes = section_words + so + 2 * sn;
    row_bytes = row_words + 2 * ro + rn;
    cdiff_step *buffer = cdiff_reserve(context, BUF_PATCH_STEPS, steps_bytes);
    uint32_t *scratch = cdiff_reserve(context, BUF_SCRATCH, section_bytes > row_bytes ? section_bytes : row_bytes);
    if (buffer == NULL || scratch == NULL) return CDIFF_ERR_OUT_OF_MEMORY;

    emitter e = {buffer, 0};
    emit_deletes(&v, &e);
    emit_sections(&v, &e, scratch);
    emit_rows(&v, &e, scratch);
    emit_updates(&v, &e);
    context->patch_count = e.count;
    context->patch_valid = true;
    *steps = buffer;
    *count = e.count;
    return CDIFF_OK;
}
