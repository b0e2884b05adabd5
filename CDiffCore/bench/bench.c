/* CDiffCore benchmark: fixed-seed workloads (tests/workloads.c), warm-up, then timed runs of
 * cdiff_diff / cdiff_diff_sectioned on a reused context and of cdiff_patch; prints median,
 * min and max beside the targets, moves and peak scratch per input element. The cold figure is
 * the first diff on a fresh context (its scratch allocated and faulted in), beside the warm
 * median. The "2 thr" column is the warm median again on a context with a runner (tests/worker.c:
 * one persistent pthread worker), which matches large passes on two threads. Then flooding input
 * (tests/hostile.c) against random input of the same size.
 *
 * The floor column is what no diff can beat: a plain loop that reads both sides' identity
 * fingerprints once (sectioned: section and row ids) and writes a 32-bit word per element, over
 * warm arrays, sampled before and after the diff's runs; "x floor" is the diff's median over it.
 * Issue 36's target is x floor <= 10 on DK-100k, its spread, 1M and sectioned (`rowdiff bench`
 * prints the same row for the Swift runner).
 *
 *   bench [--json] [--runs N] [--only NAME|flood] [--min N] [--phases]
 *
 * --min N: the two-thread runner's min_elements (default 0, the core's CDIFF_PARALLEL_MIN_ELEMENTS);
 * the typed Swift path passes 131072, which puts DK-100k, its spread and the sectioned rows on two
 * threads.
 *
 * --phases (a build with the phase timers, `make bench-phases`; see src/phase_times.h): after each
 * workload's runs, as many diffs again on the one-thread context with every pass timed, and where
 * their time goes, pass by pass, in ms and as a multiple of the floor. The timers cost a few
 * microseconds a diff (two clock reads per pass; the rows' LIS and moves: per section).
 *
 * Times are wall clock (CLOCK_MONOTONIC) and noisy on shared machines: compare runs made
 * back to back, and gate CI on the tests' allocation counts, not on these numbers. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "hostile.h"
#include "../src/phase_times.h" /* the phase timers (make bench-phases) */
#include "rng.h"
#include "worker.h"
#include "workloads.h"

#define BENCH_SEED 0xB0B5EEDull
#define SCRATCH_TARGET 40.0 /* bytes per input element */
#define COLD_TARGET 1.5     /* first diff on a fresh context, over the warm median */
#define FLOOD_TARGET 3.0    /* flooding input, over random input of the same size */
#define FLOOD_COUNT 200000

/* What is printed per workload (the inputs are freed before printing). */
typedef struct result {
    const char *name, *description;
    double target_ms;
    size_t old_count, new_count, elements, moves, steps, scratch_diff, scratch, runs;
    double median, min, max, patch_median, cold;
    double floor; /* the memory floor's median (floor_pass) */
    double median_two; /* warm median with a two-thread runner, 0 when none could be started */
    long cold_faults; /* pages the cold diff touched for the first time (minor page faults) */
    int ok;
    double phased_mean;               /* --phases: the mean diff with the timers on */
    double phase[CDIFF_PHASE_COUNT];  /* --phases: the mean ms per pass */
} result;

/* The machine, so a table can be quoted with it; the load average because on a shared machine
 * it explains most of the run-to-run noise. */
static void machine(char *out, size_t size) {
    char model[128] = "unknown CPU", line[256];
    int cpus = 0;
    double load = -1;
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof line, f)) {
        if (!strncmp(line, "model name", 10)) {
            char *colon = strchr(line, ':');
            if (colon && cpus == 0) snprintf(model, sizeof model, "%s", colon + 2);
            cpus++;
        }
    }
    if (f) fclose(f);
    model[strcspn(model, "\n")] = 0;
    f = fopen("/proc/loadavg", "r");
    if (f && fscanf(f, "%lf", &load) != 1) load = -1;
    if (f) fclose(f);
    snprintf(out, size, "%s, %d CPUs, load %.2f, compiler %s", model, cpus, load,
#if defined(__clang__)
             "clang " __clang_version__
#elif defined(__GNUC__)
             "gcc " __VERSION__
#else
             "unknown"
#endif
    );
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int compare_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : (a > b);
}

