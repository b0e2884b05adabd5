/* The README's 30-second C example: diff two lists of names, print the changes and the patch.
 * Build: cc quickstart.c $(pkg-config --cflags --libs cdiffcore)   (or make -C CDiffCore example) */
#include <CDiffCore.h>
#include <stdio.h>
#include <string.h>

static uint64_t id_of(const char *name) { return cdiff_fingerprint(name, strlen(name), 0); }

int main(void) {
    const char *old_names[] = {"ada", "grace", "linus"};
    const char *new_names[] = {"linus", "ada", "barbara"};
    uint64_t old_ids[3], new_ids[3];
    for (int i = 0; i < 3; i++) old_ids[i] = id_of(old_names[i]), new_ids[i] = id_of(new_names[i]);

    cdiff_context *context = cdiff_context_create(); /* one per thread; reuse it across diffs */
    if (context == NULL) return 1;
    cdiff_list old_list = {old_ids, NULL, 3}, new_list = {new_ids, NULL, 3};
    cdiff_changes changes; /* arrays owned by the context, valid until its next diff */
    cdiff_status status = cdiff_diff(context, &old_list, &new_list, &changes);
    if (status != CDIFF_OK) {
        fprintf(stderr, "diff failed: %s\n", cdiff_status_name(status));
        cdiff_context_free(context);
        return 1;
    }
    for (size_t k = 0; k < changes.delete_count; k++) printf("delete %s\n", old_names[changes.deletes[k]]);
    for (size_t k = 0; k < changes.insert_count; k++) printf("insert %s\n", new_names[changes.inserts[k]]);
    for (size_t k = 0; k < changes.move_count; k++)
        printf("move   %s %u -> %u\n", old_names[changes.moves[k].from], changes.moves[k].from, changes.moves[k].to);

    const cdiff_step *steps; /* the same change as steps applied one after another */
    size_t count;
    if (cdiff_patch(context, &steps, &count) == CDIFF_OK)
        printf("patch: %zu steps\n", count);
    cdiff_context_free(context);
    return 0;
}
