/* The oracle for sequential patches: replay the steps on a model of old and demand new. */
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"

/* The documented order: row deletes, section deletes, section inserts/moves, row
 * inserts/moves, updates. Returns the phase of an op (ops > 7 are rejected before). */
static int phase_of(uint32_t op) {
    static const int phase[8] = {1, 2, 2, 4, 0, 3, 3, 4};
    return phase[op];
}

static const char *op_name(uint32_t op) {
    static const char *names[8] = {"DELETE_SECTION", "INSERT_SECTION", "MOVE_SECTION", "UPDATE_SECTION",
                                   "DELETE_ROW",     "INSERT_ROW",     "MOVE_ROW",     "UPDATE_ROW"};
    return op < 8 ? names[op] : "unknown op";
}

static int same_path(cdiff_path a, cdiff_path b) { return a.section == b.section && a.row == b.row; }

static void remove_at(uint64_t *a, size_t *len, size_t at) {
    memmove(a + at, a + at + 1, (*len - at - 1) * sizeof *a);
    (*len)--;
}

static void insert_at(uint64_t *a, size_t *len, size_t at, uint64_t value) {
    memmove(a + at + 1, a + at, (*len - at) * sizeof *a);
    a[at] = value;
    (*len)++;
}

static int compare_move_to(const void *x, const void *y) {
    const cdiff_move *a = x, *b = y;
    return a->to < b->to ? -1 : (a->to > b->to);
}

/* Shared bookkeeping: order of phases, descending deletes, step counts. */
typedef struct replay {
    int phase;
    size_t counts[8];
    int have_row_delete, have_section_delete;
    cdiff_path last_row_delete;
    uint32_t last_section_delete;
} replay;

static const char *common_step(replay *r, size_t k, const cdiff_step *s) {
    if (s->op > CDIFF_OP_UPDATE_ROW) return check_fail("step %zu: op %u is not a cdiff_op", k, s->op);
    if (phase_of(s->op) < r->phase) return check_fail("step %zu: %s after a later phase (documented order broken)", k, op_name(s->op));
    r->phase = phase_of(s->op);
    r->counts[s->op]++;
    int one_position = s->op == CDIFF_OP_DELETE_SECTION || s->op == CDIFF_OP_INSERT_SECTION ||
                       s->op == CDIFF_OP_UPDATE_SECTION || s->op == CDIFF_OP_DELETE_ROW || s->op == CDIFF_OP_INSERT_ROW ||
                       s->op == CDIFF_OP_UPDATE_ROW;
    if (one_position && !same_path(s->from, s->to)) return check_fail("step %zu: %s with from != to", k, op_name(s->op));
    if (s->op == CDIFF_OP_DELETE_ROW) {
        if (r->have_row_delete && !(s->from.section < r->last_row_delete.section ||
                                    (s->from.section == r->last_row_delete.section && s->from.row < r->last_row_delete.row)))
            return check_fail("step %zu: row deletes not strictly descending", k);
        r->have_row_delete = 1;
        r->last_row_delete = s->from;
    }
    if (s->op == CDIFF_OP_DELETE_SECTION) {
        if (r->have_section_delete && s->from.section >= r->last_section_delete)
            return check_fail("step %zu: section deletes not strictly descending", k);
        r->have_section_delete = 1;
        r->last_section_delete = s->from.section;
    }
    return NULL;
}