static double median_of(double *samples, size_t count) {
    qsort(samples, count, sizeof *samples, compare_double);
    return count % 2 ? samples[count / 2] : (samples[count / 2 - 1] + samples[count / 2]) / 2;
}

/* ---- The memory floor ---- */

/* Each fingerprint's halves xored into one word: depends on every byte read. gcc vectorizes only
 * at -O3 (its -O2 cost model leaves loops with a remainder scalar), clang at -O2 already: the floor
 * is the plain loop a compiler makes fast, not a scalar one. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((noinline, optimize("O3")))
#elif defined(__clang__)
__attribute__((noinline))
#endif
static void floor_fold(const uint64_t *ids, size_t count, uint32_t *out) {
    for (size_t i = 0; i < count; i++) out[i] = (uint32_t)(ids[i] ^ ids[i] >> 32);
}

static size_t floor_words(const workload *w) {
    if (w->sectioned)
        return w->old_sectioned.section_count + w->old_sectioned.row_count + w->new_sectioned.section_count +
               w->new_sectioned.row_count;
    return w->old_flat.count + w->new_flat.count;
}

/* One pass: both sides' identity fingerprints read once, a word written per element. */
static uint32_t floor_pass(const workload *w, uint32_t *out) {
    if (w->sectioned) {
        const sectioned_input *o = &w->old_sectioned, *n = &w->new_sectioned;
        floor_fold(o->section_ids, o->section_count, out);
        out += o->section_count;
        floor_fold(o->row_ids, o->row_count, out);
        out += o->row_count;
        floor_fold(n->section_ids, n->section_count, out);
        out += n->section_count;
        floor_fold(n->row_ids, n->row_count, out);
    } else {
        floor_fold(w->old_flat.ids, w->old_flat.count, out);
        floor_fold(w->new_flat.ids, w->new_flat.count, out + w->old_flat.count);
    }
    return out[0];
}

/* `runs` timed passes after one untimed, appended at samples[*count]. */
static void sample_floor(const workload *w, uint32_t *out, size_t runs, double *samples, size_t *count) {
    volatile uint32_t sink = floor_pass(w, out);
    for (size_t k = 0; k < runs; k++) {
        double start = now_ms();
        sink = floor_pass(w, out);
        samples[(*count)++] = now_ms() - start;
    }
    (void)sink;
}

/* One diff on the context; returns its move count (sections + rows when sectioned). */
static size_t run_diff(cdiff_context *context, const workload *w) {
    if (w->sectioned) {
        cdiff_sectioned_list o = sectioned_input_list(&w->old_sectioned, 1, 1), n = sectioned_input_list(&w->new_sectioned, 1, 1);
        cdiff_changes sections;
        cdiff_row_changes rows;
        if (cdiff_diff_sectioned(context, &o, &n, &sections, &rows) != CDIFF_OK) return SIZE_MAX;
        return sections.move_count + rows.move_count;
    }
    cdiff_list o = flat_input_list(&w->old_flat, 0), n = flat_input_list(&w->new_flat, 0);
    cdiff_changes changes;
    if (cdiff_diff(context, &o, &n, &changes) != CDIFF_OK) return SIZE_MAX;
    return changes.move_count;
}

/* --phases: `runs` diffs on `context` with the phase timers on; their means into r. */
static int phases; /* --phases */

static void measure_phases(cdiff_context *context, const workload *w, size_t runs, result *r) {
#ifdef CDIFF_PHASE_TIMES
    for (int k = 0; k < CDIFF_PHASE_COUNT; k++) cdiff_phase_ms[k] = 0;
    double start = now_ms();
    for (size_t k = 0; k < runs; k++) run_diff(context, w);
    r->phased_mean = (now_ms() - start) / (double)runs;
    for (int k = 0; k < CDIFF_PHASE_COUNT; k++) r->phase[k] = cdiff_phase_ms[k] / (double)runs;
#else
    (void)context, (void)w, (void)runs, (void)r;
#endif
}

/* Minor page faults of the process so far: each is a page written for the first time. */
static long minor_faults(void) {
    struct rusage usage;
    return getrusage(RUSAGE_SELF, &usage) == 0 ? usage.ru_minflt : 0;
}

/* The warm median on a context whose runner is `runner` (same warm-up as the serial runs). */
static size_t parallel_min; /* --min */

static double warm_median(const workload *w, size_t runs, worker *runner, double *samples) {
    cdiff_context *context = cdiff_context_create();
    if (!context) return 0;
    cdiff_context_set_runner(context, worker_run, runner, parallel_min);
    run_diff(context, w);
    run_diff(context, w);
    for (size_t k = 0; k < runs; k++) {
        double start = now_ms();
        run_diff(context, w);
        samples[k] = now_ms() - start;
    }
    cdiff_context_free(context);
    return median_of(samples, runs);
}

static int measure(const workload *w, size_t runs, worker *runner, result *r) {
    double *samples = calloc(runs, sizeof *samples), *patch_samples = calloc(runs, sizeof *patch_samples);
    double *floor_samples = calloc(2 * runs, sizeof *floor_samples);
    uint32_t *floor_out = calloc(floor_words(w), sizeof *floor_out); /* calloc'd pages are written on first use */
    cdiff_context *context = cdiff_context_create();
    if (!samples || !patch_samples || !floor_samples || !floor_out || !context) return 0;
    memset(floor_out, 0, floor_words(w) * sizeof *floor_out);
    memset(r, 0, sizeof *r);
    r->name = w->name;
    r->description = w->description;
    r->target_ms = w->target_ms;
    r->elements = workload_elements(w);
    r->runs = runs;
    r->old_count = w->sectioned ? w->old_sectioned.row_count : w->old_flat.count;
    r->new_count = w->sectioned ? w->new_sectioned.row_count : w->new_flat.count;
    long faults_before = minor_faults();
    double cold_start = now_ms();
    r->moves = run_diff(context, w); /* cold: the context's scratch is allocated and faulted in here */
    r->cold = now_ms() - cold_start;
    r->cold_faults = minor_faults() - faults_before;
    r->moves = run_diff(context, w); /* warm-up: caches warm */
    size_t floor_count = 0;
    sample_floor(w, floor_out, runs, floor_samples, &floor_count);
    run_diff(context, w); /* the floor's pass evicted some of the diff's memory: warm it again */
    for (size_t k = 0; k < runs; k++) {
        double start = now_ms();
        r->moves = run_diff(context, w);
        samples[k] = now_ms() - start;
    }
    sample_floor(w, floor_out, runs, floor_samples, &floor_count);
    r->floor = median_of(floor_samples, floor_count);
    r->scratch_diff = cdiff_context_memory(context);
    /* A patch is computed once per result, so each timed patch follows an untimed diff. */
    const cdiff_step *steps;
    for (size_t k = 0; k < runs; k++) {
        run_diff(context, w);
        double start = now_ms();
        if (cdiff_patch(context, &steps, &r->steps) != CDIFF_OK) r->moves = SIZE_MAX;
        patch_samples[k] = now_ms() - start;
    }
    r->scratch = cdiff_context_memory(context);
    if (phases) measure_phases(context, w, runs, r);
    r->median = median_of(samples, runs);
    r->min = samples[0];
    r->max = samples[runs - 1];
    r->patch_median = median_of(patch_samples, runs);
    r->median_two = runner ? warm_median(w, runs, runner, patch_samples) : 0;
    r->ok = r->moves != SIZE_MAX && (w->target_ms == 0 || r->median <= w->target_ms) &&
            (double)r->scratch_diff / (double)r->elements <= SCRATCH_TARGET;
    cdiff_context_free(context);
    free(samples);
    free(patch_samples);
    free(floor_samples);
    free(floor_out);
    return r->moves != SIZE_MAX;
}

/* ---- Flooding input ---- */

/* 200,000 ids diffed against their reversal: random ids, ids that all share one slot of the slot
 * function 1.0.0 shipped (fixed, invertible: anyone could build them), and ids built against the
 * context's own keys (known here through the internal hook: they exhaust the probe budget), matched
 * under redrawn keys, and with the keys kept (a test hook), which leaves the sort. Each on its own
 * context, medians of interleaved runs; the keyed contexts get their known keys back before each. */