const char *check_flat_patch(const cdiff_list *old_list, const cdiff_list *new_list, const cdiff_changes *c,
                             const cdiff_step *steps, size_t step_count) {
    const char *err = NULL;
    size_t n = old_list->count, m = new_list->count, len = n, updates = 0;
    uint64_t *model = check_calloc(n + m + 1, sizeof *model);
    cdiff_move *seen = check_calloc(step_count, sizeof *seen);
    replay r;
    memset(&r, 0, sizeof r);
    for (size_t i = 0; i < n; i++) model[i] = i;
    if (step_count && !steps) {
        err = check_fail("NULL steps with count %zu", step_count);
        goto done;
    }
    for (size_t k = 0; k < step_count && !err; k++) {
        const cdiff_step *s = &steps[k];
        if ((err = common_step(&r, k, s))) break;
        if (s->op < CDIFF_OP_DELETE_ROW || s->from.section || s->to.section) {
            err = check_fail("step %zu: %s in a flat patch (only section 0 row steps)", k, op_name(s->op));
            break;
        }
        switch (s->op) {
        case CDIFF_OP_DELETE_ROW:
        case CDIFF_OP_MOVE_ROW:
        case CDIFF_OP_UPDATE_ROW:
            if (s->from.row >= len || model[s->from.row] != s->source) {
                err = check_fail("step %zu: %s at %u does not find old %u", k, op_name(s->op), s->from.row, s->source);
                break;
            }
            if (s->op == CDIFF_OP_UPDATE_ROW) {
                seen[updates].from = s->source;
                seen[updates++].to = s->to.row;
                break;
            }
            remove_at(model, &len, s->from.row);
            if (s->op == CDIFF_OP_MOVE_ROW) {
                if (s->to.row > len) err = check_fail("step %zu: move to %u beyond length %zu", k, s->to.row, len);
                else insert_at(model, &len, s->to.row, s->source);
            }
            break;
        case CDIFF_OP_INSERT_ROW:
            if (s->source >= m || c->new_to_old[s->source] != CDIFF_NONE)
                err = check_fail("step %zu: insert of new %u, which is not an insert", k, s->source);
            else if (s->to.row > len) err = check_fail("step %zu: insert at %u beyond length %zu", k, s->to.row, len);
            else insert_at(model, &len, s->to.row, CHECK_NEW_TOKEN(s->source));
            break;
        }
    }
    if (err) goto done;
    if (len != m) {
        err = check_fail("replay ends with %zu elements, new has %zu", len, m);
        goto done;
    }
    for (size_t j = 0; j < m; j++) {
        uint64_t expected = c->new_to_old[j] == CDIFF_NONE ? CHECK_NEW_TOKEN(j) : c->new_to_old[j];
        if (model[j] != expected) {
            err = check_fail("replay puts %s %u at %zu, expected %s %u", model[j] & CHECK_NEW_BIT ? "new" : "old",
                             (uint32_t)model[j], j, expected & CHECK_NEW_BIT ? "new" : "old", (uint32_t)expected);
            goto done;
        }
    }
    if (r.counts[CDIFF_OP_DELETE_ROW] != c->delete_count || r.counts[CDIFF_OP_INSERT_ROW] != c->insert_count ||
        r.counts[CDIFF_OP_MOVE_ROW] != c->move_count || updates != c->update_count) {
        err = check_fail("step counts delete/insert/move/update %zu/%zu/%zu/%zu, diff has %zu/%zu/%zu/%zu",
                         r.counts[CDIFF_OP_DELETE_ROW], r.counts[CDIFF_OP_INSERT_ROW], r.counts[CDIFF_OP_MOVE_ROW], updates,
                         c->delete_count, c->insert_count, c->move_count, c->update_count);
        goto done;
    }
    qsort(seen, updates, sizeof *seen, compare_move_to);
    for (size_t k = 0; k < updates; k++)
        if (seen[k].from != c->updates[k].from || seen[k].to != c->updates[k].to) {
            err = check_fail("update steps differ from the diff's updates at %zu: (%u -> %u) vs (%u -> %u)", k, seen[k].from,
                             seen[k].to, c->updates[k].from, c->updates[k].to);
            goto done;
        }
done:
    free(model);
    free(seen);
    return err;
}

/* ---- Sectioned ---- */

typedef struct section {
    uint64_t token;
    uint64_t *rows;
    size_t len, capacity;
} section;

static void section_insert_row(section *s, size_t at, uint64_t value) {
    if (s->len == s->capacity) {
        s->capacity = s->capacity ? 2 * s->capacity : 8;
        uint64_t *rows = realloc(s->rows, s->capacity * sizeof *rows);
        if (!rows) abort();
        s->rows = rows;
    }
    insert_at(s->rows, &s->len, at, value);
}

typedef struct row_update {
    uint32_t source;
    cdiff_path to;
} row_update;

static int compare_row_update(const void *x, const void *y) {
    const row_update *a = x, *b = y;
    if (a->to.section != b->to.section) return a->to.section < b->to.section ? -1 : 1;
    return a->to.row < b->to.row ? -1 : (a->to.row > b->to.row);
}

typedef struct model2d {
    section *sections;
    size_t len;
} model2d;

static void model_insert_section(model2d *md, size_t at, section s) {
    memmove(md->sections + at + 1, md->sections + at, (md->len - at) * sizeof *md->sections);
    md->sections[at] = s;
    md->len++;
}

static section model_remove_section(model2d *md, size_t at) {
    section s = md->sections[at];
    memmove(md->sections + at, md->sections + at + 1, (md->len - at - 1) * sizeof *md->sections);
    md->len--;
    return s;
}

static section empty_section(uint64_t token) {
    section s;
    s.token = token;
    s.rows = NULL;
    s.len = s.capacity = 0;
    return s;
}