enum { FLOOD_RANDOM, FLOOD_LEGACY, FLOOD_KEYED, FLOOD_SORTED, FLOOD_KINDS };
static const char *const flood_names[FLOOD_KINDS] = {"random", "flood vs 1.0.0", "flood, keys known", "same, keys kept"};

typedef struct flood_result {
    double median[FLOOD_KINDS];
    size_t redraws[FLOOD_KINDS], sorted_levels[FLOOD_KINDS];
} flood_result;

static int measure_floods(size_t runs, flood_result *out) {
    const size_t count = FLOOD_COUNT;
    uint64_t *ids[FLOOD_KINDS], *reversed[FLOOD_KINDS];
    double *samples = calloc(runs * FLOOD_KINDS, sizeof *samples);
    cdiff_context *contexts[FLOOD_KINDS];
    int ok = samples != NULL;
    for (int k = 0; k < FLOOD_KINDS; k++) {
        ids[k] = malloc(count * sizeof(uint64_t));
        reversed[k] = malloc(count * sizeof(uint64_t));
        contexts[k] = cdiff_context_create();
        ok = ok && ids[k] && reversed[k] && contexts[k];
    }
    if (ok) {
        rng r = rng_seeded(BENCH_SEED);
        for (size_t i = 0; i < count; i++) ids[FLOOD_RANDOM][i] = rng_next(&r);
        size_t capacity = hostile_table_capacity(count, count);
        hostile_fingerprints(NULL, capacity, count, ids[FLOOD_LEGACY]);
        cdiff_match_keys keys = cdiff_match_keys_from_seed(BENCH_SEED);
        hostile_fingerprints(&keys, capacity, count, ids[FLOOD_KEYED]);
        memcpy(ids[FLOOD_SORTED], ids[FLOOD_KEYED], count * sizeof(uint64_t));
        contexts[FLOOD_SORTED]->keep_keys = true;
        for (int k = 0; k < FLOOD_KINDS; k++)
            for (size_t i = 0; i < count; i++) reversed[k][i] = ids[k][count - 1 - i];
    }
    for (size_t run = 0; ok && run < runs + 2; run++) {
        for (int k = 0; k < FLOOD_KINDS && ok; k++) {
            cdiff_list o = {ids[k], NULL, count}, n = {reversed[k], NULL, count};
            cdiff_changes changes;
            cdiff_context_set_match_seed(contexts[k], BENCH_SEED);
            double start = now_ms();
            ok = cdiff_diff(contexts[k], &o, &n, &changes) == CDIFF_OK && changes.move_count == count - 1;
            if (run >= 2) samples[k * runs + run - 2] = now_ms() - start; /* two warm-ups */
            out->redraws[k] = contexts[k]->stats.redraws;
            out->sorted_levels[k] = contexts[k]->stats.sorted_levels;
        }
    }
    for (int k = 0; k < FLOOD_KINDS; k++) {
        if (ok) out->median[k] = median_of(samples + k * runs, runs);
        cdiff_context_free(contexts[k]);
        free(ids[k]);
        free(reversed[k]);
    }
    free(samples);
    return ok;
}

static void print_floods(const flood_result *f) {
    printf("\nflooding input, %d ids against their reversal (target: <= %.0fx random):\n", FLOOD_COUNT, FLOOD_TARGET);
    for (int k = 0; k < FLOOD_KINDS; k++) {
        double ratio = f->median[k] / f->median[FLOOD_RANDOM];
        const char *how = f->sorted_levels[k] ? "sorted" : f->redraws[k] ? "table, keys redrawn" : "table";
        printf("  %-20s %9.3f ms  %5.2fx  %-20s %s\n", flood_names[k], f->median[k], ratio, how,
               ratio <= FLOOD_TARGET ? "ok" : "OVER");
    }
}

static void print_table(const result *results, size_t count) {
    char where[400];
    machine(where, sizeof where);
    printf("CDiffCore %s benchmark (seed 0x%llx, %zu timed runs after 2 warm-ups; targets: time as listed, "
           "scratch <= %.0f B/element)\nmachine: %s\n\n",
           cdiff_version_string(), (unsigned long long)BENCH_SEED, count ? results[0].runs : 0, SCRATCH_TARGET, where);
    printf("%-16s %9s %9s | %9s %9s %9s %8s %8s | %8s %7s | %8s %5s %6s | %8s %10s %8s | %7s %7s %5s\n", "workload", "old",
           "new", "median ms", "min", "max", "2 thr", "target", "floor ms", "x floor", "cold ms", "x", "pages", "moves",
           "patch ms", "steps", "B/el d", "B/el", "");
    printf("%.*s\n", 185, "--------------------------------------------------------------------------------------------"
                          "------------------------------------------------------------");
    for (size_t k = 0; k < count; k++) {
        const result *r = &results[k];
        char target[16] = "-";
        if (r->target_ms > 0) snprintf(target, sizeof target, "<= %g", r->target_ms);
        printf("%-16s %9zu %9zu | %9.3f %9.3f %9.3f %8.3f %8s | %8.4f %7.1f | %8.3f %5.2f %6ld | %8zu %10.3f %8zu | %7.1f "
               "%7.1f %5s\n",
               r->name, r->old_count, r->new_count, r->median, r->min, r->max, r->median_two, target, r->floor,
               r->median / r->floor, r->cold, r->cold / r->median,
               r->cold_faults, r->moves,
               r->patch_median, r->steps,
               (double)r->scratch_diff / (double)r->elements, (double)r->scratch / (double)r->elements, r->ok ? "ok" : "OVER");
    }
    printf("\nold/new: elements (sectioned: rows; B/el counts sections too). moves: section + row moves.\n"
           "floor ms: both sides' identity fingerprints read once and a 32-bit word written per element (a plain\n"
           "loop over warm arrays, sampled before and after the diffs); x floor: median / floor.\n"
           "2 thr: the warm median with a two-thread runner (cdiff_context_set_runner; one pthread worker):\n"
           "passes of at least %zu elements match on two threads, smaller ones as before.\n"
           "cold ms: the first diff on a fresh context (scratch allocated and faulted in); x: cold / median\n"
           "(target <= %.1f, informative: it is mostly the kernel's page faults, see the README); pages: the\n"
           "4 KB pages that first diff wrote for the first time (minor page faults, getrusage).\n"
           "patch ms: median of cdiff_patch alone. B/el d: peak context memory after the diffs / (old + new);\n"
           "B/el: the same after the patch too (its steps are stored exactly, 24 B each, see CDiffCore.h).\n"
           "ok/OVER: median within target (if any) and B/el d <= %.0f.\n",
           parallel_min ? parallel_min : (size_t)CDIFF_PARALLEL_MIN_ELEMENTS, COLD_TARGET, SCRATCH_TARGET);
}

/* --phases: per workload, the timed diff's mean and its passes, in ms and x floor. */
static void print_phases(const result *results, size_t count) {
#ifdef CDIFF_PHASE_TIMES
    printf("\nphases: the mean of %zu more diffs per workload on the one-thread context, every pass timed;\n"
           "ms (x floor). Match passes add up over the levels a diff matches (sectioned: sections, then rows).\n",
           count ? results[0].runs : 0);
    for (size_t k = 0; k < count; k++) {
        const result *r = &results[k];
        double timed = 0;
        printf("%-16s diff %.3f (%.1f) =", r->name, r->phased_mean, r->phased_mean / r->floor);
        for (int p = 0; p < CDIFF_PHASE_COUNT; p++) {
            if (r->phase[p] < 0.0005) continue; /* shown in the rest */
            timed += r->phase[p];
            printf(" %s %.3f (%.1f) +", cdiff_phase_names[p], r->phase[p], r->phase[p] / r->floor);
        }
        printf(" rest %.3f\n", r->phased_mean - timed);
    }
#else
    (void)results, (void)count;
#endif
}