static const char *replay_sectioned(model2d *md, replay *r, const cdiff_step *s, size_t k, const check_layout *ln,
                                    const cdiff_changes *sections, const cdiff_row_changes *rows, row_update *row_updates,
                                    size_t *row_update_count, cdiff_move *section_updates, size_t *section_update_count) {
    const char *err = common_step(r, k, s);
    if (err) return err;
    const char *name = op_name(s->op);
    switch (s->op) {
    case CDIFF_OP_DELETE_SECTION:
    case CDIFF_OP_MOVE_SECTION:
    case CDIFF_OP_UPDATE_SECTION:
        if (s->from.section >= md->len || md->sections[s->from.section].token != s->source)
            return check_fail("step %zu: %s at %u does not find old section %u", k, name, s->from.section, s->source);
        if (s->op == CDIFF_OP_UPDATE_SECTION) {
            section_updates[*section_update_count].from = s->source;
            section_updates[(*section_update_count)++].to = s->to.section;
            return NULL;
        }
        {
            section moved = model_remove_section(md, s->from.section);
            if (s->op == CDIFF_OP_DELETE_SECTION) {
                free(moved.rows);
                return NULL;
            }
            if (s->to.section > md->len) {
                free(moved.rows);
                return check_fail("step %zu: section move to %u beyond %zu sections", k, s->to.section, md->len);
            }
            model_insert_section(md, s->to.section, moved);
        }
        return NULL;
    case CDIFF_OP_INSERT_SECTION:
        if (s->source >= ln->section_count || sections->new_to_old[s->source] != CDIFF_NONE)
            return check_fail("step %zu: insert of new section %u, which is not an insert", k, s->source);
        if (s->to.section > md->len) return check_fail("step %zu: section insert at %u beyond %zu", k, s->to.section, md->len);
        model_insert_section(md, s->to.section, empty_section(CHECK_NEW_TOKEN(s->source)));
        return NULL;
    case CDIFF_OP_DELETE_ROW:
    case CDIFF_OP_MOVE_ROW:
    case CDIFF_OP_UPDATE_ROW: {
        section *from = s->from.section < md->len ? &md->sections[s->from.section] : NULL;
        if (!from || s->from.row >= from->len || from->rows[s->from.row] != s->source)
            return check_fail("step %zu: %s at (%u,%u) does not find old row %u", k, name, s->from.section, s->from.row, s->source);
        if (s->op == CDIFF_OP_UPDATE_ROW) {
            row_updates[*row_update_count].source = s->source;
            row_updates[(*row_update_count)++].to = s->to;
            return NULL;
        }
        remove_at(from->rows, &from->len, s->from.row);
        if (s->op == CDIFF_OP_DELETE_ROW) return NULL;
        section *to = s->to.section < md->len ? &md->sections[s->to.section] : NULL;
        if (!to || s->to.row > to->len) return check_fail("step %zu: row move to (%u,%u) out of bounds", k, s->to.section, s->to.row);
        section_insert_row(to, s->to.row, s->source);
        return NULL;
    }
    case CDIFF_OP_INSERT_ROW: {
        section *to = s->to.section < md->len ? &md->sections[s->to.section] : NULL;
        if (s->source >= ln->row_count || rows->new_to_old[s->source] != CDIFF_NONE)
            return check_fail("step %zu: insert of new row %u, which is not an insert", k, s->source);
        if (!to || s->to.row > to->len) return check_fail("step %zu: row insert at (%u,%u) out of bounds", k, s->to.section, s->to.row);
        section_insert_row(to, s->to.row, CHECK_NEW_TOKEN(s->source));
        return NULL;
    }
    }
    return NULL;
}