static void print_json(const result *results, size_t count, const flood_result *floods) {
    char where[400];
    machine(where, sizeof where);
    for (char *c = where; *c; c++)
        if (*c == '"' || *c == '\\') *c = '\'';
    printf("{\"library\":\"CDiffCore\",\"version\":\"%s\",\"machine\":\"%s\",\"seed\":%llu,\"runs\":%zu,"
           "\"scratch_target_bytes_per_element\":%g,\"workloads\":[",
           cdiff_version_string(), where, (unsigned long long)BENCH_SEED, count ? results[0].runs : 0, SCRATCH_TARGET);
    for (size_t k = 0; k < count; k++) {
        const result *r = &results[k];
        printf("%s{\"name\":\"%s\",\"description\":\"%s\",\"old\":%zu,\"new\":%zu,\"median_ms\":%.4f,\"min_ms\":%.4f,"
               "\"max_ms\":%.4f,\"two_thread_median_ms\":%.4f,\"floor_ms\":%.5f,\"over_floor\":%.2f,"
               "\"cold_ms\":%.4f,\"cold_page_faults\":%ld,",
               k ? "," : "", r->name, r->description, r->old_count, r->new_count, r->median, r->min, r->max, r->median_two,
               r->floor, r->median / r->floor, r->cold, r->cold_faults);
        if (r->target_ms > 0) printf("\"target_ms\":%g,", r->target_ms);
        else printf("\"target_ms\":null,");
        printf("\"moves\":%zu,\"patch_median_ms\":%.4f,\"patch_steps\":%zu,\"diff_scratch_bytes\":%zu,\"scratch_bytes\":%zu,"
               "\"bytes_per_element\":%.2f,\"within_targets\":%s}",
               r->moves, r->patch_median, r->steps, r->scratch_diff, r->scratch, (double)r->scratch / (double)r->elements,
               r->ok ? "true" : "false");
    }
    printf("]");
    if (floods) {
        printf(",\"flood_count\":%d,\"floods\":[", FLOOD_COUNT);
        for (int k = 0; k < FLOOD_KINDS; k++)
            printf("%s{\"name\":\"%s\",\"median_ms\":%.4f,\"keys_redrawn\":%s,\"sorted\":%s}", k ? "," : "", flood_names[k],
                   floods->median[k], floods->redraws[k] ? "true" : "false", floods->sorted_levels[k] ? "true" : "false");
        printf("]");
    }
    printf("}\n");
}

int main(int argc, char **argv) {
    int json = 0;
    size_t runs = 15;
    const char *only = NULL;
    for (int k = 1; k < argc; k++) {
        if (!strcmp(argv[k], "--json")) json = 1;
        else if (!strcmp(argv[k], "--runs") && k + 1 < argc) runs = (size_t)strtoul(argv[++k], NULL, 10);
        else if (!strcmp(argv[k], "--only") && k + 1 < argc) only = argv[++k];
        else if (!strcmp(argv[k], "--min") && k + 1 < argc) parallel_min = (size_t)strtoul(argv[++k], NULL, 10);
        else if (!strcmp(argv[k], "--phases")) phases = 1;
        else {
            fprintf(stderr, "usage: %s [--json] [--runs N (>= 10)] [--only NAME|flood] [--min N] [--phases]\n", argv[0]);
            return 2;
        }
    }
#ifndef CDIFF_PHASE_TIMES
    if (phases) {
        fprintf(stderr, "bench: --phases needs the phase timers: make -C CDiffCore bench-phases\n");
        return 2;
    }
#endif
    if (runs < 10) runs = 10;
    result results[WORKLOAD_COUNT];
    size_t count = 0;
    worker *runner = worker_start(); /* NULL: the 2 thr column reads 0 */
    for (int kind = 0; kind < WORKLOAD_COUNT; kind++) {
        workload w;
        workload_make(&w, (workload_kind)kind, BENCH_SEED);
        if (only && strcmp(only, w.name)) {
            workload_free(&w);
            continue;
        }
        int measured = measure(&w, runs, runner, &results[count]);
        workload_free(&w);
        if (!measured) {
            fprintf(stderr, "bench: %s failed\n", results[count].name);
            return 1;
        }
        if (!json) fprintf(stderr, "  measured %s\n", results[count].name);
        count++;
    }
    worker_stop(runner);
    flood_result floods;
    int flooded = !only || !strcmp(only, "flood");
    if (flooded && !measure_floods(runs, &floods)) {
        fprintf(stderr, "bench: flood failed\n");
        return 1;
    }
    if (json) print_json(results, count, flooded ? &floods : NULL);
    else {
        print_table(results, count);
        if (phases) print_phases(results, count);
        if (flooded) print_floods(&floods);
    }
    return 0;
}