const char *check_sectioned_patch(const cdiff_sectioned_list *old_list, const cdiff_sectioned_list *new_list,
                                  const cdiff_changes *sections, const cdiff_row_changes *rows, const cdiff_step *steps,
                                  size_t step_count) {
    const char *err = NULL;
    check_layout lo, ln;
    if ((err = check_layout_init(&lo, old_list))) return err;
    if ((err = check_layout_init(&ln, new_list))) {
        check_layout_free(&lo);
        return err;
    }
    model2d md;
    md.len = 0;
    md.sections = check_calloc(lo.section_count + ln.section_count + 1, sizeof *md.sections);
    row_update *row_updates = check_calloc(step_count, sizeof *row_updates);
    cdiff_move *section_updates = check_calloc(step_count, sizeof *section_updates);
    size_t row_update_count = 0, section_update_count = 0;
    replay r;
    memset(&r, 0, sizeof r);
    for (size_t s = 0; s < lo.section_count; s++) {
        section sec = empty_section(s);
        for (size_t g = lo.offsets[s]; g < lo.offsets[s + 1]; g++) section_insert_row(&sec, sec.len, g);
        md.sections[md.len++] = sec;
    }
    if (step_count && !steps) err = check_fail("NULL steps with count %zu", step_count);
    for (size_t k = 0; k < step_count && !err; k++)
        err = replay_sectioned(&md, &r, &steps[k], k, &ln, sections, rows, row_updates, &row_update_count, section_updates,
                               &section_update_count);
    if (err) goto done;
    if (md.len != ln.section_count) {
        err = check_fail("replay ends with %zu sections, new has %zu", md.len, ln.section_count);
        goto done;
    }
    for (size_t t = 0; t < md.len; t++) {
        uint64_t expected = sections->new_to_old[t] == CDIFF_NONE ? CHECK_NEW_TOKEN(t) : sections->new_to_old[t];
        const section *sec = &md.sections[t];
        if (sec->token != expected) {
            err = check_fail("replay puts %s section %u at %zu", sec->token & CHECK_NEW_BIT ? "new" : "old", (uint32_t)sec->token, t);
            goto done;
        }
        if (sec->len != ln.offsets[t + 1] - ln.offsets[t]) {
            err = check_fail("replay ends with %zu rows in section %zu, new has %zu", sec->len, t, ln.offsets[t + 1] - ln.offsets[t]);
            goto done;
        }
        for (size_t r2 = 0; r2 < sec->len; r2++) {
            size_t j = ln.offsets[t] + r2;
            uint64_t want = rows->new_to_old[j] == CDIFF_NONE ? CHECK_NEW_TOKEN(j) : rows->new_to_old[j];
            if (sec->rows[r2] != want) {
                err = check_fail("replay puts %s row %u at (%zu,%zu), expected %s row %u", sec->rows[r2] & CHECK_NEW_BIT ? "new" : "old",
                                 (uint32_t)sec->rows[r2], t, r2, want & CHECK_NEW_BIT ? "new" : "old", (uint32_t)want);
                goto done;
            }
        }
    }
    /* Row deletes inside a deleted section may be left to DELETE_SECTION ("with whatever rows
     * it holds"), so only those are allowed to be missing; everything else is one step each. */
    if (r.counts[CDIFF_OP_MOVE_SECTION] != sections->move_count || r.counts[CDIFF_OP_MOVE_ROW] != rows->move_count ||
        r.counts[CDIFF_OP_DELETE_SECTION] != sections->delete_count ||
        r.counts[CDIFF_OP_INSERT_SECTION] != sections->insert_count || r.counts[CDIFF_OP_INSERT_ROW] != rows->insert_count ||
        r.counts[CDIFF_OP_DELETE_ROW] > rows->delete_count) {
        err = check_fail("step counts (section del/ins/move %zu/%zu/%zu, row del/ins/move %zu/%zu/%zu) disagree with the diff "
                         "(%zu/%zu/%zu, %zu/%zu/%zu)",
                         r.counts[0], r.counts[1], r.counts[2], r.counts[4], r.counts[5], r.counts[6], sections->delete_count,
                         sections->insert_count, sections->move_count, rows->delete_count, rows->insert_count, rows->move_count);
        goto done;
    }
    if (section_update_count != sections->update_count || row_update_count != rows->update_count) {
        err = check_fail("update steps section/row %zu/%zu, diff has %zu/%zu", section_update_count, row_update_count,
                         sections->update_count, rows->update_count);
        goto done;
    }
    qsort(section_updates, section_update_count, sizeof *section_updates, compare_move_to);
    for (size_t k = 0; k < section_update_count; k++)
        if (section_updates[k].from != sections->updates[k].from || section_updates[k].to != sections->updates[k].to) {
            err = check_fail("section update steps differ from the diff's section updates at %zu", k);
            goto done;
        }
    qsort(row_updates, row_update_count, sizeof *row_updates, compare_row_update);
    for (size_t k = 0; k < row_update_count; k++) {
        const cdiff_path_move *u = &rows->updates[k];
        if (lo.offsets[u->from.section] + u->from.row != row_updates[k].source || !same_path(u->to, row_updates[k].to)) {
            err = check_fail("row update steps differ from the diff's row updates at %zu", k);
            goto done;
        }
    }
done:
    for (size_t t = 0; t < md.len; t++) free(md.sections[t].rows);
    free(md.sections);
    free(row_updates);
    free(section_updates);
    check_layout_free(&lo);
    check_layout_free(&ln);
    return err;
}
